/** Loading past days from OpenDART, one list.json window per day, through the same write path. */
import type { Db } from "@/db/client";
import { addDays, wallClock, type Clock } from "@/lib/clock";
import type { DartClient } from "@/lib/dart";
import { emptyTotals, sweepWindow, type IngestTotals } from "./sweep";

export interface BackfillOptions {
  /** First KST day, YYYY-MM-DD. */
  from: string;
  /** Last KST day, YYYY-MM-DD, inclusive. */
  to: string;
  /** Called after each day is committed. */
  onProgress?: (progress: BackfillProgress) => void;
  clock?: Clock;
}

export interface BackfillProgress {
  day: string;
  daysDone: number;
  totalDays: number;
  totals: IngestTotals;
}

export interface BackfillSummary extends IngestTotals {
  days: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Every day from `from` to `to`; safe to rerun over days already loaded. */
export async function backfill(db: Db, client: DartClient, options: BackfillOptions): Promise<BackfillSummary> {
  const { from, to, onProgress, clock = wallClock } = options;
  if (!DAY.test(from) || !DAY.test(to) || Number.isNaN(Date.parse(from)) || Number.isNaN(Date.parse(to))) {
    throw new RangeError(`backfill needs YYYY-MM-DD dates, got ${from}..${to}`);
  }
  if (from > to) throw new RangeError(`backfill window is empty: ${from} is after ${to}`);

  const totalDays = Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;
  const seenAt = clock.now();
  const totals = emptyTotals();
  for (let daysDone = 0, day = from; day <= to; day = addDays(day, 1)) {
    await sweepWindow(db, client, { from: day, to: day }, "full", seenAt, totals);
    daysDone += 1;
    onProgress?.({ day, daysDone, totalDays, totals: { ...totals } });
  }
  return { days: totalDays, ...totals };
}
