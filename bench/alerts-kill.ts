/**
 * Alerts under kill -9 and a receiver outage (issue 36): 0 lost, 0 doubled, every delivery verified.
 *
 * 20 watchlists (one wallet with credit) watch 5 tickers; 10 rounds each store 20 filings (80
 * alerts) while a delivery worker runs in a process of its own (dev/support/alert-worker-process.ts,
 * the same worker the server runs in process), killed with SIGKILL at a random moment of the round.
 * From round 4 the receiver answers 500 for 30 simulated minutes: the worker's clock runs 60×
 * real time, so the retry schedule (30 s … 2 h) and leases pass in seconds, while each attempt's
 * own timeout stays real. A last worker then drains the outbox. The receiver verifies every
 * request with the Standard Webhooks reference library.
 *
 * Lost: a filing × watchlist that should match and has no verified 2xx. Doubled: a webhook-id
 * seen with two different bodies. A repeat of one id with the same body is at-least-once
 * delivery, which receivers de-duplicate on webhook-id; it is counted, not failed.
 *
 *   npm run bench:alerts-kill            (PGlite; DATABASE_URL=… adds PostgreSQL)
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase, type Database } from "@/db";
import { creditOf, insertWatchlist } from "@/db/queries";
import { newWebhookSecret } from "@/lib/alerts/webhook";
import { storeFilings } from "@/lib/filing-store";
import type { DartListRow } from "@/lib/dart";
import { createPostgresDatabase, usingPostgres } from "../dev/support/database";
import { grantAlertCredit } from "../dev/support/alert-credit";
import { startReceiver } from "../dev/support/webhook-receiver";
import { runBench } from "./kit";

const WATCHLISTS = 20;
const TICKERS = 5;
const ROUNDS = 10;
const FILINGS_PER_ROUND = 20;
const SCALE = 60;
const OUTAGE_FROM_ROUND = 4;
const OUTAGE_SIMULATED_MS = 30 * 60_000;
const WALLET = "0x1111111111111111111111111111111111111111";
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function startWorker(target: string, epoch: number): ChildProcess {
  return spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      "--conditions=react-server",
      "dev/support/alert-worker-process.ts",
      target,
      String(SCALE),
      String(epoch),
    ],
    { stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, NODE_ENV: "test" } },
  );
}

async function kill(worker: ChildProcess): Promise<void> {
  if (worker.exitCode !== null) return;
  const exited = new Promise((resolve) => worker.once("exit", resolve));
  worker.kill("SIGKILL");
  await exited;
}

async function run(name: string, database: Database, target: string): Promise<void> {
  const { db } = database;
  const receiver = await startReceiver();
  const tickers = Array.from({ length: TICKERS }, (_, i) => String(200000 + i));
  const secrets = new Map<string, string>();
  const createdAt = new Date(Date.now() - 60_000);
  for (let i = 0; i < WATCHLISTS; i++) {
    const secret = newWebhookSecret();
    const w = await insertWatchlist(db, {
      id: `wl_${randomBytes(12).toString("hex")}`,
      wallet: WALLET,
      secret,
      webhookUrl: receiver.url,
      tickers: [tickers[i % TICKERS]],
      createdAt,
    });
    secrets.set(w.id, secret);
  }
  receiver.setSecret((body) => secrets.get(JSON.parse(body).data.watchlistId)!);
  await grantAlertCredit(db, WALLET, 10_000);

  const epoch = Date.now();
  const day = new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10).replaceAll("-", "");
  let stored = 0;
  let outageEnds = Infinity;
  for (let round = 1; round <= ROUNDS; round++) {
    const worker = startWorker(target, epoch);
    if (round === OUTAGE_FROM_ROUND) {
      receiver.setMode("fail");
      outageEnds = Date.now() + OUTAGE_SIMULATED_MS / SCALE;
    }
    const rows: DartListRow[] = Array.from({ length: FILINGS_PER_ROUND }, () => ({
      rcept_no: `${day}${String(500000 + stored++)}`,
      rcept_dt: day,
      corp_code: "00126380",
      corp_name: "삼성전자",
      stock_code: tickers[stored % TICKERS],
      report_nm: "단일판매ㆍ공급계약체결",
    }));
    await storeFilings(db, rows, new Date());
    await sleep(1_500 + Math.random() * 2_500); // the worker starts (~1 s), then is killed mid-round
    await kill(worker);
    if (Date.now() >= outageEnds) receiver.setMode("ok");
  }
  await sleep(Math.max(0, outageEnds - Date.now()));
  receiver.setMode("ok");

  const last = startWorker(target, epoch);
  const expected = ROUNDS * FILINGS_PER_ROUND * (WATCHLISTS / TICKERS);
  const deadline = Date.now() + 10 * 60_000;
  const settled = async () => {
    const result = await db.execute<{ pending: number; total: number }>(
      sql`select count(*) filter (where status = 'pending')::int as pending, count(*)::int as total from alert_matches`,
    );
    const [row] = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
      pending: number;
      total: number;
    }[];
    return row;
  };
  while (Date.now() < deadline && (await settled()).pending > 0) await sleep(500);
  await kill(last);

  const { total, pending } = await settled();
  const delivered = new Set(receiver.deliveries.filter((d) => d.verified && d.status === 204).map((d) => d.id));
  const ids = new Set(receiver.deliveries.map((d) => d.id));
  const doubled = [...receiver.bodiesById().values()].filter((bodies) => bodies.size > 1).length;
  const repeats = receiver.deliveries.filter((d) => d.status === 204).length - delivered.size;
  const credit = await creditOf(db, WALLET);
  console.table({
    [name]: {
      "kill rounds": ROUNDS,
      "alerts expected": expected,
      "matches recorded": total,
      "still pending": pending,
      "delivered (verified 2xx)": delivered.size,
      lost: expected - delivered.size,
      doubled,
      "500s in the outage": receiver.deliveries.filter((d) => d.status === 500).length,
      "2xx repeats, same body": repeats,
      "requests verified": `${receiver.deliveries.filter((d) => d.verified).length}/${receiver.deliveries.length}`,
      "ids seen": ids.size,
      "credit spent": credit.spent,
      met: expected === delivered.size && doubled === 0 && total === expected ? "yes" : "NO",
    },
  });
  await receiver.close();
}

runBench(async () => {
  console.log(`# bench:alerts-kill (${new Date().toISOString()}, node ${process.version})`);
  const dataDir = await mkdtemp(join(tmpdir(), "alerts-kill-bench-"));
  const embedded = await openDatabase({ dataDir, shareEmbedded: true });
  try {
    await run("PGlite", embedded, dataDir);
  } finally {
    await embedded.close();
    await rm(dataDir, { recursive: true, force: true });
  }
  if (usingPostgres) {
    const created = await createPostgresDatabase();
    const database = await openDatabase({ url: created.url, driver: "pg" });
    try {
      await run("PostgreSQL", database, created.url);
    } finally {
      await database.close();
      await created.drop();
    }
  }
});
