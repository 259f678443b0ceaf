/**
 * Free-API throughput against the production build, next to two floors measured in the same
 * run: a bare node:http server and — the honest floor for a route — a bare Next.js app (same
 * `next`, production build) whose one route handler returns constant JSON. The figure is each
 * route's ratio to the Next.js floor (req/s, and p99 against the floor's p99). The floor answers
 * 14 bytes; the same floor answering as many bytes as the route is measured too (a static route,
 * or a dynamic one for a route with a path parameter), so the table separates what the service
 * adds from what the framework charges for a body that size. The machine is shared and can be
 * noisy (±20% between 3 s slices on a busy day), so each target slice sits between two floor
 * slices and is compared with their mean, over several rounds; each ratio is the median of those
 * paired ratios, reported with its range. Each slice also reads the server's
 * CPU time (its process group, from /proc): the server CPU per request against the floor's is
 * the ratio req/s follows while the server's JavaScript thread is the bottleneck, without the
 * load generator's and the neighbours' share of the two cores deciding it. A few routes are
 * measured again with `Accept-Encoding: gzip, deflate, br`, as browsers and most clients ask, and
 * a few with `Cache-Control: no-cache`, which the server's replay of recent answers leaves to the
 * route: the cost of an answer made inside Next.js.
 *
 *   npm run build && npm run bench:api [-- --seconds 3 --rounds 5 --connections 50 --only 'vocabulary|^GET /$']
 *
 * With DATABASE_URL set the app reads PostgreSQL, else PGlite in a throwaway folder (the
 * bundled snapshot). The floor app is built once into the temp folder and reused; Turbopack
 * refuses a symlinked node_modules, so it gets a hard-linked copy. The rate limit is off
 * (RATE_LIMIT_PER_MINUTE=0) and the payment terms come from a stand-in facilitator URL, so the
 * documents render without a local chain. Loopback only.
 */
import { type ChildProcess } from "node:child_process";
import { createServer } from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { freePort } from "../dev/support/free-port";
import { groupCpuMs } from "../dev/support/process-group";
import { buildNextFloorApp, FLOOR_PATH, sizedFloorPath, startNext, waitFor } from "./support/next-floor";
import { median } from "./support/stats";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "3" },
    rounds: { type: "string", default: "5" },
    connections: { type: "string", default: "50" },
    only: { type: "string" },
  },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const rounds = Number(values.rounds);
const root = process.cwd();

/** The last field marks a route with a path parameter, compared with the dynamic same-size floor. */
const ROUTES: [name: string, path: string, dynamic?: boolean][] = [
  ["GET /v1/disclosures/recent", "/v1/disclosures/recent"],
  ["GET /v1/companies?q=samsung elec", "/v1/companies?q=samsung%20elec"],
  ["GET /v1/companies?q=삼성전", `/v1/companies?q=${encodeURIComponent("삼성전")}`],
  ["GET /v1/companies/005930", "/v1/companies/005930", true],
  ["GET /v1/vocabulary", "/v1/vocabulary"],
  ["GET /v1/pricing", "/v1/pricing"],
  ["GET /v1/disclosures/sample", "/v1/disclosures/sample"],
  ["GET /openapi.json", "/openapi.json"],
  ["GET /llms.txt", "/llms.txt"],
  ["GET /.well-known/x402", "/.well-known/x402"],
  ["GET /.well-known/agent.json", "/.well-known/agent.json"],
  ["GET /", "/"],
];

/**
 * Routes measured again as a client asking for a fresh answer (`Cache-Control: no-cache`): the
 * self-hosted server replays a free answer given a moment ago without Next.js
 * (lib/api/replay.ts), and these rows measure the route itself, inside the framework.
 */
const THROUGH_NEXT_ROWS = ["/v1/disclosures/recent", "/v1/companies/005930", "/v1/vocabulary"];

/** Routes measured a second time as a client that accepts compression asks for them. */
const COMPRESSED_ROWS = ["/v1/disclosures/recent", "/v1/companies?q=samsung%20elec", "/v1/vocabulary", "/openapi.json", "/"];

interface Row {
  target: string;
  "req/s": number;
  /** Server CPU (all its threads, user + system) per answered request, µs; NaN for the in-process node:http. */
  cpuUs: number;
  "p50 ms": number;
  "p99 ms": number;
  errors: number;
}

/** One slice; `server` is the process group answering `url`, whose CPU time is read around it. */
async function run(target: string, url: string, server: number | undefined, headers?: Record<string, string>): Promise<Row> {
  const cpuBefore = server ? groupCpuMs(server) : NaN;
  const result = await autocannon({ url, connections, duration: seconds, headers });
  return {
    target,
    "req/s": Math.round(result.requests.average),
    cpuUs: server ? ((groupCpuMs(server) - cpuBefore) * 1000) / result.requests.total : NaN,
    "p50 ms": result.latency.p50,
    "p99 ms": result.latency.p99,
    // A revalidation's 304 is its expected answer, not an error.
    errors: result.errors + result.timeouts + (headers?.["If-None-Match"] ? 0 : result.non2xx),
  };
}


async function main() {
  const body = JSON.stringify({ filings: [] });
  const bare = createServer((_req, res) => {
    res.writeHead(200, { "Content-Type": "application/json; charset=utf-8" });
    res.end(body);
  });
  const barePort = await freePort();
  await new Promise<void>((resolve) => bare.listen(barePort, "127.0.0.1", resolve));

  const floorDir = buildNextFloorApp();
  const floorPort = await freePort();
  const appPort = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-api-"));
  const children: ChildProcess[] = [];
  const floorUrl = `http://127.0.0.1:${floorPort}${FLOOR_PATH}`;
  const base = `http://127.0.0.1:${appPort}`;
  try {
    const floor = startNext(floorDir, floorPort, { PATH: process.env.PATH, NODE_ENV: "production" });
    children.push(floor);
    const appEnv: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(appPort),
      PUBLIC_BASE_URL: base,
      RATE_LIMIT_PER_MINUTE: "0",
      LOG_LEVEL: "warn",
      FACILITATOR_URL: process.env.FACILITATOR_URL ?? "http://127.0.0.1:9/facilitator",
      X402_PAY_TO: process.env.X402_PAY_TO ?? "0x209693Bc6afc0C5328bA36FaF03C514EF312287C",
    };
    delete appEnv.DART_API_KEY;
    const app = startNext(root, appPort, appEnv);
    children.push(app);
    await waitFor(floorUrl);
    await waitFor(`${base}/v1/companies/005930`);

    const routes = ROUTES.filter(([name]) => !values.only || new RegExp(values.only).test(name));
    for (const [, p] of routes) {
      const res = await fetch(base + p);
      if (!res.ok) throw new Error(`${p} answered ${res.status}: ${await res.text()}`);
    }
    // Warm both servers' JIT before the figures.
    await autocannon({ url: floorUrl, connections, duration: 2 });
    for (const [, p] of routes) await autocannon({ url: base + p, connections, duration: 1 });

    const etag = (await fetch(`${base}/v1/disclosures/recent`)).headers.get("etag");
    interface Target {
      name: string;
      url: string;
      /** The process group answering it (none: the in-process node:http). */
      server?: number;
      dynamic?: boolean;
      headers?: Record<string, string>;
    }
    const targets: Target[] = [
      { name: "node:http constant JSON", url: `http://127.0.0.1:${barePort}/` },
      { name: "Next.js floor (again)", url: floorUrl, server: floor.pid },
      ...routes.map(([name, p, dynamic]) => ({ name, url: base + p, server: app.pid, dynamic })),
    ];
    if (etag) {
      targets.push({ name: "GET /v1/disclosures/recent, If-None-Match → 304", url: `${base}/v1/disclosures/recent`, server: app.pid, headers: { "If-None-Match": etag } });
    }
    // What browsers and most HTTP clients send: the service answers from stored compressed forms
    // (API answers and cached pages), the same-size floor compresses per request (Next.js's own).
    for (const [name, p] of routes.filter(([, p]) => COMPRESSED_ROWS.includes(p))) {
      targets.push({ name: `${name}, Accept-Encoding: gzip, deflate, br`, url: base + p, server: app.pid, headers: { "Accept-Encoding": "gzip, deflate, br" } });
    }

    for (const [name, p, dynamic] of routes.filter(([, p]) => THROUGH_NEXT_ROWS.includes(p))) {
      targets.push({ name: `${name}, through Next.js (no-cache)`, url: base + p, server: app.pid, dynamic, headers: { "Cache-Control": "no-cache" } });
    }

    const table = [];
    for (const { name, url, server, dynamic, headers } of targets) {
      const bytes = (await (await fetch(url, { headers })).arrayBuffer()).byteLength;
      const sizedFloorUrl = `http://127.0.0.1:${floorPort}${sizedFloorPath(Math.max(bytes, 23), { dynamic })}`;
      // F S T F S T … F: each target slice is compared with the floor measured just before and
      // just after it, so the machine's drift over a round cancels out instead of deciding it.
      const floors: Row[] = [await run("floor", floorUrl, floor.pid)];
      const paired: { floor: number; floorCpuUs: number; floorP99: number; sized: Row; row: Row }[] = [];
      for (let i = 0; i < rounds; i++) {
        const sized = await run("sized floor", sizedFloorUrl, floor.pid, headers);
        const row = await run(name, url, server, headers);
        floors.push(await run("floor", floorUrl, floor.pid));
        const [before, after] = floors.slice(-2);
        paired.push({
          floor: (before["req/s"] + after["req/s"]) / 2,
          floorCpuUs: (before.cpuUs + after.cpuUs) / 2,
          floorP99: Math.max((before["p99 ms"] + after["p99 ms"]) / 2, 1),
          sized,
          row,
        });
      }
      const ratios = paired.map((r) => r.row["req/s"] / r.floor);
      const medianOf = (of: (r: (typeof paired)[number]) => number) => median(paired.map(of));
      const rps = median(ratios);
      table.push({
        target: name,
        bytes,
        "req/s": medianOf((r) => r.row["req/s"]),
        "floor req/s": Math.round(medianOf((r) => r.floor)),
        "× floor": rps.toFixed(2),
        "range": `${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}`,
        "× same-size floor": medianOf((r) => r.row["req/s"] / r.sized["req/s"]).toFixed(2),
        // The same comparison in server CPU per request: what throughput follows while the server's
        // one JavaScript thread is the bottleneck, and far steadier than req/s on a shared machine.
        "server µs/req": Math.round(medianOf((r) => r.row.cpuUs)),
        "× floor by CPU": medianOf((r) => r.floorCpuUs / r.row.cpuUs).toFixed(2),
        "p99 ms": medianOf((r) => r.row["p99 ms"]),
        "p99 ÷ floor p99": medianOf((r) => r.row["p99 ms"] / r.floorP99).toFixed(2),
        "p99 ÷ same-size p99": medianOf((r) => r.row["p99 ms"] / Math.max(r.sized["p99 ms"], 1)).toFixed(2),
        errors: paired.reduce((n, r) => n + r.row.errors, 0),
      });
      console.error(`[bench] ${name}: ${rps.toFixed(2)} × floor (${table.at(-1)!.range})`);
    }
    console.log(
      `\n${connections} connections, ${seconds} s per measurement, ${rounds} paired rounds, ${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"}, ${new Date().toISOString()}`,
    );
    console.table(table);
  } finally {
    for (const child of children) if (child.pid) process.kill(-child.pid, "SIGTERM");
    bare.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
