/**
 * The free API, on the production build (`npm run build` first):
 *
 * - `routes`: each free route's throughput at 50 connections against the framework's floor — a
 *   bare Next.js route handler returning constant JSON, built with the same `next` and measured in
 *   the same run — and bare `node:http` for scale. Each target slice sits between two floor slices
 *   and is compared with their mean (F T F T … F, over several rounds: the machine's drift
 *   cancels out); each ratio is the median of the paired ratios, with their range. Each slice
 *   also reads the server's CPU per request, the steadier figure on a shared machine, and the
 *   same floor answering as many bytes as the route (a dynamic route for the company lookup) is
 *   measured too, separating what the framework charges for a body that size from what the
 *   service adds. A few routes are measured again as browsers ask (`Accept-Encoding`), and one as
 *   a revalidation (`If-None-Match` → 304). The goals are checked in the `goal` column.
 * - `mcp`: the free MCP tool `list_recent_filings` next to `GET /v1/disclosures/recent`, from
 *   concurrent sessions and clients, rounds alternating (goal: MCP within 1.5× of HTTP at p99).
 * - `rate-limit`: what the anti-abuse limit adds per request, per store (memory, PGlite,
 *   Debian's redis-server), and what a request waits while Redis hangs or is stopped.
 *
 *   npm run build && npm run bench:api [-- --quick] [--sections routes,mcp,rate-limit]
 *     [--seconds 3 --rounds 5 --connections 50 --only 'vocabulary|explorer feed'] [--sessions 20 --calls 50] [--takes 2000]
 *
 * With DATABASE_URL set the service reads PostgreSQL, else PGlite in a throwaway folder (the
 * bundled snapshot). Loopback only.
 */
import { createServer } from "node:http";
import { connectPayingMcpClient, type PayingMcpClient } from "@/dev/pay";
import { openDatabase } from "@/db/client";
import { createRateLimit, databaseStore, memoryStore, type LimitStore, type RateLimit } from "@/lib/rate-limit";
import { redisStore } from "@/lib/rate-limit/redis";
import { freePort } from "../dev/support/free-port";
import { redisServerInstalled, startTestRedis } from "../dev/support/redis-server";
import {
  benchOptions,
  chosenSections,
  load,
  latencyRow,
  median,
  percentile,
  runBench,
  runLabel,
  startFloor,
  startService,
  timed,
  type FloorServer,
  type LoadResult,
  type RunningServer,
} from "./kit";

const SECTIONS = ["routes", "mcp", "rate-limit"] as const;
const { quick, sizes, texts } = benchOptions(
  { seconds: [3, 2], rounds: [5, 1], connections: [50, 50], sessions: [20, 5], calls: [50, 8], takes: [2000, 200] },
  ["only", "sections"],
);
const sections = chosenSections(SECTIONS, texts.sections);

/** Route, path, and the goal for its ratio to the floor (none: not one of its rows). */
const ROUTES: { name: string; path: string; goal?: number; dynamic?: boolean }[] = [
  { name: "GET /v1/disclosures/recent", path: "/v1/disclosures/recent", goal: 0.75 },
  { name: "GET /v1/companies?q=samsung elec", path: "/v1/companies?q=samsung%20elec", goal: 0.75 },
  { name: "GET /v1/companies?q=삼성전", path: `/v1/companies?q=${encodeURIComponent("삼성전")}`, goal: 0.75 },
  { name: "GET /v1/companies/005930 (company lookup)", path: "/v1/companies/005930", goal: 0.7, dynamic: true },
  { name: "GET /v1/vocabulary", path: "/v1/vocabulary", goal: 0.75 },
  { name: "GET /v1/pricing", path: "/v1/pricing", goal: 0.75 },
  { name: "GET /v1/disclosures/sample", path: "/v1/disclosures/sample", goal: 0.75 },
  { name: "GET /openapi.json", path: "/openapi.json", goal: 0.75 },
  { name: "GET /llms.txt", path: "/llms.txt", goal: 0.75 },
  { name: "GET /.well-known/x402", path: "/.well-known/x402", goal: 0.75 },
  { name: "GET /.well-known/agent.json", path: "/.well-known/agent.json", goal: 0.75 },
  { name: "GET / (explorer feed)", path: "/", goal: 0.5 },
];
/** The goal for every row with a ratio goal: p99 at most this many times the floor's. */
const P99_GOAL = 2;
/** Routes measured again as a client that accepts compression asks for them. */
const COMPRESSED = ["/v1/disclosures/recent", "/v1/companies?q=samsung%20elec", "/v1/vocabulary", "/openapi.json", "/"];

interface Target {
  name: string;
  url: string;
  /** The process group answering (none: the in-process node:http). */
  server?: number;
  goal?: number;
  dynamic?: boolean;
  headers?: Record<string, string>;
}

async function routes(service: RunningServer, floor: FloorServer): Promise<void> {
  const { seconds, rounds, connections } = sizes;
  const body = JSON.stringify({ filings: [] });
  const bare = createServer((_req, res) => {
    res.writeHead(200, { "Content-Type": "application/json; charset=utf-8" });
    res.end(body);
  });
  const barePort = await freePort();
  await new Promise<void>((resolve) => bare.listen(barePort, "127.0.0.1", resolve));
  try {
    const chosen = ROUTES.filter((r) => !texts.only || new RegExp(texts.only).test(r.name));
    for (const { path } of chosen) {
      const res = await fetch(service.base + path);
      if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
    }
    // Warm both servers' JIT before the figures.
    await load(floor.url, { connections, seconds: 2 });
    for (const { path } of chosen) await load(service.base + path, { connections, seconds: 1 });

    const targets: Target[] = [
      { name: "node:http constant JSON", url: `http://127.0.0.1:${barePort}/` },
      { name: "Next.js floor (against itself)", url: floor.url, server: floor.pid },
      ...chosen.map((r) => ({ ...r, url: service.base + r.path, server: service.pid })),
    ];
    const recent = `${service.base}/v1/disclosures/recent`;
    const etag = (await fetch(recent)).headers.get("etag");
    if (etag)
      targets.push({
        name: "GET /v1/disclosures/recent, If-None-Match → 304",
        url: recent,
        server: service.pid,
        headers: { "If-None-Match": etag },
      });
    for (const r of chosen.filter((r) => COMPRESSED.includes(r.path))) {
      targets.push({
        name: `${r.name}, Accept-Encoding: gzip, deflate, br`,
        url: service.base + r.path,
        server: service.pid,
        headers: { "Accept-Encoding": "gzip, deflate, br" },
      });
    }

    const table = [];
    for (const { name, url, server, goal, dynamic, headers } of targets) {
      const bytes = (await (await fetch(url, { headers })).arrayBuffer()).byteLength;
      const sizedUrl = floor.sizedUrl(Math.max(bytes, 23), { dynamic });
      const options = { connections, seconds, headers, expect304: Boolean(headers?.["If-None-Match"]) };
      const floors: LoadResult[] = [await load(floor.url, { connections, seconds, server: floor.pid })];
      const paired: { floor: number; floorCpuUs: number; floorP99: number; sized: LoadResult; row: LoadResult }[] = [];
      for (let i = 0; i < rounds; i++) {
        const sized = await load(sizedUrl, { ...options, server: floor.pid });
        const row = await load(url, { ...options, server });
        floors.push(await load(floor.url, { connections, seconds, server: floor.pid }));
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
      const ratio = median(ratios);
      const p99Ratio = medianOf((r) => r.row["p99 ms"] / r.floorP99);
      table.push({
        target: name,
        bytes,
        "req/s": medianOf((r) => r.row["req/s"]),
        "floor req/s": Math.round(medianOf((r) => r.floor)),
        "× floor": ratio.toFixed(2),
        range: `${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}`,
        "× same-size floor": medianOf((r) => r.row["req/s"] / r.sized["req/s"]).toFixed(2),
        "server µs/req": Math.round(medianOf((r) => r.row.cpuUs)),
        "× floor by CPU": medianOf((r) => r.floorCpuUs / r.row.cpuUs).toFixed(2),
        "p99 ms": medianOf((r) => r.row["p99 ms"]),
        "p99 ÷ floor p99": p99Ratio.toFixed(2),
        goal: goal ? `≥ ${goal}, p99 ≤ ${P99_GOAL}× ${ratio >= goal && p99Ratio <= P99_GOAL ? "met" : "SHORT"}` : "",
        errors: paired.reduce((n, r) => n + r.row.errors, 0),
      });
      console.error(`[bench] ${name}: ${ratio.toFixed(2)} × floor (${table.at(-1)!.range})`);
    }
    console.log(
      `\nFree routes against the Next.js floor: ${connections} connections, ${seconds} s slices, ${rounds} paired rounds; ${runLabel(quick)}`,
    );
    console.table(table);
  } finally {
    bare.close();
  }
}

async function mcp(service: RunningServer): Promise<void> {
  const { sessions, calls } = sizes;
  const rounds = 4;
  const clients: PayingMcpClient[] = [];
  try {
    for (let i = 0; i < sessions; i++) clients.push(await connectPayingMcpClient({ url: `${service.base}/mcp` }));
    const recentUrl = `${service.base}/v1/disclosures/recent?limit=20`;
    const viaMcp = async (client: PayingMcpClient) => {
      const { result } = await client.callTool("list_recent_filings", { limit: 20 });
      if (result.isError || (result.structuredContent as { filings: unknown[] }).filings.length !== 20)
        throw new Error("list_recent_filings failed");
    };
    const viaHttp = async () => {
      const response = await fetch(recentUrl);
      if (response.status !== 200 || (await response.json()).filings.length !== 20)
        throw new Error(`recent answered ${response.status}`);
    };
    const free = { mcp: [] as number[], http: [] as number[] };
    const perRound = Math.max(1, Math.ceil(calls / rounds));
    await Promise.all(clients.map(viaMcp));
    await Promise.all(clients.map(viaHttp));
    for (let round = 0; round < rounds; round++) {
      free.mcp.push(
        ...(await eachAtOnce(
          clients.map((c) => () => viaMcp(c)),
          perRound,
        )),
      );
      free.http.push(
        ...(await eachAtOnce(
          clients.map(() => viaHttp),
          perRound,
        )),
      );
    }
    console.log(`\nMCP next to HTTP, free; ${runLabel(quick)}`);
    console.table({
      [`MCP list_recent_filings, ${sessions} sessions`]: latencyRow(free.mcp),
      [`HTTP GET /v1/disclosures/recent, ${sessions} clients`]: latencyRow(free.http),
    });
    console.log(`MCP ÷ HTTP at p99: ${(percentile(free.mcp, 99) / percentile(free.http, 99)).toFixed(2)} (goal ≤ 1.5)`);
  } finally {
    await Promise.all(clients.map((c) => c.close().catch(() => {})));
  }
}

/** Each worker runs `times` calls one after another, all workers at once; every call's ms. */
async function eachAtOnce(workers: (() => Promise<void>)[], times: number): Promise<number[]> {
  const samples: number[] = [];
  await Promise.all(
    workers.map(async (work) => {
      for (let i = 0; i < times; i++) samples.push(await timed(work));
    }),
  );
  return samples;
}

async function rateLimit(): Promise<void> {
  const clients = 100;
  const takes = async (limit: RateLimit, calls = sizes.takes) => {
    const out: number[] = [];
    for (let i = 0; i < calls; i++) out.push(await timed(() => limit.take(`198.51.100.${i % clients}`)));
    return out;
  };
  const table: Record<string, ReturnType<typeof latencyRow>> = {};
  const measure = async (name: string, store: LimitStore) => {
    const limit = createRateLimit(1_000_000, store);
    await takes(limit, 100); // warm: buckets made, connections open
    table[name] = latencyRow(await takes(limit));
    await limit.close();
  };
  await measure("memory", memoryStore);
  const pglite = await openDatabase({ dataDir: "memory://" });
  await measure("database (PGlite in memory)", databaseStore(pglite.db));
  await pglite.close();
  if (redisServerInstalled) {
    const redis = await startTestRedis();
    await measure("Redis (local redis-server)", redisStore(redis.url));
    const limit = createRateLimit(1_000_000, redisStore(redis.url));
    await takes(limit, 100);
    redis.pause();
    table["Redis paused: first 20 calls"] = latencyRow(await takes(limit, 20));
    table["Redis paused: next 200 calls"] = latencyRow(await takes(limit, 200));
    await redis.stop();
    table["Redis stopped: 200 calls"] = latencyRow(await takes(limit, 200));
    await limit.close();
  }
  console.log(
    `\nRate limit: one take() per call, ${sizes.takes} sequential calls over ${clients} clients; ${runLabel(quick)}`,
  );
  console.table(table);
  if (!redisServerInstalled)
    console.log("Redis not measured: redis-server is not installed (apt-get install -y redis-server)");
}

runBench(async () => {
  const servers: RunningServer[] = [];
  try {
    if (sections.has("routes") || sections.has("mcp")) {
      const service = await startService();
      servers.push(service);
      if (sections.has("routes")) {
        const floor = await startFloor();
        servers.push(floor);
        await routes(service, floor);
      }
      if (sections.has("mcp")) await mcp(service);
    }
    if (sections.has("rate-limit")) await rateLimit();
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
  }
});
