/**
 * The explorer's measured goals on the local production build:
 *   - first-load JavaScript of `/` (gzip of every script the page loads before it is idle),
 *   - Largest Contentful Paint of `/` in headless Chromium (PerformanceObserver), cold cache,
 *   - `/` throughput at 50 connections next to the framework's floor: a bare Next.js app with
 *     one route handler returning constant JSON, built with the same `next` and measured in the
 *     same run (rounds interleaved; medians).
 *
 *   npm run build && npm run bench:explorer [-- --seconds 10 --connections 50 --rounds 3 --lcp-runs 7]
 *
 * The bare app is built once into the temp folder (node_modules hard-linked: Turbopack refuses a
 * symlinked one) and reused while the `next` version is the same. Loopback only.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { chromium, type Browser } from "playwright-core";
import { freePort } from "../dev/support/free-port";
import { buildNextFloorApp, FLOOR_PATH, startNext, waitFor } from "./support/next-floor";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "10" },
    connections: { type: "string", default: "50" },
    rounds: { type: "string", default: "3" },
    "lcp-runs": { type: "string", default: "7" },
  },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const rounds = Number(values.rounds);
const lcpRuns = Number(values["lcp-runs"]);

const ROOT = path.resolve(import.meta.dirname, "..");
/** Each app runs the `next` of its own node_modules: one copy of React per app. */
const CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];

async function throughput(url: string): Promise<{ rps: number; p50: number; p99: number; errors: number }> {
  const r = await autocannon({ url, connections, duration: seconds });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Every script `/` loads until the network is idle, gzipped as a server would send it. */
async function firstLoadJs(browser: Browser, url: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const scripts: string[] = [];
  page.on("response", (r) => {
    if (r.request().resourceType() === "script") scripts.push(r.url());
  });
  await page.goto(url, { waitUntil: "networkidle" });
  let raw = 0;
  let gzip = 0;
  for (const src of new Set(scripts)) {
    const body = Buffer.from(await (await fetch(src)).arrayBuffer());
    raw += body.length;
    gzip += gzipSync(body, { level: 9 }).length;
  }
  const html = Buffer.from(await (await fetch(url)).arrayBuffer());
  await context.close();
  return { scripts: new Set(scripts).size, rawKb: raw / 1024, gzipKb: gzip / 1024, htmlKb: html.length / 1024, htmlGzipKb: gzipSync(html).length / 1024 };
}

/** LCP of a cold load (fresh context: no HTTP cache), read from the browser's PerformanceObserver. */
async function lcp(browser: Browser, url: string): Promise<{ lcp: number; element: string }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(url, { waitUntil: "load" });
  const result = await page.evaluate(
    () =>
      new Promise<{ lcp: number; element: string }>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries() as (PerformanceEntry & { element?: Element })[];
          const last = entries[entries.length - 1];
          resolve({ lcp: last.startTime, element: last.element?.tagName.toLowerCase() ?? "?" });
        }).observe({ type: "largest-contentful-paint", buffered: true });
      }),
  );
  await context.close();
  return result;
}

async function main() {
  const floorDir = buildNextFloorApp();
  const [appPort, floorPort] = [await freePort(), await freePort()];
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-explorer-"));
  const app = startNext(ROOT, appPort, {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.DATABASE_URL ?? "",
    DART_API_KEY: "",
    PUBLIC_BASE_URL: `http://127.0.0.1:${appPort}`,
    RATE_LIMIT_PER_MINUTE: "0", // one client at 50 connections is what the limit exists to stop
  });
  const floor = startNext(floorDir, floorPort);
  const base = `http://127.0.0.1:${appPort}`;
  const floorUrl = `http://127.0.0.1:${floorPort}${FLOOR_PATH}`;
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: CHROMIUM_ARGS });
  try {
    await Promise.all([waitFor(`${base}/api/health`), waitFor(floorUrl)]);
    for (let i = 0; i < 3; i++) await fetch(`${base}/`); // render and cache the default view

    const js = await firstLoadJs(browser, `${base}/`);
    const lcps: number[] = [];
    let element = "";
    for (let i = 0; i < lcpRuns; i++) {
      const r = await lcp(browser, `${base}/`);
      lcps.push(r.lcp);
      element = r.element;
    }

    const floorRuns: Awaited<ReturnType<typeof throughput>>[] = [];
    const pageRuns: Awaited<ReturnType<typeof throughput>>[] = [];
    for (let round = 0; round < rounds; round++) {
      floorRuns.push(await throughput(floorUrl));
      pageRuns.push(await throughput(`${base}/`));
    }
    const floorRps = median(floorRuns.map((r) => r.rps));
    const pageRps = median(pageRuns.map((r) => r.rps));

    console.log(`\nExplorer / on the production build (${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"}, snapshot)`);
    console.table({
      "first-load JS of / (gzip)": { value: `${js.gzipKb.toFixed(1)} KB`, goal: "≤ 150 KB", detail: `${js.scripts} scripts, ${js.rawKb.toFixed(0)} KB raw` },
      "HTML of /": { value: `${js.htmlKb.toFixed(0)} KB`, goal: "", detail: `${js.htmlGzipKb.toFixed(1)} KB gzip` },
      "LCP of / (median, cold cache)": {
        value: `${median(lcps).toFixed(0)} ms`,
        goal: "< 1000 ms",
        detail: `${lcpRuns} loads: ${lcps.map((l) => l.toFixed(0)).join(", ")} ms; element <${element}>`,
      },
    });
    console.log(`\nThroughput, ${connections} connections, ${seconds} s × ${rounds} rounds (median req/s)`);
    console.table({
      "bare Next.js route handler (floor)": { "req/s": Math.round(floorRps), "p50 ms": median(floorRuns.map((r) => r.p50)), "p99 ms": median(floorRuns.map((r) => r.p99)), errors: floorRuns.reduce((n, r) => n + r.errors, 0) },
      "GET / (explorer feed)": { "req/s": Math.round(pageRps), "p50 ms": median(pageRuns.map((r) => r.p50)), "p99 ms": median(pageRuns.map((r) => r.p99)), errors: pageRuns.reduce((n, r) => n + r.errors, 0) },
    });
    console.log(`/ ÷ floor: ${(pageRps / floorRps).toFixed(2)}× (goal ≥ 0.5×)`);
  } finally {
    await browser.close();
    for (const child of [app, floor]) if (child.pid) process.kill(-child.pid, "SIGTERM");
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
