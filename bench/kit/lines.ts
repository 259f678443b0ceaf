/**
 * Product lines: non-blank lines of the code the service is made of at a git revision, without
 * tests, data tables (JSON, SQL, the seed, the classifier's vocabularies written as TypeScript)
 * or development tooling (scripts, benchmarks, `dev/`, the local chain's contract), which are
 * counted beside it. Files count where they live: tooling inside `lib/` counts as product until it
 * moves out. Documentation is not counted.
 *
 *   npx tsx bench/kit/lines.ts [revision]     (default: the working tree's tracked files)
 */
import { execFileSync } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";

const ROOT = path.resolve(import.meta.dirname, "../..");
const CODE = /\.(ts|tsx|js|mjs|cjs|css|sol)$/;
/** TypeScript files that are tables of data (vocabularies, form lists), not logic. */
const DATA_TABLES = new Set([
  "lib/classify/event-types.ts",
  "lib/classify/forms.ts",
  "lib/classify/industry-sectors.ts",
]);
const TOOLING = /^(scripts|bench|dev|chain)\//;
const TESTS = /^(tests|e2e)\/|\.(test|spec)\.tsx?$|^(playwright|vitest)[\w.]*\.config\.ts$/;

export type LineArea = "product" | "tooling" | "tests" | "data tables";

export interface LineCount {
  revision: string;
  /** Non-blank lines per area, and the product's per top-level folder. */
  areas: Record<LineArea, number>;
  productByFolder: Record<string, number>;
}

export function areaOf(file: string): LineArea | undefined {
  if (!CODE.test(file) || file.startsWith("db/migrations/")) return undefined;
  if (TESTS.test(file)) return "tests";
  if (DATA_TABLES.has(file)) return "data tables";
  if (TOOLING.test(file)) return "tooling";
  return "product";
}

/** Counts at `revision` (a commit, branch or tag), or in the working tree's tracked files. */
export function countLines(revision?: string): LineCount {
  // One `path:count` (or `revision:path:count`) line per file with a non-blank line; binary files skipped.
  const out = execFileSync(
    "git",
    ["grep", "-I", "-c", "-e", "[^[:space:]]", ...(revision ? [revision] : []), "--", "."],
    {
      cwd: ROOT,
      encoding: "utf8",
      maxBuffer: 64 << 20,
    },
  );
  const areas: Record<LineArea, number> = { product: 0, tooling: 0, tests: 0, "data tables": 0 };
  const productByFolder: Record<string, number> = {};
  for (const line of out.split("\n").filter(Boolean)) {
    const rest = revision ? line.slice(revision.length + 1) : line;
    const colon = rest.lastIndexOf(":");
    const file = rest.slice(0, colon);
    const lines = Number(rest.slice(colon + 1));
    const area = areaOf(file);
    if (!area) continue;
    areas[area] += lines;
    if (area === "product") {
      const folder = file.includes("/") ? file.slice(0, file.indexOf("/")) : "(root)";
      productByFolder[folder] = (productByFolder[folder] ?? 0) + lines;
    }
  }
  return { revision: revision ?? "working tree", areas, productByFolder };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { revision, areas, productByFolder } = countLines(process.argv[2]);
  console.log(`Non-blank lines of code at ${revision}:`);
  console.table(areas);
  console.log("Product by folder:");
  console.table(productByFolder);
}
