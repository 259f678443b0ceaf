/**
 * One poll of OpenDART: the filings of the open KST days (today, and yesterday until 06:00
 * KST, while late filings of the day still appear), plus the sweep that closes a finished day.
 *
 * The persisted watermark (ingest_state "filings") is the last KST day whose every filing is
 * committed: a day is swept in full after it closes, and the watermark moves onto it only
 * after that sweep and every other sweep of the cycle have committed. A failure anywhere
 * leaves the watermark where it was, and the next cycle sweeps again; every write is an
 * idempotent upsert on rcept_no, so repeated or overlapping rows never duplicate.
 *
 * DART allows about 20,000 requests a day per key, and a busy day has 30 pages: paging the
 * whole day every 30 s would spend that by mid-morning. So the open days are swept in full
 * only on the first cycle of every ten minutes and after any cycle that did not finish;
 * the cycles in between read newest-first and stop at the first page with nothing new.
 */
import type { Db } from "@/db/client";
import { getIngestState, updateIngestState, type IngestState } from "@/db/queries";
import { addDays, kstDate, wallClock, type Clock } from "@/lib/clock";
import type { DartClient } from "@/lib/dart";
import { recordFailure } from "./job-state";
import { emptyTotals, sweepWindow, type DayWindow, type IngestTotals, type SweepMode } from "./sweep";

/** Until this KST hour, yesterday's list still gets filings and is polled with today's. */
const YESTERDAY_OPEN_UNTIL_KST_HOUR = 6;
const FULL_SWEEP_PERIOD_MS = 10 * 60_000;
const KST_OFFSET_MS = 9 * 60 * 60_000;

export interface PollSweep extends DayWindow {
  mode: SweepMode;
}

export interface PollPlan {
  /** At most one closing day (a long outage catches up a day per cycle), then the open days. */
  sweeps: PollSweep[];
  /** The watermark to persist once every sweep has committed. */
  watermarkAfter: string;
  window: DayWindow;
}

export interface PollSummary extends IngestTotals {
  /** paused: DART asked to wait (maintenance, request limit, bad key); nothing was fetched. */
  status: "completed" | "paused";
  window: DayWindow;
  pausedUntil: Date | null;
}

/** What a cycle at `now` fetches, given the persisted state. */
export function planPoll(now: Date, state: IngestState | undefined): PollPlan {
  const today = kstDate(now);
  const kstHour = new Date(now.getTime() + KST_OFFSET_MS).getUTCHours();
  const firstOpenDay = kstHour < YESTERDAY_OPEN_UNTIL_KST_HOUR ? addDays(today, -1) : today;
  const lastClosedDay = addDays(firstOpenDay, -1);
  // Without a watermark the poller starts at the open days; earlier days are backfill's job.
  const watermark = state?.watermark && state.watermark < lastClosedDay ? state.watermark : lastClosedDay;

  const sweeps: PollSweep[] = [];
  let watermarkAfter = watermark;
  if (watermark < lastClosedDay) {
    watermarkAfter = addDays(watermark, 1);
    sweeps.push({ from: watermarkAfter, to: watermarkAfter, mode: "full" });
  }
  sweeps.push({ from: firstOpenDay, to: today, mode: isFullSweepDue(now, state) ? "full" : "incremental" });
  return { sweeps, watermarkAfter, window: { from: sweeps[0].from, to: today } };
}

/** The first cycle of each ten-minute period, and any cycle after one that did not finish. */
function isFullSweepDue(now: Date, state: IngestState | undefined): boolean {
  const lastSuccess = state?.lastSuccessAt;
  if (!lastSuccess || state.errorCode) return true;
  // A cycle records its start as lastAttemptAt and, on success, the same instant as lastSuccessAt.
  if (state.lastAttemptAt && state.lastAttemptAt > lastSuccess) return true;
  return Math.floor(lastSuccess.getTime() / FULL_SWEEP_PERIOD_MS) !== Math.floor(now.getTime() / FULL_SWEEP_PERIOD_MS);
}

/**
 * Runs one poll cycle and returns what it did. Throws (after recording the error and any
 * pause in ingest_state) when a request or a write fails; does nothing while paused.
 */
export async function runPollCycle(db: Db, client: DartClient, clock: Clock = wallClock): Promise<PollSummary> {
  const now = clock.now();
  const state = await getIngestState(db, "filings");
  const plan = planPoll(now, state);
  if (state?.pausedUntil && state.pausedUntil > now) {
    return { status: "paused", ...emptyTotals(), window: plan.window, pausedUntil: state.pausedUntil };
  }

  await updateIngestState(db, "filings", { lastAttemptAt: now });
  const totals = emptyTotals();
  try {
    for (const sweep of plan.sweeps) await sweepWindow(db, client, sweep, sweep.mode, now, totals);
  } catch (err) {
    // The database may be what failed; the caller needs the original error either way.
    await recordFailure(db, "filings", err, now, state).catch(() => undefined);
    throw err;
  }
  await updateIngestState(db, "filings", {
    watermark: plan.watermarkAfter,
    lastSuccessAt: now,
    lastCycleRows: totals.fetched,
    errorCode: null,
    errorMessage: null,
    pausedUntil: null,
  });
  return { status: "completed", ...totals, window: plan.window, pausedUntil: null };
}
