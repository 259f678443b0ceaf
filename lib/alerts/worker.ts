/**
 * The delivery worker: sends the outbox (alert_matches) as signed webhooks.
 *
 * Mechanism: a table-based queue on the outbox itself, claimed with `FOR UPDATE SKIP LOCKED`
 * under a lease (db/queries/alerts.ts). pg-boss and graphile-worker need a real PostgreSQL
 * server (LISTEN/NOTIFY, several connections, their own schema management), while the default
 * database here is PGlite (one connection, in process); the outbox is one table either way, and
 * the same rows are the cursor feed, so no second copy of a job can drift from it.
 *
 * - Self-hosted, startDeliveryWorker runs in the server process (instrumentation.ts); on Vercel,
 *   /api/cron/alerts runs rounds for most of a minute (drainDeliveries).
 * - At most one alert per watchlist is in flight per worker, and each attempt has a deadline, so
 *   a slow or dead receiver holds one slot, never the others' deliveries.
 * - The body is frozen in the row before its first attempt; a worker killed at any point leaves
 *   the row claimed until its lease passes, then it is sent again under the same webhook-id with
 *   the same bytes (at-least-once; receivers de-duplicate on webhook-id, as the spec says).
 * - Retries back off exponentially (RETRY_SCHEDULE_MS: 7 attempts over about 4 h); once every
 *   attempt failed the alert is `failed`, and an endpoint whose DISABLE_AFTER alerts in a row
 *   failed is disabled with the reason stored (PATCH enabled=true resumes it). An address the
 *   SSRF guard refuses disables the endpoint at once.
 * - Alerts are pushed only while the owner's wallet has alert credit (bought in packs at POST
 *   /v1/alerts/credit); one is spent per 2xx or final failure. Without credit a match is
 *   `unsent`, and stays in the cursor feed.
 */
import type { Db } from "@/db";
import {
  claimDueAlerts,
  disableWatchlist,
  freezeAlertBodies,
  freezeAlertBody,
  getFilingView,
  recordAlertAttempt,
  settleAlert,
  settleDeliveredAlerts,
  type ClaimedAlert,
  type DeliveredAlert,
} from "@/db/queries";
import { toRecentFilingDto } from "@/lib/disclosures";
import { publicBaseUrl } from "@/lib/env";
import type { GuardSettings } from "./ssrf";
import { sendWebhook } from "./webhook";

/** Delays after attempt 1, 2, …: 7 attempts over 3 h 42 min 30 s. */
export const RETRY_SCHEDULE_MS = [30_000, 120_000, 600_000, 1_800_000, 3_600_000, 7_200_000];
/** Alerts in a row whose every attempt failed before the endpoint is disabled. */
export const DISABLE_AFTER = 5;
export const ATTEMPT_TIMEOUT_MS = 10_000;
/** Why a match was not pushed: the wallet's credit is used up. */
export const NO_CREDIT =
  "no alert credit left: buy a pack at POST /v1/alerts/credit (the alert stays in GET /v1/alerts)";

export interface DeliveryOptions {
  clock?: { now(): Date };
  retryScheduleMs?: readonly number[];
  timeoutMs?: number;
  disableAfter?: number;
  /** Alerts in flight at once (each from a different watchlist). */
  concurrency?: number;
  guard: GuardSettings;
}

export interface RoundTotals {
  claimed: number;
  delivered: number;
  retried: number;
  failed: number;
  unsent: number;
}

const settings = (o: DeliveryOptions) => ({
  now: () => (o.clock ?? { now: () => new Date() }).now(),
  schedule: o.retryScheduleMs ?? RETRY_SCHEDULE_MS,
  timeoutMs: o.timeoutMs ?? ATTEMPT_TIMEOUT_MS,
  disableAfter: o.disableAfter ?? DISABLE_AFTER,
  concurrency: o.concurrency ?? 32,
});

/** The webhook-id of a match: the same for every attempt, and for nothing else. */
export function webhookIdOf(watchlistId: string, rcptNo: string): string {
  return `msg_${watchlistId}_${rcptNo}`;
}

/** Filing rows read for bodies, briefly: a burst's filing usually matches several watchlists. */
const views = new Map<string, { at: number; view: Promise<Awaited<ReturnType<typeof getFilingView>>> }>();
const VIEW_TTL_MS = 30_000;

function filingViewOf(db: Db, rcptNo: string) {
  const cached = views.get(rcptNo);
  if (cached && Date.now() - cached.at < VIEW_TTL_MS) return cached.view;
  if (views.size >= 1_000) views.clear();
  const view = getFilingView(db, rcptNo);
  views.set(rcptNo, { at: Date.now(), view });
  view.catch(() => views.delete(rcptNo));
  return view;
}

/** The JSON an alert delivers: the filing's free labels and links. */
export async function alertBody(db: Db, claimed: ClaimedAlert): Promise<string> {
  const { match } = claimed;
  const view = await filingViewOf(db, match.rcptNo);
  const base = publicBaseUrl();
  const filing = view ? toRecentFilingDto(view) : null;
  return JSON.stringify({
    type: "filing.matched",
    timestamp: match.matchedAt.toISOString(),
    data: {
      watchlistId: match.watchlistId,
      alertId: webhookIdOf(match.watchlistId, match.rcptNo),
      filing,
      links: {
        dart: filing?.sourceUrl ?? null,
        page: `${base}/filings/${match.rcptNo}`,
        summary: `${base}/v1/disclosures/summary?rcptNo=${match.rcptNo}`,
        alerts: `${base}/v1/alerts?watchlist=${match.watchlistId}`,
      },
    },
  });
}

/** Secrets that sign now: the current one, and the previous one until its grace period ends. */
export function signingSecrets(w: ClaimedAlert["watchlist"], now: Date): string[] {
  return w.previousSecret && w.previousSecretExpiresAt && w.previousSecretExpiresAt > now
    ? [w.secret, w.previousSecret]
    : [w.secret];
}

/** The most 2xx answers one statement settles, and how long the first waits for others. */
const GROUP_LIMIT = 100;
const GROUP_WINDOW_MS = 5;

/**
 * 2xx answers are settled in groups (group commit): the answers of a few milliseconds, and those
 * that arrive while a group's statement runs, are written in one statement. A burst then costs a
 * statement per group rather than per alert (on PGlite every statement holds the server's one
 * thread); an idle worker adds GROUP_WINDOW_MS to an alert's settling, never to its sending.
 */
const settlers = new WeakMap<Db, (delivered: DeliveredAlert) => Promise<boolean>>();

function settleDelivered(db: Db, delivered: DeliveredAlert): Promise<boolean> {
  let settle = settlers.get(db);
  if (!settle) {
    const waiting: { delivered: DeliveredAlert; done: (settled: boolean) => void; fail: (e: unknown) => void }[] = [];
    let writing = false;
    const gather = () => new Promise<void>((next) => setTimeout(next, GROUP_WINDOW_MS));
    const drain = async () => {
      writing = true;
      await gather();
      while (waiting.length > 0) {
        const group = waiting.splice(0, GROUP_LIMIT);
        try {
          const settled = await settleDeliveredAlerts(
            db,
            group.map((g) => g.delivered),
          );
          for (const g of group) g.done(settled.has(g.delivered.match.id));
        } catch (error) {
          for (const g of group) g.fail(error);
        }
        if (waiting.length > 0 && waiting.length < GROUP_LIMIT) await gather();
      }
      writing = false;
    };
    settle = (d) =>
      new Promise<boolean>((done, fail) => {
        waiting.push({ delivered: d, done, fail });
        if (!writing) void drain();
      });
    settlers.set(db, settle);
  }
  return settle(delivered);
}

/** One attempt of a claimed alert, recorded and settled. */
export async function deliverClaimed(
  db: Db,
  claimed: ClaimedAlert,
  options: DeliveryOptions,
): Promise<keyof Omit<RoundTotals, "claimed">> {
  const s = settings(options);
  const { match, watchlist } = claimed;
  if (!watchlist.webhookUrl || watchlist.disabledAt) {
    const why = watchlist.webhookUrl ? `deliveries disabled: ${watchlist.disabledReason}` : "no webhook endpoint";
    await settleAlert(db, match, { kind: "unsent", at: s.now(), error: why });
    return "unsent";
  }
  // Pushed only while the wallet has credit; the match stays in the cursor feed either way.
  if (claimed.credit <= 0) {
    await settleAlert(db, match, { kind: "unsent", at: s.now(), error: NO_CREDIT });
    return "unsent";
  }
  const body = match.body ?? (await freezeAlertBody(db, match.id, await alertBody(db, claimed)));
  // webhook-timestamp is the receiver's replay check: always the real time of sending.
  const at = new Date();
  const result = await sendWebhook({
    url: watchlist.webhookUrl,
    id: webhookIdOf(match.watchlistId, match.rcptNo),
    body,
    secrets: signingSecrets(watchlist, at),
    at,
    timeoutMs: s.timeoutMs,
    guard: options.guard,
  });
  const attempt = {
    matchId: match.id,
    attempt: match.attempts,
    attemptedAt: s.now(),
    statusCode: result.statusCode,
    error: result.error,
    durationMs: result.durationMs,
  };
  const done = s.now();
  if (result.error === null) {
    await settleDelivered(db, { match, at: done, attempt });
    return "delivered";
  }
  await recordAlertAttempt(db, attempt);
  if (result.refused) {
    await disableWatchlist(db, watchlist.id, result.error!, done);
    await settleAlert(db, match, { kind: "unsent", at: done, error: result.error! });
    return "unsent";
  }
  if (match.attempts > s.schedule.length) {
    await settleAlert(db, match, { kind: "failed", at: done, error: result.error, disableAfter: s.disableAfter });
    return "failed";
  }
  const delay = s.schedule[match.attempts - 1];
  await settleAlert(db, match, {
    kind: "retry",
    at: done,
    nextAttemptAt: new Date(done.getTime() + delay),
    error: result.error,
  });
  return "retried";
}

const leaseMs = (o: DeliveryOptions) => settings(o).timeoutMs + 30_000;

/**
 * Each wallet's credit shared out over its claimed alerts in order: the first gets the balance,
 * the next one less, so a claim never sends more than the wallet has left. Alerts of earlier
 * claims still in flight are not charged yet: together they may pass the last credit by the
 * number in flight, and those are not charged.
 */
function sharedCredit(claimed: ClaimedAlert[]): ClaimedAlert[] {
  const left = new Map<string, number>();
  return claimed.map((c) => {
    const credit = left.get(c.watchlist.wallet) ?? c.credit;
    left.set(c.watchlist.wallet, credit - 1);
    return { ...c, credit };
  });
}

/** Claims, with every claimed alert's body frozen in one statement before any is sent. */
async function claimWithBodies(db: Db, args: Parameters<typeof claimDueAlerts>[1]): Promise<ClaimedAlert[]> {
  const claimed = sharedCredit(await claimDueAlerts(db, args));
  const sendable = claimed.filter(
    (c) => !c.match.body && c.watchlist.webhookUrl && !c.watchlist.disabledAt && c.credit > 0,
  );
  const bodies = await Promise.all(sendable.map(async (c) => ({ id: c.match.id, body: await alertBody(db, c) })));
  const frozen = await freezeAlertBodies(db, bodies);
  return claimed.map((c) =>
    frozen.has(c.match.id) ? { ...c, match: { ...c.match, body: frozen.get(c.match.id)! } } : c,
  );
}

/** Claims what is due and sends it, waiting for every attempt (the cron's unit; tests' too). */
export async function runDeliveryRound(db: Db, options: DeliveryOptions): Promise<RoundTotals> {
  const s = settings(options);
  const claimed = await claimWithBodies(db, {
    now: s.now(),
    leaseMs: leaseMs(options),
    limit: s.concurrency,
    busy: [],
  });
  const totals: RoundTotals = { claimed: claimed.length, delivered: 0, retried: 0, failed: 0, unsent: 0 };
  const outcomes = await Promise.allSettled(claimed.map((c) => deliverClaimed(db, c, options)));
  for (const o of outcomes) {
    if (o.status === "fulfilled") totals[o.value]++;
    else console.error("[alerts] a delivery could not be settled:", o.reason);
  }
  return totals;
}

/** Rounds until nothing is due or `budgetMs` has passed (Vercel's cron). */
export async function drainDeliveries(db: Db, options: DeliveryOptions, budgetMs: number): Promise<RoundTotals> {
  const end = Date.now() + budgetMs;
  const totals: RoundTotals = { claimed: 0, delivered: 0, retried: 0, failed: 0, unsent: 0 };
  while (Date.now() < end) {
    const round = await runDeliveryRound(db, options);
    for (const k of Object.keys(totals) as (keyof RoundTotals)[]) totals[k] += round[k];
    if (round.claimed === 0) break;
  }
  return totals;
}

export interface DeliveryWorker {
  stop(): Promise<void>;
}

/**
 * The in-process worker: every `pollMs` it claims what is due for its free slots, skipping the
 * watchlists it has in flight, and starts each attempt without waiting for the others.
 */
export function startDeliveryWorker(
  getDb: () => Promise<Db>,
  options: DeliveryOptions & { pollMs?: number; log?: Pick<Console, "error"> },
): DeliveryWorker {
  const s = settings(options);
  const log = options.log ?? console;
  const inFlight = new Map<string, Promise<unknown>>();
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let ticking: Promise<void> | undefined;

  /** Claims for the free slots; how many it claimed (then the next tick comes at once). */
  async function tick(): Promise<number> {
    const free = s.concurrency - inFlight.size;
    // Claiming costs a query: wait until a quarter of the slots are free.
    if (free < Math.max(1, s.concurrency / 4)) return 1;
    const db = await getDb();
    const claimed = await claimWithBodies(db, {
      now: s.now(),
      leaseMs: leaseMs(options),
      limit: free,
      busy: [...inFlight.keys()],
    });
    for (const c of claimed) {
      const run = deliverClaimed(db, c, options)
        .catch((error: unknown) => log.error("[alerts] a delivery could not be settled:", error))
        .finally(() => inFlight.delete(c.watchlist.id));
      inFlight.set(c.watchlist.id, run);
    }
    return claimed.length;
  }

  let failing = false;
  function schedule(delayMs: number): void {
    if (stopped) return;
    timer = setTimeout(() => {
      ticking = tick()
        .then((claimed) => {
          if (failing) log.error("[alerts] claiming deliveries works again");
          failing = false;
          return claimed;
        })
        .catch((error: unknown) => {
          // Said once per outage (the database unreachable, say), then retried every 5 s quietly.
          if (!failing) log.error("[alerts] claiming deliveries failed; retrying every 5 s:", error);
          failing = true;
          return -1;
        })
        // Work found: claim again at once (as slots free up), else wait for the next poll.
        .then((claimed) => schedule(claimed < 0 ? 5_000 : claimed > 0 ? 20 : (options.pollMs ?? 500)));
    }, delayMs);
  }
  schedule(options.pollMs ?? 500);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await ticking;
      await Promise.allSettled(inFlight.values());
    },
  };
}
