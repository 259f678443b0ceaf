/**
 * The framework's floor for the benchmarks: a bare Next.js app (the project's own `next`,
 * production build) whose one route handler returns constant JSON, plus the small process
 * helpers the benchmark scripts share. The app is built once per Next.js version into the temp
 * folder and reused; its node_modules is hard-linked, because Turbopack refuses a symlink.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");
const nextBin = (appDir: string) => path.join(appDir, "node_modules/next/dist/bin/next");

/** The floor route's path in the app `buildNextFloorApp` returns. */
export const FLOOR_PATH = "/floor";

/**
 * The same floor answering `bytes` bytes of constant JSON: the framework's cost for a body that
 * size. A static path reads the size from the query; a route of the service with a path parameter
 * is compared with a dynamic one (`/floor/{bytes}`), since Next.js's dynamic-route matching and
 * params cost about a fifth of the floor on their own.
 */
export const sizedFloorPath = (bytes: number, { dynamic = false } = {}) =>
  dynamic ? `${FLOOR_PATH}/${bytes}` : `${FLOOR_PATH}/sized?bytes=${bytes}`;

/** Which routes the floor app has; a change here builds it again. */
const FLOOR_APP_LAYOUT = 3;

/**
 * Builds (once) and returns the folder of the bare Next.js app: `GET /floor` answers constant
 * JSON per request, `GET /floor/sized?bytes=N` and `GET /floor/{N}` a constant JSON document of N
 * bytes.
 */
export function buildNextFloorApp(): string {
  const { version } = JSON.parse(readFileSync(path.join(ROOT, "node_modules/next/package.json"), "utf8")) as { version: string };
  const dir = path.join(tmpdir(), `bench-next-floor-${version}-${FLOOR_APP_LAYOUT}`);
  if (existsSync(path.join(dir, ".next", "BUILD_ID"))) return dir;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.join(dir, "app", "floor", "[bytes]"), { recursive: true });
  mkdirSync(path.join(dir, "app", "floor", "sized"), { recursive: true });
  writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "next-floor", private: true, type: "module" }));
  const json = 'const headers = { "Content-Type": "application/json; charset=utf-8" };';
  writeFileSync(
    path.join(dir, "app", "floor", "route.js"),
    ['export const dynamic = "force-dynamic";', json, "const body = JSON.stringify({ filings: [] });", "export function GET() { return new Response(body, { headers }); }", ""].join("\n"),
  );
  const sized = (bytesFrom: string) =>
    [
      'export const dynamic = "force-dynamic";',
      json,
      "const bodies = new Map();",
      "export async function GET(request, { params }) {",
      `  const bytes = Number(${bytesFrom});`,
      '  let body = bodies.get(bytes);',
      '  if (!body) bodies.set(bytes, (body = JSON.stringify({ filings: [], pad: "x".repeat(Math.max(0, bytes - 23)) })));',
      "  return new Response(body, { headers });",
      "}",
      "",
    ].join("\n");
  writeFileSync(path.join(dir, "app", "floor", "[bytes]", "route.js"), sized("(await params).bytes"));
  writeFileSync(path.join(dir, "app", "floor", "sized", "route.js"), sized('new URL(request.url).searchParams.get("bytes")'));
  console.error(`[bench] building the bare Next.js ${version} app in ${dir} (once)`);
  execFileSync("cp", ["-al", path.join(ROOT, "node_modules"), path.join(dir, "node_modules")]);
  execFileSync(process.execPath, [nextBin(dir), "build"], {
    cwd: dir,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  return dir;
}

/** `next start` of the app in `cwd` on loopback, in its own process group (kill with `-pid`). */
export function startNext(cwd: string, port: number, env: NodeJS.ProcessEnv = process.env): ChildProcess {
  return spawn(process.execPath, [nextBin(cwd), "start", "-p", String(port), "-H", "127.0.0.1"], {
    cwd,
    env: { ...env, NEXT_TELEMETRY_DISABLED: "1", NODE_ENV: "production" },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
}

/** Resolves once `url` answers 2xx; throws after `timeoutMs`. */
export async function waitFor(url: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not come up`);
}
