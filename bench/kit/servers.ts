/**
 * The servers a benchmark measures, each a production build on a free loopback port in its own
 * process group, started by the one starter of tests and benchmarks (dev/support/server-process.ts):
 *
 * - the service (`startService`): this repository's build as `npm start` serves it (the
 *   self-hosted server, lib/server), with a throwaway data folder and the bundled snapshot, the
 *   rate limit off and a stand-in facilitator (the documents render without a local chain); the
 *   paid path uses `dev/support/pay-stack.ts` instead;
 * - the framework's floor (`startFloor`): a bare Next.js app built with the same `next` and run by
 *   `next start`, whose route handlers return constant JSON — the honest baseline for a route on
 *   this machine.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startServerProcess } from "../../dev/support/server-process";

const ROOT = path.resolve(import.meta.dirname, "../..");
const nextBin = (appDir: string) => path.join(appDir, "node_modules/next/dist/bin/next");

export interface RunningServer {
  /** http://127.0.0.1:PORT */
  base: string;
  /** The server's process group (for its CPU time). */
  pid: number;
  stop(): Promise<void>;
}

/** The service's production build (`npm run build` first); see the file's comment for its set-up, which `env` adds to or overrides. */
export async function startService({ env = {} }: { env?: Record<string, string> } = {}): Promise<RunningServer> {
  const server = await startServerProcess({
    quiet: true,
    timeoutMs: 120_000,
    env: {
      // One client at 50 connections is what the limit exists to stop; measured apart (bench:api).
      RATE_LIMIT_PER_MINUTE: "0",
      LOG_LEVEL: "warn",
      FACILITATOR_URL: process.env.FACILITATOR_URL ?? "http://127.0.0.1:9/facilitator",
      X402_PAY_TO: process.env.X402_PAY_TO ?? "0x209693Bc6afc0C5328bA36FaF03C514EF312287C",
      ...env,
    },
  });
  return { base: server.base, pid: server.pid, stop: () => server.stop() };
}

export interface FloorServer extends RunningServer {
  /** The floor route: 14 bytes of constant JSON per request. */
  url: string;
  /**
   * The same floor answering `bytes` bytes: what the framework charges for a body that size. A
   * route with a path parameter is compared with a dynamic one (`/floor/{bytes}`): Next.js's
   * dynamic-route matching costs about a fifth of the floor on its own.
   */
  sizedUrl(bytes: number, options?: { dynamic?: boolean }): string;
}

/** Which routes the floor app has; a change here builds it again. */
const FLOOR_APP_LAYOUT = 3;

/** The floor app (built once per Next.js version into the temp folder, then reused), started. */
export async function startFloor(): Promise<FloorServer> {
  const dir = floorApp();
  const started = await startServerProcess({
    quiet: true,
    timeoutMs: 120_000,
    env: { NODE_ENV: "production" },
    command: (port) => ({
      file: process.execPath,
      args: [nextBin(dir), "start", "-p", String(port), "-H", "127.0.0.1"],
      cwd: dir,
    }),
    readyPath: "/floor",
  });
  const server = { base: started.base, pid: started.pid, stop: () => started.stop() };
  return {
    ...server,
    url: `${server.base}/floor`,
    sizedUrl: (bytes, { dynamic = false } = {}) =>
      `${server.base}${dynamic ? `/floor/${bytes}` : `/floor/sized?bytes=${bytes}`}`,
  };
}

/**
 * The bare app's folder: `GET /floor` answers constant JSON, `GET /floor/sized?bytes=N` and
 * `GET /floor/{N}` a constant document of N bytes. Its node_modules is hard-linked: Turbopack
 * refuses a symlink.
 */
function floorApp(): string {
  const { version } = JSON.parse(readFileSync(path.join(ROOT, "node_modules/next/package.json"), "utf8")) as {
    version: string;
  };
  const dir = path.join(tmpdir(), `bench-next-floor-${version}-${FLOOR_APP_LAYOUT}`);
  if (existsSync(path.join(dir, ".next", "BUILD_ID"))) return dir;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.join(dir, "app", "floor", "[bytes]"), { recursive: true });
  mkdirSync(path.join(dir, "app", "floor", "sized"), { recursive: true });
  writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "next-floor", private: true, type: "module" }));
  const json = 'const headers = { "Content-Type": "application/json; charset=utf-8" };';
  writeFileSync(
    path.join(dir, "app", "floor", "route.js"),
    [
      'export const dynamic = "force-dynamic";',
      json,
      "const body = JSON.stringify({ filings: [] });",
      "export function GET() { return new Response(body, { headers }); }",
      "",
    ].join("\n"),
  );
  const sized = (bytesFrom: string) =>
    [
      'export const dynamic = "force-dynamic";',
      json,
      "const bodies = new Map();",
      "export async function GET(request, { params }) {",
      `  const bytes = Number(${bytesFrom});`,
      "  let body = bodies.get(bytes);",
      '  if (!body) bodies.set(bytes, (body = JSON.stringify({ filings: [], pad: "x".repeat(Math.max(0, bytes - 23)) })));',
      "  return new Response(body, { headers });",
      "}",
      "",
    ].join("\n");
  writeFileSync(path.join(dir, "app", "floor", "[bytes]", "route.js"), sized("(await params).bytes"));
  writeFileSync(
    path.join(dir, "app", "floor", "sized", "route.js"),
    sized('new URL(request.url).searchParams.get("bytes")'),
  );
  console.error(`[bench] building the bare Next.js ${version} app in ${dir} (once)`);
  execFileSync("cp", ["-al", path.join(ROOT, "node_modules"), path.join(dir, "node_modules")]);
  execFileSync(process.execPath, [nextBin(dir), "build"], {
    cwd: dir,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  return dir;
}
