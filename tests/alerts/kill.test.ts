/**
 * kill -9 of a delivery worker in the middle of a delivery: a real worker process (its own
 * node, reaching this test's embedded database over the local socket) has sent an alert to a
 * real receiver, which holds the request; the process is killed with SIGKILL before it could
 * settle. Once its lease passes another worker sends the alert again — under the same
 * webhook-id, with the same bytes — and it is delivered: nothing lost, no second body.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { openDatabase, type Database } from "@/db";
import { insertWatchlist } from "@/db/queries";
import { alertMatches } from "@/db/schema";
import { runDeliveryRound, webhookIdOf } from "@/lib/alerts/worker";
import { newWebhookSecret } from "@/lib/alerts/webhook";
import { storeFilings } from "@/lib/filing-store";
import { settableClock } from "../support/dart-test-kit";
import { grantAlertCredit } from "../../dev/support/alert-credit";
import { startReceiver, type Receiver } from "../../dev/support/webhook-receiver";

let dataDir: string;
let database: Database;
let receiver: Receiver;
let worker: ChildProcess | undefined;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "alerts-kill-"));
  database = await openDatabase({ dataDir, shareEmbedded: true });
  receiver = await startReceiver();
}, 60_000);
afterAll(async () => {
  worker?.kill("SIGKILL");
  await receiver.close();
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
});

it("a worker killed with SIGKILL mid-delivery loses nothing and never sends a second body under its webhook-id", async () => {
  const { db } = database;
  const secret = newWebhookSecret();
  const wallet = "0x1111111111111111111111111111111111111111";
  await grantAlertCredit(db, wallet, 100);
  const w = await insertWatchlist(db, {
    id: `wl_${randomBytes(12).toString("hex")}`,
    wallet,
    secret,
    webhookUrl: receiver.url,
    createdAt: new Date(Date.now() - 60_000),
  });
  receiver.setSecret(secret);
  receiver.setMode("hang");
  const day = new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10).replaceAll("-", "");
  const rcptNo = `${day}990001`;
  await storeFilings(db, [
    {
      rcept_no: rcptNo,
      rcept_dt: day,
      corp_code: "00126380",
      corp_name: "삼성전자",
      stock_code: "005930",
      report_nm: "단일판매ㆍ공급계약체결",
    },
  ]);

  worker = spawn(
    process.execPath,
    ["--import", "tsx", "--conditions=react-server", "dev/support/alert-worker-process.ts", dataDir],
    {
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, NODE_ENV: "test" },
    },
  );
  let output = "";
  worker.stdout!.on("data", (c: Buffer) => (output += c.toString()));
  worker.stderr!.on("data", (c: Buffer) => (output += c.toString()));
  // The worker's request arrives and is held: it is mid-delivery.
  await vi.waitFor(() => expect(receiver.deliveries, output).toHaveLength(1), { timeout: 30_000, interval: 50 });
  const exited = new Promise((resolve) => worker!.once("exit", resolve));
  worker.kill("SIGKILL");
  await exited;

  const [claimed] = await db.select().from(alertMatches).where(eq(alertMatches.watchlistId, w.id));
  expect(claimed).toMatchObject({ status: "pending", attempts: 1 });
  expect(claimed.body).toBe(receiver.deliveries[0].body);

  // Another worker: nothing before the dead one's lease passes, then the same alert again.
  receiver.setMode("ok");
  const clock = settableClock(new Date().toISOString());
  expect((await runDeliveryRound(db, { clock, guard: { local: true } })).claimed).toBe(0);
  clock.advance(60_000 + 30_000);
  expect((await runDeliveryRound(db, { clock, guard: { local: true } })).delivered).toBe(1);

  const id = webhookIdOf(w.id, rcptNo);
  expect(receiver.deliveries.map((d) => d.id)).toEqual([id, id]);
  expect(receiver.deliveries.every((d) => d.verified)).toBe(true);
  expect(receiver.bodiesById().get(id)!.size).toBe(1);
  const [after] = await db.select().from(alertMatches).where(eq(alertMatches.watchlistId, w.id));
  expect(after).toMatchObject({ status: "delivered", attempts: 2 });
}, 90_000);
