/**
 * The production path never imports development tooling: walking the import graph from what
 * `next build` and the self-hosted server load (every module under app/, proxy.ts, instrumentation.ts,
 * next.config.ts, server.ts) reaches nothing under dev/. The graph is dependency-cruiser's, resolved as
 * TypeScript resolves (tsconfig.json's paths), with type-only and dynamic imports included and
 * the same options as `npm run check:imports` (.dependency-cruiser.cjs).
 */
import { createRequire } from "node:module";
import { cruise, type ICruiseResult, type IConfiguration } from "dependency-cruiser";
import extractTSConfig from "dependency-cruiser/config-utl/extract-ts-config";
import { beforeAll, describe, expect, it } from "vitest";

const PRODUCTION_ENTRIES = ["app", "proxy.ts", "instrumentation.ts", "next.config.ts", "server.ts"];
/** Starts the local chain for `npm start`: it must reach dev/, or the walk proves nothing. */
const TOOLING_ENTRY = "scripts/start.ts";

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

describe("the production import graph", () => {
  let graph: ICruiseResult;
  let production: Map<string, string | undefined>;

  beforeAll(async () => {
    const result = await cruise([...PRODUCTION_ENTRIES, TOOLING_ENTRY], options, undefined, {
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
});
