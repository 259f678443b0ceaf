/**
 * Trust under faults (issue 24), on the production build (`npm run build` first), deployed as
 * behind one proxy (TRUSTED_PROXY_COUNT=1: the bench names each client in X-Forwarded-For) with
 * the default limits (RATE_LIMIT_PER_MINUTE 600, RATE_LIMIT_PER_SECOND 40, RATE_LIMIT_CONCURRENT 4):
 *
 * - `fuzz`: 10,000 fuzzed requests (dev/support/http-fuzz.ts) written to raw sockets, 8 at a
 *   time, from 256 clients: answers ≥ 500, hangs (no answer in 10 s), connections closed without
 *   an answer, redirects to another host. Goal 0 / 0 / 0 / 0.
 * - `flood`: one legitimate client (5 requests a second, one at a time: company searches never
 *   asked before, the recent filings, a company, the vocabulary) in rounds: alone, then while
 *   another client floods at 50 connections with searches never asked before and other free
 *   routes (from a process of its own, so its load generation does not slow the measuring client;
 *   from a new address each round, so each round starts within its budget). The legitimate
 *   client's p99 while the flooder is within its budget and once it is over it, pooled over the
 *   rounds, against its quiet p99. Goal ≤ 2× (issue 33). Every route the flooder uses is
 *   requested once first (its code loaded), and another client bursts at 50 connections until
 *   refused, as on a server that has been serving.
 * - `payment-flood`: the same, the flooder sending `X-PAYMENT: 1` with every request (a payment
 *   header on a free route is no payment: it must be refused and paced as any other request).
 *
 *   npm run build && npm run bench:resilience [-- --quick] [--sections fuzz,flood,payment-flood]
 *     [--requests 10000 --rounds 4 --quiet 15 --flood 35] [--concurrent 0 (lanes off, for comparison)]
 *     [--per-second 0 (the minute's budget spendable at once, for comparison)]
 *     [--via nginx (the flood sections through deploy/nginx.conf, Debian's nginx)]
 *
 * With DATABASE_URL set the service reads PostgreSQL, else PGlite in a throwaway folder.
 */
import { spawn } from "node:child_process";
import { Agent, request } from "node:http";
import { createInterface } from "node:readline";
import { fuzzRequests, problemsOf, randomSource, sendAll } from "../dev/support/http-fuzz";
import { startNginx } from "../dev/support/nginx";
import { benchOptions, chosenSections, latencyRow, percentile, runBench, runLabel, startService } from "./kit";

/**
 * Through the nginx recipe (`--via nginx`, set for the flooder's process too): each client
 * connects from its own loopback address, which nginx appends to X-Forwarded-For, as it would a
 * remote client's; directly, the bench names it there itself (one trusted proxy).
 */
const viaNginx = () => process.env.RESILIENCE_VIA_NGINX === "1";
/** Set in the flooder's own process: the base URL it floods, and whether it sends a payment header. */
const FLOODER = process.env.RESILIENCE_FLOODER;
const FLOOD_PAYMENT_HEADER = { "X-PAYMENT": "1" };
const FLOOD_CONNECTIONS = 50;
const LEGIT_INTERVAL_MS = 200;
const LEGIT_CLIENT = "127.1.0.1";
/** Each round's flooder comes from a new address, with a budget of its own. */
const flooderClient = (round: number) => `127.66.0.${round}`;
/** Warms the flooder's kinds of route before anything is measured, under a name of its own (no budget is shared). */
const WARMING_CLIENT = "127.9.0.1";
/** The warm-up's burst, under a name of its own too. */
const BURST_CLIENT = "127.9.0.2";
const PER_MINUTE = 600;

interface Answered {
  /** When it was sent (Date.now(): the flooder's process shares the clock). */
  at: number;
  ms: number;
  status: number;
  path?: string;
  /** Which of the limit's budgets refused it (its 429 names its policies and the one that refused); not a lane's. */
  refusedBy?: "minute" | "second";
}

/** One GET through `agent` as `client`; never rejects (a failed request is status 0). */
function get(
  base: string,
  path: string,
  client: string,
  agent: Agent,
  headers: Record<string, string> = {},
): Promise<Omit<Answered, "at">> {
  const started = performance.now();
  return new Promise((resolve) => {
    const options = viaNginx()
      ? { agent, localAddress: client, headers }
      : { agent, headers: { "X-Forwarded-For": client, ...headers } };
    const req = request(`${base}${path}`, options, (res) => {
      res.resume().on("end", () =>
        resolve({
          ms: performance.now() - started,
          status: res.statusCode ?? 0,
          refusedBy:
            res.statusCode !== 429 || res.headers["ratelimit-policy"] === undefined
              ? undefined
              : res.headers["ratelimit-limit"] === String(PER_MINUTE)
                ? "minute"
                : "second",
        }),
      );
    });
    req.on("error", () => resolve({ ms: performance.now() - started, status: 0 }));
    req.end();
  });
}

/** Text no one searched for before: the service's answer cache cannot help. */
function unseenSearch(r: ReturnType<typeof randomSource>): string {
  const stems = [
    "samsung",
    "hyundai",
    "lg",
    "sk",
    "korea",
    "bio",
    "tech",
    "삼성",
    "현대",
    "전자",
    "바이오",
    "kakao",
    "pharm",
  ];
  const letters = "abcdefghijklmnopqrstuvwxyz";
  const noise = Array.from({ length: 1 + r.int(4) }, () => letters[r.int(26)]).join("");
  return encodeURIComponent(r.chance(0.5) ? `${r.pick(stems)} ${noise}` : `${noise}${r.pick(stems)}`);
}

function legitPath(r: ReturnType<typeof randomSource>, i: number): string {
  switch (i % 4) {
    case 0:
      return `/v1/companies?q=${unseenSearch(r)}`;
    case 1:
      return "/v1/disclosures/recent?limit=20";
    case 2:
      return "/v1/companies/005930";
    default:
      return "/v1/vocabulary";
  }
}

/** One path of each route floodPath draws from. */
const FLOOD_ROUTE_KINDS = [
  "/v1/companies?q=warm",
  "/companies?q=warm",
  "/v1/disclosures/recent?limit=7&since_hours=24",
  "/api/feed?company=warm",
  "/v1/companies/000660",
];

function floodPath(r: ReturnType<typeof randomSource>): string {
  const roll = r.int(10);
  if (roll < 6) return `/v1/companies?q=${unseenSearch(r)}`;
  if (roll < 7) return `/companies?q=${unseenSearch(r)}`;
  if (roll < 8) return `/v1/disclosures/recent?limit=${1 + r.int(100)}&since_hours=${1 + r.int(168)}`;
  if (roll < 9) return `/api/feed?company=${unseenSearch(r)}`;
  return `/v1/companies/${r.pick(["005930", "000660", "035720", "005380"])}`;
}

/** The flooder's process: 50 connections as fast as the server answers, for `seconds`; prints one JSON line. */
async function flood(base: string, client: string, seconds: number, headers: Record<string, string>): Promise<void> {
  const agent = new Agent({ keepAlive: true, maxSockets: FLOOD_CONNECTIONS });
  const r = randomSource(66);
  const started = performance.now();
  const startedAt = Date.now();
  console.log("started");
  const statuses: Record<number, number> = {};
  let firstLimited: number | undefined;
  let refusedBySecond = 0;
  let total = 0;
  await Promise.all(
    Array.from({ length: FLOOD_CONNECTIONS }, async () => {
      while (performance.now() - started < seconds * 1000) {
        const answer = await get(base, floodPath(r), client, agent, headers);
        total++;
        statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
        if (answer.refusedBy === "minute") firstLimited ??= Date.now();
        if (answer.refusedBy === "second") refusedBySecond++;
      }
    }),
  );
  console.log(JSON.stringify({ total, statuses, startedAt, firstLimited, refusedBySecond }));
}

async function fuzzSection(requests: number): Promise<void> {
  const service = await startService({ env: { TRUSTED_PROXY_COUNT: "1", RATE_LIMIT_PER_MINUTE: String(PER_MINUTE) } });
  try {
    const url = new URL(service.base);
    const fuzzed = fuzzRequests(requests, { host: url.host, seed: 24 });
    const started = performance.now();
    const answers = await sendAll(Number(url.port), fuzzed, { concurrency: 8, timeoutMs: 10_000 });
    const seconds = (performance.now() - started) / 1000;
    const count = (problem: RegExp) =>
      fuzzed.filter((request, i) => problemsOf(request, answers[i], url.host).some((p) => problem.test(p))).length;
    const statuses: Record<string, number> = {};
    for (const answer of answers) statuses[answer.status ?? "none"] = (statuses[answer.status ?? "none"] ?? 0) + 1;
    console.log(`\n## fuzz: ${requests} requests in ${seconds.toFixed(0)} s\n`);
    console.table({
      "answers ≥ 500": { count: count(/^status/), goal: 0 },
      "hangs (no answer in 10 s)": { count: count(/^hang/), goal: 0 },
      "closed without an answer": { count: count(/^no answer/), goal: 0 },
      "redirects to another host": { count: count(/^redirect/), goal: 0 },
    });
    console.log("statuses:", statuses);
    const examples = fuzzed
      .map((request, i) => ({ request, problems: problemsOf(request, answers[i], url.host) }))
      .filter(({ problems }) => problems.length)
      .slice(0, 10);
    for (const { request, problems } of examples)
      console.log(`  ${problems.join(", ")}: ${request.method} ${JSON.stringify(request.target.slice(0, 100))}`);
  } finally {
    await service.stop();
  }
}

interface FloodReport {
  total: number;
  statuses: Record<string, number>;
  startedAt: number;
  firstLimited?: number;
  refusedBySecond: number;
}

/** Spawns the flooder's process as `client` and resolves once it floods; `report` is its summary at the end. */
async function startFlooder(
  base: string,
  client: string,
  seconds: number,
  paymentHeader: boolean,
): Promise<{ report: Promise<FloodReport> }> {
  const flooder = spawn(process.execPath, ["--import", "tsx", "--conditions=react-server", import.meta.filename], {
    env: {
      ...process.env,
      RESILIENCE_FLOODER: base,
      RESILIENCE_FLOODER_CLIENT: client,
      RESILIENCE_FLOOD_SECONDS: String(seconds),
      RESILIENCE_FLOOD_PAYMENT_HEADER: paymentHeader ? "1" : "",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let started: () => void;
  const flooding = new Promise<void>((resolve) => (started = resolve));
  const report = new Promise<FloodReport>((resolve, reject) => {
    createInterface({ input: flooder.stdout! }).on("line", (line) => {
      if (line === "started") started();
      if (line.startsWith("{")) resolve(JSON.parse(line) as FloodReport);
    });
    flooder.on("exit", (code) => {
      started();
      reject(new Error(`flooder exited ${code}`));
    });
  });
  await flooding;
  return { report };
}

async function floodSection(
  { quiet: quietSeconds, flood: floodSeconds, rounds }: { quiet: number; flood: number; rounds: number },
  concurrent: string | undefined,
  perSecond: string | undefined,
  paymentHeader: boolean,
): Promise<void> {
  const env: Record<string, string> = { TRUSTED_PROXY_COUNT: "1", RATE_LIMIT_PER_MINUTE: String(PER_MINUTE) };
  if (concurrent !== undefined) env.RATE_LIMIT_CONCURRENT = concurrent;
  if (perSecond !== undefined) env.RATE_LIMIT_PER_SECOND = perSecond;
  const service = await startService({ env });
  const proxy = viaNginx() ? await startNginx(new URL(service.base).host) : undefined;
  const base = proxy?.base ?? service.base;
  try {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const r = randomSource(7);
    let i = 0;
    /** The legitimate client, one request at a time every LEGIT_INTERVAL_MS, until `seconds` have passed. */
    const legit = async (seconds: number): Promise<Answered[]> => {
      const samples: Answered[] = [];
      const started = performance.now();
      while (performance.now() - started < seconds * 1000) {
        const at = Date.now();
        const path = legitPath(r, i++);
        samples.push({ at, path, ...(await get(base, path, LEGIT_CLIENT, agent)) });
        const next = started + samples.length * LEGIT_INTERVAL_MS;
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - performance.now())));
      }
      return samples;
    };
    // Warm-up: the first request of a route loads and compiles its code (100 ms and more), which
    // a server serving traffic has long done; the flood then measures contention, not first loads.
    const warm = new Agent({ keepAlive: true, maxSockets: 1 });
    for (const path of FLOOD_ROUTE_KINDS) await get(base, path, WARMING_CLIENT, warm);
    warm.destroy();
    // And a burst at 50 connections of its own, as a server serving traffic has met before: the
    // first one's new connections and first refusals (full lanes, the per-second budget) run cold.
    const burst = new Agent({ keepAlive: true, maxSockets: FLOOD_CONNECTIONS });
    const burstR = randomSource(5);
    await Promise.all(
      Array.from({ length: FLOOD_CONNECTIONS * 2 }, () => get(base, floodPath(burstR), BURST_CLIENT, burst)),
    );
    burst.destroy();
    await legit(3); // and the legitimate client's own routes and caches

    // Rounds of quiet, then a flood from a new address (a budget of its own): ~20 s of a round's
    // flood is within the flooder's budget, ~100 samples, whose p99 is its slowest sample or two;
    // pooled over the rounds, the p99 is a percentile, and quiet and flood share the machine's drift.
    const ms = (samples: Answered[]) => samples.map((s) => s.ms);
    const pooled = { quiet: [] as Answered[], within: [] as Answered[], over: [] as Answered[] };
    const perRound: string[] = [];
    const floods: FloodReport[] = [];
    for (let round = 1; round <= rounds; round++) {
      const quiet = await legit(quietSeconds);
      const { report } = await startFlooder(base, flooderClient(round), floodSeconds, paymentHeader);
      const during = await legit(floodSeconds);
      const flooded = await report;
      const overAt = flooded.firstLimited ?? Infinity;
      const within = during.filter((s) => s.at < overAt);
      pooled.quiet.push(...quiet);
      pooled.within.push(...within);
      pooled.over.push(...during.filter((s) => s.at >= overAt));
      floods.push(flooded);
      const quietP99 = percentile(ms(quiet), 99);
      const withinP99 = percentile(ms(within), 99);
      const slowest = [...within].sort((a, b) => b.ms - a.ms).slice(0, 3);
      perRound.push(
        `round ${round}: quiet p99 ${quietP99.toFixed(1)} ms, within budget ${withinP99.toFixed(1)} ms ` +
          `(${(withinP99 / quietP99).toFixed(2)}×, n ${within.length}); slowest ` +
          slowest.map((s) => `${s.ms.toFixed(1)} ms ${s.path}`).join(", "),
      );
    }

    const quietP99 = percentile(ms(pooled.quiet), 99);
    const row = (samples: Answered[]) => {
      if (!samples.length) return { n: 0 };
      const latency = latencyRow(ms(samples));
      const ratio = latency["p99 ms"] / quietP99;
      return {
        ...latency,
        "× quiet p99": Number(ratio.toFixed(2)),
        "not 2xx": samples.filter((s) => s.status < 200 || s.status >= 300).length,
        goal: "≤ 2×",
        met: ratio <= 2 ? "yes" : "NO",
      };
    };
    console.log(
      `\n## ${paymentHeader ? "payment-flood" : "flood"}: legitimate client at ${1000 / LEGIT_INTERVAL_MS}/s, flooder at ${FLOOD_CONNECTIONS} connections${paymentHeader ? " with X-PAYMENT: 1" : ""}` +
        ` (RATE_LIMIT_CONCURRENT ${concurrent ?? "default 4"}, RATE_LIMIT_PER_SECOND ${perSecond ?? "default 40"}${viaNginx() ? ", through nginx" : ""}),` +
        ` ${rounds} rounds of ${quietSeconds} s quiet and ${floodSeconds} s of flood\n`,
    );
    console.table({
      quiet: { ...latencyRow(ms(pooled.quiet)), "not 2xx": pooled.quiet.filter((s) => s.status !== 200).length },
      "flooder within budget": row(pooled.within),
      "flooder over budget": row(pooled.over),
      "whole flood": row([...pooled.within, ...pooled.over]),
    });
    for (const line of perRound) console.log(line);
    const statuses: Record<string, number> = {};
    for (const flooded of floods)
      for (const [status, count] of Object.entries(flooded.statuses))
        statuses[status] = (statuses[status] ?? 0) + count;
    const total = floods.reduce((sum, flooded) => sum + flooded.total, 0);
    const limitedAfter = floods.map((flooded) =>
      flooded.firstLimited === undefined
        ? "never"
        : `${((flooded.firstLimited - flooded.startedAt) / 1000).toFixed(1)} s`,
    );
    console.log(
      `flooder: ${total} requests (${Math.round(total / (floodSeconds * rounds))}/s),`,
      `${floods.reduce((sum, flooded) => sum + flooded.refusedBySecond, 0)} refused by the per-second budget,`,
      `first refused by the minute's after ${limitedAfter.join(", ")}; statuses:`,
      statuses,
    );
  } finally {
    await proxy?.stop();
    await service.stop();
  }
}

if (FLOODER) {
  const headers = process.env.RESILIENCE_FLOOD_PAYMENT_HEADER ? FLOOD_PAYMENT_HEADER : {};
  runBench(() =>
    flood(FLOODER, process.env.RESILIENCE_FLOODER_CLIENT!, Number(process.env.RESILIENCE_FLOOD_SECONDS), headers),
  );
} else {
  const SECTIONS = ["fuzz", "flood", "payment-flood"] as const;
  const { quick, sizes, texts } = benchOptions(
    { requests: [10_000, 500], quiet: [15, 5], flood: [35, 25], rounds: [4, 1] },
    ["sections", "concurrent", "per-second", "via"],
  );
  if (texts.via !== undefined && texts.via !== "nginx") throw new Error("--via takes nginx");
  if (texts.via === "nginx") process.env.RESILIENCE_VIA_NGINX = "1"; // the flooder's process inherits it
  const sections = chosenSections(SECTIONS, texts.sections);
  runBench(async () => {
    console.log(`# bench:resilience (${runLabel(quick)})`);
    if (sections.has("fuzz")) await fuzzSection(sizes.requests);
    for (const section of ["flood", "payment-flood"] as const)
      if (sections.has(section))
        await floodSection(sizes, texts.concurrent, texts["per-second"], section === "payment-flood");
  });
}
