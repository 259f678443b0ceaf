/**
 * Free-API throughput against the production build, next to a bare node:http server that
 * returns a constant JSON body, measured in the same run (the ratio is the figure).
 *
 *   npm run build && npm run bench:api [-- --seconds 10 --connections 50]
 *
 * Starts `next start` on a free port with a throwaway data folder (the bundled snapshot),
 * warms it up, then drives each target with autocannon. Loopback only.
 */
import { spawn } from "node:child_process";
import { createServer, type Server } from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";

const { values } = parseArgs({
  options: { seconds: { type: "string", default: "10" }, connections: { type: "string", default: "50" } },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function waitFor(url: string, timeoutMs = 60_000): Promise<void> {
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

async function run(name: string, url: string) {
  const result = await autocannon({ url, connections, duration: seconds });
  return {
    target: name,
    "req/s": Math.round(result.requests.average),
    "p50 ms": result.latency.p50,
    "p99 ms": result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

async function main() {
  const body = JSON.stringify({ filings: [] });
  const baseline: Server = createServer((_req, res) => {
    res.writeHead(200, { "Content-Type": "application/json; charset=utf-8" });
    res.end(body);
  });
  const baselinePort = await freePort();
  await new Promise<void>((resolve) => baseline.listen(baselinePort, "127.0.0.1", resolve));

  const appPort = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-api-"));
  const app = spawn("npx", ["next", "start", "-p", String(appPort), "-H", "127.0.0.1"], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: process.env.DATABASE_URL ?? "", NODE_ENV: "production" },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  const base = `http://127.0.0.1:${appPort}`;
  try {
    await waitFor(`${base}/v1/companies/005930`);
    for (const warm of ["/v1/disclosures/recent", "/v1/companies?q=samsung%20elec"]) await fetch(base + warm);

    const rows = [
      await run("node:http constant JSON (baseline)", `http://127.0.0.1:${baselinePort}/`),
      await run("GET /v1/disclosures/recent", `${base}/v1/disclosures/recent`),
      await run("GET /v1/companies?q=samsung elec", `${base}/v1/companies?q=samsung%20elec`),
      await run("GET /v1/companies?q=삼성전", `${base}/v1/companies?q=${encodeURIComponent("삼성전")}`),
    ];
    const baseRps = rows[0]["req/s"];
    console.log(`\n${connections} connections, ${seconds} s each, ${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"}`);
    console.table(rows.map((r) => ({ ...r, "share of baseline": `${((100 * r["req/s"]) / baseRps).toFixed(1)}%` })));
  } finally {
    if (app.pid) process.kill(-app.pid, "SIGTERM");
    baseline.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
