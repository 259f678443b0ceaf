/**
 * Matching and delivery over a real database (PGlite; PostgreSQL too with DATABASE_URL): the
 * outbox is written in the transaction that stores a filing, once per watchlist and filing; the
 * worker sends it to a real receiver that verifies each delivery with the Standard Webhooks
 * reference library; retries back off on an injected clock; a worker that dies mid-delivery
 * loses nothing and sends one body under one webhook-id.
 */
import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import type { Db } from "@/db";
import {
  claimDueAlerts,
  creditOf,
  freezeAlertBody,
  insertWatchlist,
  settleDeliveredAlerts,
  type Watchlist,
} from "@/db/queries";
import { alertDeliveries, alertMatches, companies, filingEvents, payments, watchlists } from "@/db/schema";
import {
  alertBody,
  deliverClaimed,
  NO_CREDIT,
  runDeliveryRound,
  startDeliveryWorker,
  webhookIdOf,
} from "@/lib/alerts/worker";
import { newWebhookSecret } from "@/lib/alerts/webhook";
import { storeFilings } from "@/lib/filing-store";
import type { DartListRow } from "@/lib/dart";
import { describeEachDatabase } from "../support/each-database";
import { settableClock } from "../support/dart-test-kit";
import { grantAlertCredit } from "../../dev/support/alert-credit";
import { startReceiver, type Receiver } from "../../dev/support/webhook-receiver";

const T0 = new Date("2026-07-16T01:00:00Z"); // 10:00 KST on the receipt day below
const WALLET = "0x1111111111111111111111111111111111111111";
const LOCAL = { local: true } as const;

function row(rcptNo: string, reportNm: string, stockCode = "005930", day = "20260716"): DartListRow {
  return {
    rcept_no: rcptNo,
    rcept_dt: day,
    corp_code: "00126380",
    corp_name: "삼성전자",
    stock_code: stockCode,
    report_nm: reportNm,
  };
}

async function watchlist(db: Db, fields: Partial<typeof watchlists.$inferInsert> = {}) {
  return insertWatchlist(db, {
    id: `wl_${randomBytes(12).toString("hex")}`,
    wallet: WALLET,
    secret: newWebhookSecret(),
    createdAt: T0,
    ...fields,
  });
}

const matchesOf = (db: Db, watchlistId: string) =>
  db.select().from(alertMatches).where(eq(alertMatches.watchlistId, watchlistId)).orderBy(alertMatches.id);

describeEachDatabase("alerts", (db) => {
  let receiver: Receiver;
  beforeEach(async () => {
    await db().execute(sql`truncate table watchlists, alert_credit, payments cascade`);
    await grantAlertCredit(db(), WALLET, 1000);
    await db()
      .insert(companies)
      .values([
        {
          ticker: "005930",
          corpCode: "00126380",
          nameKr: "삼성전자",
          nameEn: "SAMSUNG ELECTRONICS",
          nameEnSource: "dart",
          nameEnKey: "samsung electronics",
          market: "KOSPI",
        },
        {
          ticker: "035720",
          corpCode: "00258801",
          nameKr: "카카오",
          nameEn: "Kakao",
          nameEnSource: "dart",
          nameEnKey: "kakao",
          market: "KOSDAQ",
        },
      ]);
    receiver = await startReceiver();
  });
  afterEach(async () => receiver.close());

  it("matches each new filing to the watchlists whose filters it meets, once, in the filing's transaction", async () => {
    const byTicker = await watchlist(db(), { tickers: ["005930"], minImportance: 5 });
    const byTypeAndMarket = await watchlist(db(), { eventTypes: ["DIVIDEND_DECISION"], markets: ["KOSDAQ"] });
    const byWords = await watchlist(db(), { titleWords: ["supply", "계약"] });
    const byAudience = await watchlist(db(), { audiences: ["dividend_investors"] });
    const seen = new Date(T0.getTime() + 60_000);
    const batch = [
      row("20260716000001", "주요사항보고서(유상증자결정)"), // 005930, 7, RIGHTS_OFFERING
      row("20260716000002", "임원ㆍ주요주주특정증권등소유상황보고서"), // 005930, importance 2
      row("20260716000003", "현금ㆍ현물배당결정", "035720"), // KOSDAQ dividend
      row("20260716000004", "단일판매ㆍ공급계약체결", "035720"), // supply contract
      row("20260716000005", "현금ㆍ현물배당결정", "123456"), // not in the directory: no market
      row("20260301000006", "현금ㆍ현물배당결정", "005930", "20260301"), // a backfilled past day
    ];
    const counts = await storeFilings(db(), batch, seen);
    expect(counts.inserted).toBe(6);
    const ids = async (w: { id: string }) => (await matchesOf(db(), w.id)).map((m) => m.rcptNo);
    expect(await ids(byTicker)).toEqual(["20260716000001"]);
    expect(await ids(byTypeAndMarket)).toEqual(["20260716000003"]);
    expect(await ids(byWords)).toEqual(["20260716000004"]);
    expect(await ids(byAudience)).toEqual(["20260716000003", "20260716000005"]);
    // Each match has no endpoint: recorded for the cursor feed, nothing to push.
    expect((await matchesOf(db(), byTicker.id))[0].status).toBe("unsent");

    // The same rows again (a repeated poll), and a change of one: nothing new is matched.
    await storeFilings(db(), [...batch, { ...batch[0], rm: "정" }], new Date(seen.getTime() + 60_000));
    expect(await ids(byAudience)).toEqual(["20260716000003", "20260716000005"]);
    const events = await db().select().from(filingEvents);
    expect(events.map((e) => e.rcptNo).sort()).toEqual(batch.map((b) => b.rcept_no).sort());
  });

  it("delivers a match as a Standard Webhooks request the reference library verifies, with the filing's free labels", async () => {
    const w = await watchlist(db(), { tickers: ["005930"], webhookUrl: receiver.url });
    receiver.setSecret(w.secret);
    await storeFilings(db(), [row("20260716000001", "주요사항보고서(유상증자결정)")], new Date(T0.getTime() + 1000));
    const clock = settableClock(new Date(T0.getTime() + 2000).toISOString());
    const totals = await runDeliveryRound(db(), { clock, guard: LOCAL });
    expect(totals).toMatchObject({ claimed: 1, delivered: 1 });
    expect(receiver.deliveries).toHaveLength(1);
    const [d] = receiver.deliveries;
    expect(d.verified).toBe(true);
    expect(d.id).toBe(webhookIdOf(w.id, "20260716000001"));
    const body = JSON.parse(d.body);
    expect(body).toMatchObject({
      type: "filing.matched",
      data: {
        watchlistId: w.id,
        filing: { rcptNo: "20260716000001", ticker: "005930", eventType: "RIGHTS_OFFERING", importanceScore: 7 },
        links: { dart: expect.stringContaining("20260716000001") },
      },
    });
    const [m] = await matchesOf(db(), w.id);
    expect(m).toMatchObject({ status: "delivered", attempts: 1 });
    // Nothing is due any more.
    expect((await runDeliveryRound(db(), { clock, guard: LOCAL })).claimed).toBe(0);

    // A receiver holding another secret refuses the signature: the request was really signed with this one.
    receiver.setSecret(newWebhookSecret());
    await storeFilings(db(), [row("20260716000007", "단일판매ㆍ공급계약체결")], new Date(T0.getTime() + 3000));
    clock.advance(2000);
    expect((await runDeliveryRound(db(), { clock, guard: LOCAL })).retried).toBe(1);
    expect(receiver.deliveries).toHaveLength(2);
    expect(receiver.deliveries[1].verified).toBe(false);
  });

  it("spends one alert credit per delivered alert; with none left a match is recorded and not pushed", async () => {
    const buyer = "0x2222222222222222222222222222222222222222";
    await grantAlertCredit(db(), buyer, 2);
    const w = await watchlist(db(), { wallet: buyer, webhookUrl: receiver.url, tickers: ["005930"] });
    receiver.setSecret(w.secret);
    await storeFilings(
      db(),
      ["1", "2", "3"].map((n) => row(`2026071600000${n}`, "단일판매ㆍ공급계약체결")),
      T0,
    );
    const clock = settableClock(T0.toISOString());
    const rounds = [];
    for (let i = 0; i < 3; i++) rounds.push(await runDeliveryRound(db(), { clock, guard: LOCAL }));
    expect(rounds.map((r) => [r.delivered, r.unsent])).toEqual([
      [1, 0],
      [1, 0],
      [0, 1],
    ]);
    expect(receiver.deliveries).toHaveLength(2);
    expect((await matchesOf(db(), w.id)).map((m) => [m.status, m.charged, m.lastError])).toEqual([
      ["delivered", true, null],
      ["delivered", true, null],
      ["unsent", false, NO_CREDIT],
    ]);
    expect(await creditOf(db(), buyer)).toEqual({ bought: 2, spent: 2, balance: 0 });

    // A pack bought later pushes what is matched from then on.
    await grantAlertCredit(db(), buyer, 100);
    await storeFilings(db(), [row("20260716000004", "단일판매ㆍ공급계약체결")], T0);
    expect((await runDeliveryRound(db(), { clock, guard: LOCAL })).delivered).toBe(1);
    expect(await creditOf(db(), buyer)).toEqual({ bought: 102, spent: 3, balance: 99 });
  });

  it("shares a wallet's last credits among the alerts claimed together: never more sent than it has", async () => {
    const buyer = "0x4444444444444444444444444444444444444444";
    await grantAlertCredit(db(), buyer, 2);
    const lists: Watchlist[] = [];
    for (let i = 0; i < 3; i++)
      lists.push(await watchlist(db(), { wallet: buyer, webhookUrl: receiver.url, tickers: ["005930"] }));
    receiver.setSecret((body) => lists.find((w) => body.includes(w.id))!.secret);
    await storeFilings(db(), [row("20260716000009", "단일판매ㆍ공급계약체결")], T0);
    const clock = settableClock(T0.toISOString());
    expect(await runDeliveryRound(db(), { clock, guard: LOCAL })).toMatchObject({
      claimed: 3,
      delivered: 2,
      unsent: 1,
    });
    expect(receiver.deliveries).toHaveLength(2);
    expect(await creditOf(db(), buyer)).toEqual({ bought: 2, spent: 2, balance: 0 });
  });

  it("settles many 2xx answers in one statement: each charged while its wallet has credit, a stale claim settles nothing", async () => {
    const buyer = "0x5555555555555555555555555555555555555555";
    await grantAlertCredit(db(), buyer, 2);
    const lists: Watchlist[] = [];
    for (let i = 0; i < 4; i++)
      lists.push(await watchlist(db(), { wallet: buyer, webhookUrl: receiver.url, tickers: ["005930"] }));
    await storeFilings(db(), [row("20260716000010", "단일판매ㆍ공급계약체결")], T0);
    const claimed = await claimDueAlerts(db(), { now: T0, leaseMs: 60_000, limit: 10, busy: [] });
    expect(claimed).toHaveLength(4);
    // Alerts of earlier claims in flight together: more answers than the wallet has credits.
    const at = new Date(T0.getTime() + 500);
    const answers = claimed.map(({ match }, i) => ({
      // The last one's claim passed to another worker (its attempt number moved on).
      match: i === 3 ? { ...match, attempts: match.attempts - 1 } : match,
      at,
      attempt: { matchId: match.id, attempt: match.attempts, attemptedAt: at, statusCode: 204, durationMs: 3 },
    }));
    const settled = await settleDeliveredAlerts(db(), answers);
    expect([...settled].sort()).toEqual(
      claimed
        .slice(0, 3)
        .map((c) => c.match.id)
        .sort(),
    );
    const rows = await db().select().from(alertMatches).orderBy(alertMatches.id);
    expect(rows.map((m) => [m.status, m.charged])).toEqual([
      ["delivered", true],
      ["delivered", true],
      ["delivered", false],
      ["pending", false],
    ]);
    expect(await creditOf(db(), buyer)).toEqual({ bought: 2, spent: 2, balance: 0 });
    const recorded = await db().select().from(alertDeliveries);
    expect(recorded.map((d) => d.matchId).sort()).toEqual(
      claimed
        .slice(0, 3)
        .map((c) => c.match.id)
        .sort(),
    );
  });

  it("counts only settled pack payments as credit (pending, void and other purchases buy none)", async () => {
    const buyer = "0x3333333333333333333333333333333333333333";
    await grantAlertCredit(db(), buyer, 100);
    await grantAlertCredit(db(), buyer, 100);
    const rows = await db().select().from(payments).where(eq(payments.payer, buyer)).orderBy(payments.id);
    await db().update(payments).set({ status: "pending", settledAt: null }).where(eq(payments.id, rows[0].id));
    await db().update(payments).set({ status: "void", settledAt: null }).where(eq(payments.id, rows[1].id));
    expect(await creditOf(db(), buyer)).toEqual({ bought: 0, spent: 0, balance: 0 });
    await db().update(payments).set({ status: "settled", settledAt: new Date() }).where(eq(payments.id, rows[0].id));
    // The wallet as a sign-in names it (checksummed) or lower-cased: one balance.
    expect((await creditOf(db(), buyer.toUpperCase().replace("0X", "0x"))).balance).toBe(100);
    await db()
      .update(payments)
      .set({ status: "settled", paidEndpoint: "get-summary", settledAt: new Date() })
      .where(eq(payments.id, rows[1].id));
    expect((await creditOf(db(), buyer)).bought).toBe(100);
  });

  it("retries a failing receiver on the backoff schedule under one webhook-id and body, then fails the alert and disables the endpoint", async () => {
    const w = await watchlist(db(), { webhookUrl: receiver.url, tickers: ["005930"] });
    receiver.setSecret(w.secret);
    receiver.setMode("fail");
    await storeFilings(db(), [row("20260716000001", "주요사항보고서(유상증자결정)")], T0);
    const clock = settableClock(T0.toISOString());
    const schedule = [1_000, 2_000, 4_000, 8_000];
    const options = { clock, guard: LOCAL, retryScheduleMs: schedule, disableAfter: 1 };
    for (const delay of schedule) {
      expect((await runDeliveryRound(db(), options)).retried).toBe(1);
      clock.advance(delay - 1);
      expect((await runDeliveryRound(db(), options)).claimed).toBe(0); // not due yet
      clock.advance(1);
    }
    expect((await runDeliveryRound(db(), options)).failed).toBe(1);
    expect(receiver.deliveries).toHaveLength(schedule.length + 1);
    expect(receiver.deliveries.every((d) => d.verified)).toBe(true);
    const bodies = receiver.bodiesById();
    expect([...bodies.keys()]).toEqual([webhookIdOf(w.id, "20260716000001")]);
    expect(bodies.get(webhookIdOf(w.id, "20260716000001"))!.size).toBe(1);
    const [m] = await matchesOf(db(), w.id);
    expect(m).toMatchObject({ status: "failed", attempts: 5, lastError: "the receiver answered 500" });
    const attempts = await db().select().from(alertDeliveries).where(eq(alertDeliveries.matchId, m.id));
    expect(attempts.map((a) => a.statusCode)).toEqual([500, 500, 500, 500, 500]);
    const [after] = await db().select().from(watchlists).where(eq(watchlists.id, w.id));
    expect(after.disabledReason).toMatch(/1 alerts in a row failed every retry/);
    // A disabled endpoint still fills the cursor feed, unsent.
    await storeFilings(db(), [row("20260716000009", "단일판매ㆍ공급계약체결")], new Date(T0.getTime() + 1));
    const later = await matchesOf(db(), w.id);
    expect(later.map((x) => x.status)).toEqual(["failed", "unsent"]);
  });

  it("a worker that dies mid-delivery loses nothing: the lease passes and the same body goes out under the same webhook-id", async () => {
    const w = await watchlist(db(), { webhookUrl: receiver.url });
    receiver.setSecret(w.secret);
    await storeFilings(db(), [row("20260716000001", "주요사항보고서(유상증자결정)")], T0);
    const clock = settableClock(T0.toISOString());
    // The dead worker: claimed, froze the body, sent it (the receiver got it), died before settling.
    const [claimed] = await claimDueAlerts(db(), { now: clock.now(), leaseMs: 40_000, limit: 10, busy: [] });
    const frozen = await freezeAlertBody(db(), claimed.match.id, await alertBody(db(), claimed));
    await fetch(receiver.url, {
      method: "POST",
      body: frozen,
      headers: { "webhook-id": webhookIdOf(w.id, claimed.match.rcptNo) },
    });
    // While its lease holds nobody else takes the row.
    expect((await runDeliveryRound(db(), { clock, guard: LOCAL })).claimed).toBe(0);
    clock.advance(40_000);
    expect((await runDeliveryRound(db(), { clock, guard: LOCAL })).delivered).toBe(1);
    const bodies = receiver.bodiesById().get(webhookIdOf(w.id, "20260716000001"))!;
    expect(bodies.size).toBe(1);
    expect([...bodies][0]).toBe(frozen);
    // A late settlement by the dead worker's claim changes nothing (fenced on the attempt).
    const [m] = await matchesOf(db(), w.id);
    expect(m).toMatchObject({ status: "delivered", attempts: 2 });
  });

  it("a watchlist deleted while its alert is in flight: the delivery settles nothing and fails nothing", async () => {
    const w = await watchlist(db(), { webhookUrl: receiver.url });
    receiver.setSecret(w.secret);
    await storeFilings(db(), [row("20260716000001", "주요사항보고서(유상증자결정)")], T0);
    const [claimed] = await claimDueAlerts(db(), { now: T0, leaseMs: 40_000, limit: 10, busy: [] });
    await db().delete(watchlists).where(eq(watchlists.id, w.id));
    await expect(deliverClaimed(db(), claimed, { guard: LOCAL })).resolves.toBe("delivered");
    expect(receiver.deliveries).toHaveLength(1);
    expect(await db().select().from(alertMatches)).toEqual([]);
    expect(await db().select().from(alertDeliveries)).toEqual([]);
  });

  it("a hung receiver holds one slot: other watchlists' alerts are delivered meanwhile", async () => {
    const slow = await startReceiver();
    try {
      const a = await watchlist(db(), { webhookUrl: slow.url, tickers: ["005930"] });
      const b = await watchlist(db(), { webhookUrl: receiver.url, tickers: ["005930"] });
      slow.setSecret(a.secret);
      slow.setMode("hang");
      receiver.setSecret(b.secret);
      await storeFilings(
        db(),
        [row("20260716000001", "주요사항보고서(유상증자결정)"), row("20260716000002", "단일판매ㆍ공급계약체결")],
        T0,
      );
      const worker = startDeliveryWorker(async () => db(), { guard: LOCAL, pollMs: 10, timeoutMs: 60_000 });
      try {
        await vi.waitFor(
          async () => expect((await matchesOf(db(), b.id)).map((m) => m.status)).toEqual(["delivered", "delivered"]),
          {
            timeout: 10_000,
            interval: 20,
          },
        );
        // The slow one got its first request and is still holding it; its second alert waits its turn.
        expect(slow.deliveries).toHaveLength(1);
        expect((await matchesOf(db(), a.id)).map((m) => m.status)).toEqual(["pending", "pending"]);
      } finally {
        await slow.close(); // the hung request ends (an error: retried later), so the worker can stop
        await worker.stop();
      }
    } finally {
      await slow.close().catch(() => undefined);
    }
  });
});
