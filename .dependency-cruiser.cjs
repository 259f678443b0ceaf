// The import rules `npm run check:imports` enforces (dependency-cruiser, resolving as TypeScript
// does, with tsconfig.json's paths). Every import counts, type-only and dynamic ones included:
// a cycle through types alone still ties two modules together. That the production path never
// reaches dev/, and that no two folders import each other (a tie of one-way file imports, which
// no file cycle shows), is tests/architecture/import-graph.test.ts, which walks the same graph.
/** @type {import("dependency-cruiser").IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-cycles",
      comment: "Modules import one another in one direction only.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "data-layer-points-one-way",
      comment:
        "db/ is the data layer: it imports nothing from the code that uses it (lib/database.ts wires it to the environment and the seed).",
      severity: "error",
      from: { path: "^db/" },
      to: { path: "^(lib|dev|app|components|scripts)/" },
    },
  ],
  options: {
    exclude: { path: "^(node_modules|\\.next|\\.data|test-results|playwright-report|dev/chain/(cache|artifacts))/" },
    doNotFollow: { path: "node_modules" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      mainFields: ["module", "main", "types", "typings"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
