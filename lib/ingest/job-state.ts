/** How a failed ingest job is recorded in ingest_state, and for how long it then waits. */
import type { Db } from "@/db/client";
import { updateIngestState, type IngestJob } from "@/db/queries";
import { DartError } from "@/lib/dart";

/**
 * How long a job holds off after DART says to: maintenance windows last minutes to hours;
 * the request limit is daily, so a spent quota is re-probed rarely; a bad key needs a person,
 * and probing it once every few minutes keeps the log readable without hiding a fix for long.
 */
const PAUSE_MS: Partial<Record<DartError["kind"], number>> = {
  maintenance: 10 * 60_000,
  quota: 30 * 60_000,
  config: 5 * 60_000,
};

export interface JobFailure {
  code: string;
  message: string;
  pausedUntil: Date | null;
}

/** The code, message (never the key: DartError messages carry none) and pause for an error. */
export function describeFailure(err: unknown, now: Date): JobFailure {
  if (err instanceof DartError) {
    const pause = PAUSE_MS[err.kind];
    return { code: err.code, message: err.message, pausedUntil: pause ? new Date(now.getTime() + pause) : null };
  }
  return { code: "internal", message: err instanceof Error ? err.message : String(err), pausedUntil: null };
}

/** Records a failed attempt; the error is returned as described for the caller's log. */
export async function recordFailure(db: Db, job: IngestJob, err: unknown, now: Date): Promise<JobFailure> {
  const failure = describeFailure(err, now);
  await updateIngestState(db, job, {
    lastAttemptAt: now,
    errorCode: failure.code,
    errorMessage: failure.message,
    pausedUntil: failure.pausedUntil,
  });
  return failure;
}
