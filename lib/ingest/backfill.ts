/**
 * Loading past days from OpenDART, one list.json window per day, through the same write path,
 * resumably: a checkpoint row in ingest_state (job `backfill:FROM..TO`) holds the last day fully
 * committed and the calls made today, so a rerun after an interruption starts at the next day,
 * and a rerun of a finished range asks DART nothing. Calls are paced within a daily share of
 * OpenDART's quota (20,000 calls a day per key, shared with the poller and body fetches).
 */
import type { Db } from "@/db/client";
import { getIngestState, updateIngestState, type IngestJob } from "@/db/queries";
import { addDays, endOfKstDay, kstDate, wallClock, type Clock } from "@/lib/clock";
import { DartError, type DartClient } from "@/lib/dart";
import { emptyTotals, sweepWindow, type IngestTotals } from "./sweep";

/** OpenDART's daily request limit per key. */
export const DART_DAILY_QUOTA = 20_000;
/** The backfill's default share of it: the rest is the poller's (~3,000 a day) and body fetches'. */
export const BACKFILL_DAILY_CALLS = 10_000;

export interface BackfillOptions {
  /** First KST day, YYYY-MM-DD. */
  from: string;
  /** Last KST day, YYYY-MM-DD, inclusive. */
  to: string;
  /** Called after each day is committed. */
  onProgress?: (progress: BackfillProgress) => void;
  clock?: Clock;
  /** list.json calls this backfill may make per KST day (default BACKFILL_DAILY_CALLS). */
  dailyCalls?: number;
  /** Least time between two list.json calls (default 0): spreads a day's share over the day. */
  minIntervalMs?: number;
  /** Stop, resumably, before a day that would end past this much time (a cron chunk). */
  budgetMs?: number;
  /**
   * At the day's share or DART's own limit (status 020): `wait` until KST midnight and go on
   * (the CLI), or `stop` and leave the rest to the next run (a cron chunk). Default `stop`.
   */
  onQuota?: "wait" | "stop";
  sleep?: (ms: number) => Promise<void>;
}

export interface BackfillProgress {
  day: string;
  daysDone: number;
  totalDays: number;
  totals: IngestTotals;
  /** Days the checkpoint already held when this run started. */
  resumedDays: number;
}

export interface BackfillSummary extends IngestTotals {
  days: number;
  /** Days done when the run ended, earlier runs included. */
  daysDone: number;
  /** completed: every day is committed; paused: stopped at the quota or the time budget (run again). */
  status: "completed" | "paused";
  /** Why it paused. */
  reason?: "quota" | "budget";
  /** The day a rerun starts at (null when completed). */
  resumeAt: string | null;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The checkpoint's job name: one per range, so two ranges never share progress. */
export function backfillJob(from: string, to: string): IngestJob {
  return `backfill:${from}..${to}`;
}

/** Thrown inside a sweep to stop before a call: the day in progress is redone by the next run. */
class Pause extends Error {
  constructor(readonly reason: "quota" | "budget") {
    super(reason);
  }
}

/** Every day from `from` to `to`, from where an earlier run of the same range stopped. */
export async function backfill(db: Db, client: DartClient, options: BackfillOptions): Promise<BackfillSummary> {
  const { from, to, onProgress, clock = wallClock, sleep = defaultSleep, onQuota = "stop" } = options;
  const dailyCalls = options.dailyCalls ?? BACKFILL_DAILY_CALLS;
  if (!DAY.test(from) || !DAY.test(to) || Number.isNaN(Date.parse(from)) || Number.isNaN(Date.parse(to))) {
    throw new RangeError(`backfill needs YYYY-MM-DD dates, got ${from}..${to}`);
  }
  if (from > to) throw new RangeError(`backfill window is empty: ${from} is after ${to}`);
  if (!Number.isInteger(dailyCalls) || dailyCalls < 1) throw new RangeError(`dailyCalls must be a positive integer`);

  const job = backfillJob(from, to);
  const started = Date.now();
  const checkpoint = await getIngestState(db, job);
  const resumeAt = checkpoint?.watermark ? addDays(checkpoint.watermark, 1) : from;
  const totalDays = daysBetween(from, to) + 1;
  const resumedDays = daysBetween(from, resumeAt);
  const totals = emptyTotals();
  const quota = { day: checkpoint?.quotaDay ?? "", calls: checkpoint?.quotaCalls ?? 0 };
  let lastCallAt = 0;
  let slowestDayMs = 0;

  /** Before each list.json call: within the day's share, spaced, inside the time budget. */
  async function beforeCall(): Promise<void> {
    const today = kstDate(clock.now());
    if (quota.day !== today) Object.assign(quota, { day: today, calls: 0 });
    if (quota.calls >= dailyCalls) await quotaReached();
    if (options.budgetMs !== undefined && Date.now() - started > options.budgetMs) throw new Pause("budget");
    const wait = lastCallAt + (options.minIntervalMs ?? 0) - Date.now();
    if (wait > 0) await sleep(wait);
    lastCallAt = Date.now();
  }

  /** After a call was answered: counted against today's share, in the checkpoint. */
  async function afterCall(): Promise<void> {
    quota.calls += 1;
    await updateIngestState(db, job, { quotaDay: quota.day, quotaCalls: quota.calls, lastAttemptAt: clock.now() });
  }

  async function quotaReached(): Promise<void> {
    const midnight = new Date(endOfKstDay(quota.day).getTime() + 1);
    await updateIngestState(db, job, {
      errorCode: "020",
      errorMessage: "daily share of the quota used",
      pausedUntil: midnight,
    });
    if (onQuota === "stop") throw new Pause("quota");
    await sleep(Math.max(0, midnight.getTime() - clock.now().getTime()));
    Object.assign(quota, { day: kstDate(clock.now()), calls: 0 });
  }

  const paced = pacedClient(client, beforeCall, afterCall);
  const seenAt = clock.now();
  let daysDone = resumedDays;
  for (let day = resumeAt; day <= to; day = addDays(day, 1)) {
    if (options.budgetMs !== undefined && Date.now() - started + slowestDayMs > options.budgetMs) {
      return paused("budget", day);
    }
    const dayStart = Date.now();
    try {
      await sweepWindow(db, paced, { from: day, to: day }, "full", seenAt, totals);
    } catch (err) {
      if (err instanceof Pause) return paused(err.reason, day);
      if (err instanceof DartError && err.kind === "quota" && onQuota === "stop") return paused("quota", day);
      if (err instanceof DartError && err.kind === "quota") {
        await quotaReached();
        day = addDays(day, -1); // the same day again, after midnight
        continue;
      }
      throw err;
    }
    slowestDayMs = Math.max(slowestDayMs, Date.now() - dayStart);
    daysDone += 1;
    await updateIngestState(db, job, {
      watermark: day,
      lastSuccessAt: clock.now(),
      lastCycleRows: totals.inserted,
      errorCode: null,
      errorMessage: null,
      pausedUntil: null,
    });
    onProgress?.({ day, daysDone, totalDays, totals: { ...totals }, resumedDays });
  }
  return { days: totalDays, daysDone, status: "completed", resumeAt: null, ...totals };

  function paused(reason: "quota" | "budget", day: string): BackfillSummary {
    return { days: totalDays, daysDone, status: "paused", reason, resumeAt: day, ...totals };
  }
}

/**
 * The client with `beforeCall` awaited before each list.json page is asked for and `afterCall`
 * after each answer: every page is one call, and so is the "nothing filed" answer of an empty day.
 */
function pacedClient(client: DartClient, beforeCall: () => Promise<void>, afterCall: () => Promise<void>): DartClient {
  return {
    ...client,
    async *listFilings(query) {
      const pages = client.listFilings(query);
      for (let answered = 0; ; answered++) {
        await beforeCall();
        const next = await pages.next();
        if (next.done) {
          if (answered === 0) await afterCall();
          return;
        }
        await afterCall();
        yield next.value;
      }
    },
  };
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
}
