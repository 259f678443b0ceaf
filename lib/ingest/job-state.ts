/** How a failed ingest job is recorded in ingest_state, and for how long it then waits. */
import type { Db } from "@/db/client";
import { updateIngestState, type IngestJob, type IngestState } from "@/db/queries";
import { DartError } from "@/lib/dart";

/**
 * How long a job holds off after DART says to. The request limit is daily, so a spent quota is
 * re-probed rarely; a bad key needs a person, and probing it once every few minutes keeps the log
 * readable without hiding a fix for long.
 */
const PAUSE_MS: Partial<Record<DartError["kind"], number>> = {
  quota: 30 * 60_000,
  config: 5 * 60_000,
};
/**
 * Maintenance windows are often a few minutes, sometimes hours: the first pause is short and each
 * maintenance answer in a row doubles it, up to the longest.
 */
const MAINTENANCE_PAUSE_MS = { first: 30_000, longest: 10 * 60_000 };

/** The job's state before the failing attempt: what it last tried, and the pause that followed. */
export type PreviousAttempt = Pick<IngestState, "errorCode" | "lastAttemptAt" | "pausedUntil">;

function pauseAfter(err: DartError, previous: PreviousAttempt | undefined): number | undefined {
  if (err.kind !== "maintenance") return PAUSE_MS[err.kind];
  const { errorCode, lastAttemptAt, pausedUntil } = previous ?? {};
  const lastPause =
    errorCode === err.code && lastAttemptAt && pausedUntil ? pausedUntil.getTime() - lastAttemptAt.getTime() : 0;
  return lastPause > 0 ? Math.min(lastPause * 2, MAINTENANCE_PAUSE_MS.longest) : MAINTENANCE_PAUSE_MS.first;
}

export interface JobFailure {
  code: string;
  message: string;
  pausedUntil: Date | null;
}

/**
 * The code, message (never the key: DartError messages carry none) and pause for an error, given
 * the attempt before it (a maintenance pause grows with each maintenance answer in a row).
 */
export function describeFailure(err: unknown, now: Date, previous?: PreviousAttempt): JobFailure {
  if (err instanceof DartError) {
    const pause = pauseAfter(err, previous);
    return { code: err.code, message: err.message, pausedUntil: pause ? new Date(now.getTime() + pause) : null };
  }
  return { code: "internal", message: err instanceof Error ? err.message : String(err), pausedUntil: null };
}

/** Records a failed attempt; the error is returned as described for the caller's log. */
export async function recordFailure(
  db: Db,
  job: IngestJob,
  err: unknown,
  now: Date,
  previous?: PreviousAttempt,
): Promise<JobFailure> {
  const failure = describeFailure(err, now, previous);
  await updateIngestState(db, job, {
    lastAttemptAt: now,
    errorCode: failure.code,
    errorMessage: failure.message,
    pausedUntil: failure.pausedUntil,
  });
  return failure;
}
