/**
 * The import graph of the whole tree, as dependency-cruiser resolves it (TypeScript's
 * resolution with tsconfig.json's paths, type-only, dynamic and JSON imports included, the
 * options of `npm run check:imports`, .dependency-cruiser.cjs):
 *
 * - the production path never imports development tooling: walking it from what `next build`
 *   and the self-hosted server load (every module under app/, proxy.ts, instrumentation.ts,
 *   next.config.ts, server.ts) reaches nothing under dev/;
 * - folders point one way: no two of them (a top-level folder, a folder or a file directly
 *   under lib/) import each other, so each capability can be read, tested and moved without
 *   the one it is used by. File cycles alone would miss a tie made of one-way file imports.
 */
import { createRequire } from "node:module";
import { cruise, type ICruiseResult, type IConfiguration } from "dependency-cruiser";
import extractTSConfig from "dependency-cruiser/config-utl/extract-ts-config";
import { beforeAll, describe, expect, it } from "vitest";

const PRODUCTION_ENTRIES = ["app", "proxy.ts", "instrumentation.ts", "next.config.ts", "server.ts"];
/** Starts the local chain for `npm start`: it must reach dev/, or the walk proves nothing. */
const TOOLING_ENTRY = "scripts/start.ts";
/** What the tie check reads: everything check:imports does. */
const WHOLE_TREE = ".";

const { options } = createRequire(import.meta.url)("../../.dependency-cruiser.cjs") as IConfiguration;

/** Each module reached from `entries`, with the module that first imported it (undefined for an entry). */
function walk(graph: ICruiseResult, isEntry: (source: string) => boolean): Map<string, string | undefined> {
  const imports = new Map(graph.modules.map((m) => [m.source, m.dependencies.map((d) => d.resolved)]));
  const reached = new Map<string, string | undefined>();
  const queue = graph.modules.map((m) => m.source).filter(isEntry);
  for (const entry of queue) reached.set(entry, undefined);
  for (let i = 0; i < queue.length; i++) {
    for (const next of imports.get(queue[i]) ?? []) {
      if (reached.has(next)) continue;
      reached.set(next, queue[i]);
      queue.push(next);
    }
  }
  return reached;
}

/** How `module` was reached: the chain of imports from an entry. */
function importChain(reached: Map<string, string | undefined>, module: string): string {
  const chain = [module];
  for (let from = reached.get(module); from; from = reached.get(from)) chain.unshift(from);
  return chain.join(" → ");
}

/** The folder (or lib/ file) a module belongs to: lib/ingest/poll.ts → lib/ingest/, lib/clock.ts → itself, app/… → app/. */
function unitOf(source: string): string {
  const parts = source.split("/");
  if (parts.length === 1 || (parts[0] === "lib" && parts.length === 2)) return source;
  return parts[0] === "lib" ? `lib/${parts[1]}/` : `${parts[0]}/`;
}

/** Each pair of units importing each other, with one import each way. */
function twoWayTies(graph: ICruiseResult): string[] {
  const example = new Map<string, string>();
  for (const m of graph.modules) {
    for (const d of m.dependencies) {
      if (d.coreModule || d.couldNotResolve || d.resolved.startsWith("node_modules/")) continue;
      const [from, to] = [unitOf(m.source), unitOf(d.resolved)];
      if (from !== to && !example.has(`${from} → ${to}`)) example.set(`${from} → ${to}`, `${m.source} → ${d.resolved}`);
    }
  }
  return [...example.keys()]
    .map((edge) => edge.split(" → "))
    .filter(([from, to]) => from < to && example.has(`${to} → ${from}`))
    .map(([from, to]) => `${from} ⇄ ${to}: ${example.get(`${from} → ${to}`)}; ${example.get(`${to} → ${from}`)}`);
}

describe("the import graph", () => {
  let graph: ICruiseResult;
  let production: Map<string, string | undefined>;

  beforeAll(async () => {
    const result = await cruise([WHOLE_TREE], options, undefined, {
      tsConfig: extractTSConfig("tsconfig.json"),
    });
    graph = result.output as ICruiseResult;
    production = walk(graph, (source) =>
      PRODUCTION_ENTRIES.some((entry) => source === entry || source.startsWith(`${entry}/`)),
    );
  }, 180_000);

  it("resolves every import of the project's own modules", () => {
    const unresolved = graph.modules.flatMap((m) =>
      m.dependencies
        .filter((d) => d.couldNotResolve && /^(\.|@\/)/.test(d.module))
        .map((d) => `${m.source} → ${d.module}`),
    );
    expect(unresolved).toEqual([]);
  });

  it("follows static, dynamic and type-only imports through lib/ and db/", () => {
    expect(production.has("lib/payments/local-chain-settings.ts")).toBe(true);
    expect(production.has("lib/database.ts")).toBe(true);
    expect(production.has("db/index.ts")).toBe(true);
    expect(production.has("lib/rate-limit/redis.ts")).toBe(true); // only ever imported dynamically
  });

  it("never reaches dev/", () => {
    const dev = [...production.keys()].filter((source) => source.startsWith("dev/"));
    expect(dev.map((module) => importChain(production, module))).toEqual([]);
  });

  it("while the tooling that starts the server does (so the walk would see it)", () => {
    const tooling = walk(graph, (source) => source === TOOLING_ENTRY);
    expect(tooling.has("dev/chain/local-chain.ts")).toBe(true);
  });

  it("has no two folders importing each other", () => {
    expect(twoWayTies(graph)).toEqual([]);
  });

  it("counts a tie made through a JSON data file or between lib/X.ts and lib/X/ (so the check would see one)", () => {
    const importing = (source: string, ...imports: string[]) => ({
      source,
      dependencies: imports.map((resolved) => ({ resolved, coreModule: false, couldNotResolve: false })),
    });
    const tied = {
      modules: [
        importing("lib/clock.ts", "lib/ingest/seed/manifest.json"),
        importing("lib/ingest/seed/index.ts", "lib/clock.ts", "lib/ingest/store.ts"),
        importing("lib/payments.ts", "lib/payments/config.ts"),
        importing("lib/payments/config.ts", "lib/payments.ts", "node_modules/zod/index.js"),
      ],
    } as unknown as ICruiseResult;
    expect(twoWayTies(tied)).toEqual([
      "lib/clock.ts ⇄ lib/ingest/: lib/clock.ts → lib/ingest/seed/manifest.json; lib/ingest/seed/index.ts → lib/clock.ts",
      "lib/payments.ts ⇄ lib/payments/: lib/payments.ts → lib/payments/config.ts; lib/payments/config.ts → lib/payments.ts",
    ]);
  });
});
