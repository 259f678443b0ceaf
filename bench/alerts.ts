/**
 * Alert latency (issue 36): `--watchlists` watchlists (each on one of the burst's tickers, so each
 * filing matches watchlists / tickers of them), a burst of `--filings` new filings stored in one
 * poll's write, and the in-process delivery worker sending to a real loopback receiver that
 * verifies every signature with the standardwebhooks library, in a process of its own (another
 * party's server: dev/support/receiver-process.ts). Prints p50/p95/max from the
 * filing's write (its match time) to the receiver's arrival, deliveries verified, and doubles
 * (a webhook-id seen with two bodies); on PGlite and, with DATABASE_URL, on PostgreSQL.
 *
 *   npm run bench:alerts [-- --watchlists 1000 --filings 200 --tickers 200]
 */
import { fork } from "node:child_process";
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { insertWatchlist } from "@/db/queries";
import { startDeliveryWorker } from "@/lib/alerts/worker";
import { newWebhookSecret } from "@/lib/alerts/webhook";
import { storeFilings } from "@/lib/filing-store";
import type { DartListRow } from "@/lib/dart";
import { throwawayDatabases } from "../dev/support/database";
import type { ReceiverMessage, ReceiverReport } from "../dev/support/receiver-process";
import { grantAlertCredit } from "../dev/support/alert-credit";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const WATCHLISTS = arg("watchlists", 1000);
const FILINGS = arg("filings", 200);
const TICKERS = arg("tickers", 200);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

for (const backend of throwawayDatabases()) {
  const { database, dispose } = await backend.open();
  const { db } = database;
  const receiver = fork("dev/support/receiver-process.ts", { execArgv: ["--import", "tsx"] });
  let received = 0;
  const report = new Promise<ReceiverReport>((resolve) =>
    receiver.on("message", (m: ReceiverMessage) => {
      if ("received" in m) received = m.received;
      if ("report" in m) resolve(m.report);
    }),
  );
  const url = await new Promise<string>((resolve) =>
    receiver.on("message", (m: ReceiverMessage) => "url" in m && resolve(m.url)),
  );
  const tickers = Array.from({ length: TICKERS }, (_, i) => String(100000 + i));
  const secrets = new Map<string, string>();
  const createdAt = new Date(Date.now() - 60_000);
  await grantAlertCredit(db, "0x1111111111111111111111111111111111111111", WATCHLISTS * FILINGS);
  for (let i = 0; i < WATCHLISTS; i++) {
    const secret = newWebhookSecret();
    const w = await insertWatchlist(db, {
      id: `wl_${randomBytes(12).toString("hex")}`,
      wallet: "0x1111111111111111111111111111111111111111",
      secret,
      webhookUrl: url,
      tickers: [tickers[i % TICKERS]],
      createdAt,
    });
    secrets.set(w.id, secret);
  }
  const day = new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10).replaceAll("-", "");
  const rows: DartListRow[] = Array.from({ length: FILINGS }, (_, i) => ({
    rcept_no: `${day}${String(800000 + i)}`,
    rcept_dt: day,
    corp_code: "00126380",
    corp_name: "삼성전자",
    stock_code: tickers[i % TICKERS],
    report_nm: "단일판매ㆍ공급계약체결",
  }));
  // The receiver verifies with each watchlist's own secret, found from the body's watchlistId.
  receiver.send({ secrets: [...secrets] });
  const expected = (WATCHLISTS / TICKERS) * FILINGS;
  const worker = startDeliveryWorker(async () => db, {
    guard: { local: true },
    pollMs: 100,
    concurrency: arg("concurrency", 32),
  });
  const stored = Date.now();
  await storeFilings(db, rows, new Date(stored));
  const storeMs = Date.now() - stored;
  while (received < expected && Date.now() - stored < 300_000) {
    await new Promise((r) => setTimeout(r, 20));
  }
  await worker.stop();
  const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const [{ delivered }] = await rowsOf<{ delivered: number }>(
    sql`select count(*)::int as delivered from alert_matches where status = 'delivered'`,
  );
  const latencies = (
    await rowsOf<{ ms: number }>(
      sql`select extract(epoch from (delivered_at - matched_at)) * 1000 as ms from alert_matches where status = 'delivered' order by 1`,
    )
  ).map((r) => Number(r.ms));
  receiver.send({ report: true });
  const { requests, verified, doubles } = await report;
  console.log(
    JSON.stringify({
      backend: backend.name,
      watchlists: WATCHLISTS,
      filings: FILINGS,
      alerts: expected,
      storeMs,
      delivered,
      requests,
      verified,
      doubles,
      p50Ms: Math.round(percentile(latencies, 50)),
      p95Ms: Math.round(percentile(latencies, 95)),
      maxMs: Math.round(latencies.at(-1) ?? 0),
    }),
  );
  receiver.disconnect();
  await dispose();
}
