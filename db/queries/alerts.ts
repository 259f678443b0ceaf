/**
 * Watchlists, their matches (the alerts' outbox and delivery jobs), delivery attempts, the
 * stream's filing events and alert credit. Every function takes the database first.
 *
 * Matching is SQL run inside the transaction that inserts filings (recordNewFilings, called by
 * upsertFilings), so a match exists exactly when its filing does: one row per (watchlist, filing),
 * whatever repeats, crashes or overlapping writers do.
 */
import { and, asc, count, desc, eq, gt, inArray, lt, sql, type SQL } from "drizzle-orm";
import type { Db } from "../client";
import { alertCredit, alertDeliveries, alertMatches, filingEvents, filings, watchlists } from "../schema";

export type Watchlist = typeof watchlists.$inferSelect;
export type AlertMatch = typeof alertMatches.$inferSelect;
export type AlertDelivery = typeof alertDeliveries.$inferSelect;

export interface WatchlistFilters {
  tickers: string[];
  eventTypes: string[];
  minImportance: number;
  markets: string[];
  audiences: string[];
  titleWords: string[];
}

/**
 * Inside the filing transaction: a stream event for each new filing, and a match for each
 * watchlist whose filters it meets. A filing whose feed time is before the watchlist was created
 * (a backfill of past days) is no alert. A watchlist without an endpoint, or disabled, records
 * the match as `unsent`: it is in the cursor feed, nothing is pushed.
 */
export async function recordNewFilings(tx: Db, rcptNos: string[]): Promise<void> {
  const list = sql`${`{${rcptNos.join(",")}}`}::text[]`;
  await tx.execute(sql`
    insert into filing_events (rcpt_no, created_at)
    select f.rcpt_no, f.first_seen_at from filings f where f.rcpt_no = any(${list}) order by f.feed_at, f.rcpt_no`);
  await tx.execute(sql`
    insert into alert_matches (watchlist_id, rcpt_no, matched_at, next_attempt_at, status)
    select w.id, f.rcpt_no, f.first_seen_at, f.first_seen_at,
      case when w.webhook_url is null or w.disabled_at is not null then 'unsent' else 'pending' end
    from filings f
    left join companies c on c.ticker = f.ticker
    join watchlists w on f.feed_at >= w.created_at
      and (cardinality(w.tickers) = 0 or f.ticker = any(w.tickers))
      and (cardinality(w.event_types) = 0 or f.event_type = any(w.event_types))
      and f.importance_score >= w.min_importance
      and (cardinality(w.markets) = 0 or c.market = any(w.markets))
      and (cardinality(w.audiences) = 0 or f.actionable_for && w.audiences)
      and not exists (
        select 1 from unnest(w.title_words) as word
        where strpos(lower(f.report_nm || ' ' || f.report_nm_en), lower(word)) = 0)
    where f.rcpt_no = any(${list}) and f.ticker is not null
    order by f.feed_at, f.rcpt_no
    on conflict (watchlist_id, rcpt_no) do nothing`);
}

// ---------- watchlists ----------

export async function countWatchlists(db: Db, wallet: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(watchlists).where(eq(watchlists.wallet, wallet));
  return row?.n ?? 0;
}

export async function insertWatchlist(db: Db, row: typeof watchlists.$inferInsert): Promise<Watchlist> {
  const [written] = await db.insert(watchlists).values(row).returning();
  return written;
}

export async function listWatchlists(db: Db, wallet: string): Promise<Watchlist[]> {
  return db
    .select()
    .from(watchlists)
    .where(eq(watchlists.wallet, wallet))
    .orderBy(asc(watchlists.createdAt), asc(watchlists.id));
}

/** The wallet's watchlist `id`; undefined when there is none, or it is another wallet's. */
export async function getWatchlist(db: Db, wallet: string, id: string): Promise<Watchlist | undefined> {
  const [row] = await db
    .select()
    .from(watchlists)
    .where(and(eq(watchlists.id, id), eq(watchlists.wallet, wallet)));
  return row;
}

/**
 * Watchlist `id` whoever owns it: only for a request that proves access itself (the private Atom
 * feed's token, lib/alerts/feed.ts).
 */
export async function getWatchlistById(db: Db, id: string): Promise<Watchlist | undefined> {
  const [row] = await db.select().from(watchlists).where(eq(watchlists.id, id));
  return row;
}

export async function updateWatchlist(
  db: Db,
  wallet: string,
  id: string,
  changes: Partial<Omit<typeof watchlists.$inferInsert, "id" | "wallet" | "createdAt">>,
): Promise<Watchlist | undefined> {
  const [row] = await db
    .update(watchlists)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(watchlists.id, id), eq(watchlists.wallet, wallet)))
    .returning();
  return row;
}

export async function deleteWatchlist(db: Db, wallet: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(watchlists)
    .where(and(eq(watchlists.id, id), eq(watchlists.wallet, wallet)))
    .returning({ id: watchlists.id });
  return rows.length > 0;
}

// ---------- the cursor feed ----------

/** A watchlist's matches in the order they were made, after match `afterId`. */
export async function alertsAfter(db: Db, watchlistId: string, afterId: number, limit: number): Promise<AlertMatch[]> {
  return db
    .select()
    .from(alertMatches)
    .where(and(eq(alertMatches.watchlistId, watchlistId), gt(alertMatches.id, afterId)))
    .orderBy(asc(alertMatches.id))
    .limit(limit);
}

/** A watchlist's newest matches, newest first (the private Atom feed). */
export async function latestAlerts(db: Db, watchlistId: string, limit: number): Promise<AlertMatch[]> {
  return db
    .select()
    .from(alertMatches)
    .where(eq(alertMatches.watchlistId, watchlistId))
    .orderBy(desc(alertMatches.id))
    .limit(limit);
}

/** A watchlist's latest delivery attempts, newest first, with the filing each was for. */
export async function latestDeliveries(
  db: Db,
  watchlistId: string,
  limit: number,
): Promise<(AlertDelivery & { rcptNo: string })[]> {
  const rows = await db
    .select({ delivery: alertDeliveries, rcptNo: alertMatches.rcptNo })
    .from(alertDeliveries)
    .innerJoin(alertMatches, eq(alertMatches.id, alertDeliveries.matchId))
    .where(eq(alertMatches.watchlistId, watchlistId))
    .orderBy(desc(alertDeliveries.id))
    .limit(limit);
  return rows.map((r) => ({ ...r.delivery, rcptNo: r.rcptNo }));
}

// ---------- the delivery queue ----------

/** A claimed match with what sending it needs. */
export interface ClaimedAlert {
  match: AlertMatch;
  watchlist: Watchlist;
  /** The owner's alert credit left when it was claimed. */
  credit: number;
}

/**
 * Claims up to `limit` due matches for `leaseMs` (FOR UPDATE SKIP LOCKED: concurrent workers
 * never take the same row; a worker that dies leaves its rows to be taken again once the lease
 * has passed), at most one per watchlist and none of the watchlists in `busy` (this worker's in
 * flight), so a slow endpoint holds one slot at most. Each claim counts as an attempt.
 */
export async function claimDueAlerts(
  db: Db,
  { now, leaseMs, limit, busy }: { now: Date; leaseMs: number; limit: number; busy: readonly string[] },
): Promise<ClaimedAlert[]> {
  const at = now.toISOString();
  const lease = new Date(now.getTime() + leaseMs).toISOString();
  const busyList = sql`${`{${busy.join(",")}}`}::text[]`;
  const claimed = await db.execute<{ id: number }>(sql`
    with claimed as (
      update alert_matches m set locked_until = ${lease}, attempts = m.attempts + 1
      where m.id in (
        select id from alert_matches
        where id in (
          select distinct on (watchlist_id) id from (
            -- A bounded window of the due rows, oldest first (the partial index on next_attempt_at).
            select id, watchlist_id, next_attempt_at from alert_matches
            where status = 'pending' and next_attempt_at <= ${at}
              and (locked_until is null or locked_until <= ${at})
              and not (watchlist_id = any(${busyList}))
            order by next_attempt_at, id
            limit ${limit * 8}) due
          order by watchlist_id, next_attempt_at, id)
        order by next_attempt_at, id
        limit ${limit}
        for update skip locked)
      returning m.id, m.watchlist_id),
    -- Each owner's credit row exists before its alerts are settled, which lock it (spent 0 at first).
    credit_rows as (
      insert into alert_credit (wallet, spent, updated_at)
      select distinct lower(w.wallet), 0, now() from claimed c join watchlists w on w.id = c.watchlist_id
      on conflict (wallet) do nothing)
    select id from claimed`);
  const ids = rowsOf<{ id: number }>(claimed).map((r) => Number(r.id));
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      match: alertMatches,
      watchlist: watchlists,
      credit: sql<number>`(${boughtBy(sql`${watchlists.wallet}`)} - coalesce((select c.spent from ${alertCredit} c where c.wallet = lower(${watchlists.wallet})), 0))::int`,
    })
    .from(alertMatches)
    .innerJoin(watchlists, eq(watchlists.id, alertMatches.watchlistId))
    .where(inArray(alertMatches.id, ids))
    .orderBy(asc(alertMatches.nextAttemptAt), asc(alertMatches.id));
  return rows.map((r) => ({ ...r, credit: Number(r.credit) }));
}

/** The body every attempt of a match sends: `body` if none was frozen yet, else the one that was. */
export async function freezeAlertBody(db: Db, matchId: number, body: string): Promise<string> {
  const [row] = await db
    .update(alertMatches)
    .set({ body: sql`coalesce(${alertMatches.body}, ${body})` })
    .where(eq(alertMatches.id, matchId))
    .returning({ body: alertMatches.body });
  return row?.body ?? body;
}

/** freezeAlertBody for many matches in one statement: each keeps a body it already had. */
export async function freezeAlertBodies(db: Db, bodies: { id: number; body: string }[]): Promise<Map<number, string>> {
  if (bodies.length === 0) return new Map();
  const values = sql.join(
    bodies.map((b) => sql`(${b.id}::bigint, ${b.body}::text)`),
    sql`, `,
  );
  const result = await db.execute<{ id: number; body: string }>(sql`
    update alert_matches m set body = coalesce(m.body, v.body)
    from (values ${values}) as v(id, body)
    where m.id = v.id
    returning m.id, m.body`);
  return new Map(rowsOf<{ id: number; body: string }>(result).map((r) => [Number(r.id), r.body]));
}

export async function recordAlertAttempt(db: Db, attempt: typeof alertDeliveries.$inferInsert): Promise<void> {
  await db.insert(alertDeliveries).values(attempt);
}

export type NewAttempt = typeof alertDeliveries.$inferInsert;

/** What else an attempt can end in (a 2xx is settleDeliveredAlerts'). */
export type AlertOutcome =
  | { kind: "retry"; at: Date; nextAttemptAt: Date; error: string }
  | { kind: "failed"; at: Date; error: string; disableAfter: number }
  | { kind: "unsent"; at: Date; error: string };

/**
 * Settles a claimed match that got no 2xx, fenced on its attempt number (a worker whose lease
 * passed and whose row was claimed again settles nothing). A final failure spends one alert
 * credit of the owner when it has one, and counts against the endpoint, which is disabled once
 * `disableAfter` matches in a row have failed (any 2xx resets the count).
 * Returns whether this worker's claim still held.
 */
export async function settleAlert(db: Db, claimed: AlertMatch, outcome: AlertOutcome): Promise<boolean> {
  return db
    .transaction(async (tx) => {
      const fence = and(
        eq(alertMatches.id, claimed.id),
        eq(alertMatches.attempts, claimed.attempts),
        eq(alertMatches.status, "pending"),
      );
      const base = { lockedUntil: null };
      let rows: { id: number }[];
      if (outcome.kind === "retry") {
        rows = await tx
          .update(alertMatches)
          .set({ ...base, nextAttemptAt: outcome.nextAttemptAt, lastError: outcome.error })
          .where(fence)
          .returning({ id: alertMatches.id });
        return rows.length > 0;
      }
      if (outcome.kind === "unsent") {
        rows = await tx
          .update(alertMatches)
          .set({ ...base, status: "unsent", lastError: outcome.error })
          .where(fence)
          .returning({ id: alertMatches.id });
        return rows.length > 0;
      }
      // A final failure: the last retry spends a credit too.
      const [watchlist] = await tx
        .select({ wallet: watchlists.wallet })
        .from(watchlists)
        .where(eq(watchlists.id, claimed.watchlistId));
      const spent = watchlist ? await spendCredit(tx as unknown as Db, watchlist.wallet) : false;
      rows = await tx
        .update(alertMatches)
        .set({ ...base, status: "failed", lastError: outcome.error, charged: spent })
        .where(fence)
        .returning({ id: alertMatches.id });
      if (rows.length === 0) {
        tx.rollback();
        return false;
      }
      await tx
        .update(watchlists)
        .set({
          consecutiveFailures: sql`${watchlists.consecutiveFailures} + 1`,
          disabledAt: sql`case when ${watchlists.consecutiveFailures} + 1 >= ${outcome.disableAfter} and ${watchlists.disabledAt} is null then ${outcome.at.toISOString()}::timestamptz else ${watchlists.disabledAt} end`,
          disabledReason: sql`case when ${watchlists.consecutiveFailures} + 1 >= ${outcome.disableAfter} and ${watchlists.disabledAt} is null then ${`${outcome.disableAfter} alerts in a row failed every retry; last: ${outcome.error}`} else ${watchlists.disabledReason} end`,
        })
        .where(eq(watchlists.id, claimed.watchlistId));
      return true;
    })
    .catch((error: unknown) => {
      // tx.rollback() throws to end the transaction: the claim had passed to another worker.
      if (error instanceof Error && /rollback/i.test(error.message)) return false;
      throw error;
    });
}

/** A 2xx to settle: the claimed match, when it was delivered, and its attempt to record. */
export interface DeliveredAlert {
  match: AlertMatch;
  at: Date;
  attempt: NewAttempt;
}

/**
 * 2xx answers settled together in one statement, whatever their number (the common path: the
 * worker gathers the answers of a few milliseconds). Each match is fenced on its claim's attempt
 * number, which only the worker holding that claim has; its attempt is recorded; the endpoint's
 * failure count is reset. Credit: the owners' credit rows (made by the claim) are locked, each
 * wallet spends one per settled alert while it has any (in match order), and `charged` says
 * which did. Returns the ids whose claim still held.
 */
export async function settleDeliveredAlerts(db: Db, delivered: readonly DeliveredAlert[]): Promise<Set<number>> {
  if (delivered.length === 0) return new Set();
  const values = sql.join(
    delivered.map(
      ({ match, at, attempt }) =>
        sql`(${match.id}::bigint, ${match.attempts}::int, ${at.toISOString()}::timestamptz, ${attempt.attempt}::int,
          ${attempt.attemptedAt.toISOString()}::timestamptz, ${attempt.statusCode ?? null}::int, ${attempt.durationMs}::int)`,
    ),
    sql`, `,
  );
  const result = await db.execute<{ id: number }>(sql`
    with v(id, attempts, delivered_at, attempt, attempted_at, status_code, duration_ms) as (values ${values}),
    fenced as (
      select m.id, lower(w.wallet) as wallet from alert_matches m
      join v on v.id = m.id and v.attempts = m.attempts
      join watchlists w on w.id = m.watchlist_id
      where m.status = 'pending'
      for update of m),
    credit as (
      select c.wallet, greatest(${boughtBy(sql`c.wallet`)} - c.spent, 0) as left_over from alert_credit c
      where c.wallet in (select wallet from fenced)
      for update),
    charged as (
      select f.id, f.wallet, row_number() over (partition by f.wallet order by f.id) <= coalesce(c.left_over, 0) as charged
      from fenced f left join credit c on c.wallet = f.wallet),
    spent as (
      update alert_credit c set spent = c.spent + x.n, updated_at = now()
      from (select wallet, count(*) filter (where charged) as n from charged group by wallet) x
      where c.wallet = x.wallet and x.n > 0
      returning 1),
    settled as (
      update alert_matches m set status = 'delivered', delivered_at = v.delivered_at, locked_until = null,
        last_error = null, charged = ch.charged
      from charged ch join v on v.id = ch.id
      where m.id = ch.id
      returning m.id, m.watchlist_id),
    reset as (
      update watchlists set consecutive_failures = 0
      where id in (select watchlist_id from settled) and consecutive_failures <> 0
      returning 1),
    recorded as (
      insert into alert_deliveries (match_id, attempt, attempted_at, status_code, error, duration_ms)
      select v.id, v.attempt, v.attempted_at, v.status_code, null, v.duration_ms from v join settled s on s.id = v.id
      returning 1)
    select id from settled`);
  return new Set(rowsOf<{ id: number }>(result).map((r) => Number(r.id)));
}

/** Disables a watchlist's deliveries now, saying why (an endpoint that may never be called). */
export async function disableWatchlist(db: Db, id: string, reason: string, at: Date): Promise<void> {
  await db
    .update(watchlists)
    .set({ disabledAt: at, disabledReason: reason })
    .where(and(eq(watchlists.id, id), sql`${watchlists.disabledAt} is null`));
}

// ---------- alert credit ----------

/** The ledger's paid endpoint id of an alert pack (lib/interface's PaidEndpointId names the same). */
export const ALERT_PACK_ENDPOINT = "buy-alert-credit";

/** Alerts the wallet's settled pack payments bought (each row's params.alerts). */
const boughtBy = (wallet: SQL) => sql`(
  select coalesce(sum((p.params->>'alerts')::int), 0) from payments p
  where lower(p.payer) = lower(${wallet}) and p.paid_endpoint = ${ALERT_PACK_ENDPOINT} and p.status = 'settled')`;

/** One credit spent, if the wallet has bought more than it spent: returns a row when it was. */
const spendOne = (wallet: SQL) => sql`
  insert into alert_credit (wallet, spent, updated_at)
  select lower(${wallet}), 1, now() where ${boughtBy(wallet)} >= 1
  on conflict (wallet) do update set spent = alert_credit.spent + 1, updated_at = now()
    where alert_credit.spent < ${boughtBy(wallet)}
  returning 1`;

/** One credit off the wallet's balance when it has any; whether one was spent. */
export async function spendCredit(db: Db, wallet: string): Promise<boolean> {
  return rowsOf(await db.execute(spendOne(sql`${wallet}`))).length > 0;
}

export interface AlertCredit {
  /** Alerts bought: the wallet's settled alert-pack payments. */
  bought: number;
  /** Alerts delivered (or finally failed) and charged. */
  spent: number;
  balance: number;
}

export async function creditOf(db: Db, wallet: string): Promise<AlertCredit> {
  const [row] = rowsOf<{ bought: number; spent: number }>(
    await db.execute(sql`select ${boughtBy(sql`${wallet}`)}::int as bought,
      coalesce((select spent from ${alertCredit} where wallet = lower(${wallet})), 0)::int as spent`),
  );
  const bought = Number(row?.bought ?? 0);
  const spent = Number(row?.spent ?? 0);
  return { bought, spent, balance: Math.max(0, bought - spent) };
}

// ---------- the stream ----------

export interface FilingEvent {
  id: number;
  rcptNo: string;
}

/** New filings stored after event `afterId`, oldest first. */
export async function filingEventsAfter(db: Db, afterId: number, limit: number): Promise<FilingEvent[]> {
  return db
    .select({ id: filingEvents.id, rcptNo: filingEvents.rcptNo })
    .from(filingEvents)
    .where(gt(filingEvents.id, afterId))
    .orderBy(asc(filingEvents.id))
    .limit(limit);
}

export async function lastFilingEventId(db: Db): Promise<number> {
  const [row] = await db.select({ id: filingEvents.id }).from(filingEvents).orderBy(desc(filingEvents.id)).limit(1);
  return row?.id ?? 0;
}

// ---------- freshness ----------

/** Seconds from a filing's receipt day start (KST) to when it was first seen, over the newest `limit` filings. */
export async function recentFirstSeen(db: Db, limit: number): Promise<{ rceptDt: string; firstSeenAt: Date }[]> {
  return db
    .select({ rceptDt: filings.rceptDt, firstSeenAt: filings.firstSeenAt })
    .from(filings)
    .orderBy(desc(filings.firstSeenAt), desc(filings.rcptNo))
    .limit(limit);
}

/** Milliseconds from match to 2xx of the newest `limit` delivered alerts. */
export async function recentDeliveryLatencies(db: Db, limit: number): Promise<number[]> {
  const rows = await db
    .select({ ms: sql<number>`extract(epoch from (${alertMatches.deliveredAt} - ${alertMatches.matchedAt})) * 1000` })
    .from(alertMatches)
    .where(and(eq(alertMatches.status, "delivered"), lt(alertMatches.matchedAt, sql`now() + interval '1 day'`)))
    .orderBy(desc(alertMatches.deliveredAt))
    .limit(limit);
  return rows.map((r) => Number(r.ms));
}

/** node-postgres answers execute() with { rows }, PGlite too; some drivers with the rows themselves. */
function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
