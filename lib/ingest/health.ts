/** The ingest part of the health report: is the data fresh, and if not, why. */
import { pingDatabase, type Db } from "@/db/client";
import { getIngestState, type IngestState } from "@/db/queries";
import type { Clock } from "@/lib/clock";

/** Polls run every 30 s; a last success older than this means ingestion has stalled. */
const STALE_AFTER_SECONDS = 5 * 60;

export interface JobHealth {
  lastAttemptAt: string | null;
  lastSuccessAt: string | null;
  /** Seconds since the last success. */
  lagSeconds: number | null;
  lastCycleRows: number | null;
  /** Last KST day whose filings are all committed (the filing poller only). */
  watermark: string | null;
  pausedUntil: string | null;
  /** The last failure: a DART status (e.g. 020, 010) or error class, and its message. */
  error: { code: string; message: string | null } | null;
}

export interface IngestHealth {
  /** ok; degraded: data may be stale or DART is failing; down: no database. */
  status: "ok" | "degraded" | "down";
  /** snapshot: no DART key, the bundled data is served and nothing is ingested. */
  mode: "live" | "snapshot";
  snapshotAsOf: string | null;
  checkedAt: string;
  database: { reachable: boolean };
  filings: JobHealth | null;
  companies: JobHealth | null;
}

/** `db` is null when the database could not even be opened. */
export async function getIngestHealth(db: Db | null, clock: Clock): Promise<IngestHealth> {
  const now = clock.now();
  const mode = clock.snapshotAsOf === null ? "live" : "snapshot";
  const base = { mode, snapshotAsOf: clock.snapshotAsOf, checkedAt: now.toISOString() } as const;
  if (!db || !(await pingDatabase(db))) {
    return { status: "down", ...base, database: { reachable: false }, filings: null, companies: null };
  }

  const [filingsState, companiesState] = await Promise.all([
    getIngestState(db, "filings"),
    getIngestState(db, "companies"),
  ]);
  const filings = filingsState ? jobHealth(filingsState, now) : null;
  const stale = !filings || filings.lagSeconds === null || filings.lagSeconds > STALE_AFTER_SECONDS;
  const degraded = mode === "live" && (stale || filings?.error !== null);
  return {
    status: degraded ? "degraded" : "ok",
    ...base,
    database: { reachable: true },
    filings,
    companies: companiesState ? jobHealth(companiesState, now) : null,
  };
}

function jobHealth(state: IngestState, now: Date): JobHealth {
  return {
    lastAttemptAt: state.lastAttemptAt?.toISOString() ?? null,
    lastSuccessAt: state.lastSuccessAt?.toISOString() ?? null,
    lagSeconds: state.lastSuccessAt
      ? Math.max(0, Math.round((now.getTime() - state.lastSuccessAt.getTime()) / 1000))
      : null,
    lastCycleRows: state.lastCycleRows,
    watermark: state.watermark,
    pausedUntil: state.pausedUntil?.toISOString() ?? null,
    error: state.errorCode ? { code: state.errorCode, message: state.errorMessage } : null,
  };
}
