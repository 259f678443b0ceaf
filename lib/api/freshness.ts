import { serviceClock } from "@/lib/clock";
import { getDb } from "@/lib/database";
import { getIngestState } from "@/db/queries";

const TTL_MS = 5_000;
let cached: { at: number; freshness: DataFreshness } | undefined;
let headersOf: (DataFreshness & { headers: Record<string, string> }) | undefined;

/** How current the data is: the bundled snapshot (as of its last day), or live (as of the last successful poll). */
export interface DataFreshness {
  mode: "snapshot" | "live";
  /** ISO 8601 instant; null when live and no poll has succeeded yet. */
  asOf: string | null;
}

/** Read at most every few seconds: a poll happens about every 30 s. */
export async function dataFreshness(): Promise<DataFreshness> {
  const clock = serviceClock();
  if (clock.snapshotAsOf) return snapshotFreshness(clock.snapshotAsOf);
  if (cached && Date.now() - cached.at < TTL_MS) return cached.freshness;
  const state = await getIngestState(await getDb(), "filings").catch(() => undefined);
  const freshness: DataFreshness = { mode: "live", asOf: state?.lastSuccessAt?.toISOString() ?? null };
  cached = { at: Date.now(), freshness };
  return freshness;
}

/** The same, as the X-Data-Mode / X-Data-As-Of headers every API response carries. */
export async function dataFreshnessHeaders(): Promise<Record<string, string>> {
  const { mode, asOf } = await dataFreshness();
  // The same object while the freshness stands: no per-request header work on the hot path.
  if (headersOf?.mode !== mode || headersOf.asOf !== asOf) {
    headersOf = { mode, asOf, headers: asOf ? { "X-Data-Mode": mode, "X-Data-As-Of": asOf } : { "X-Data-Mode": mode } };
  }
  return headersOf.headers;
}

let snapshot: DataFreshness | undefined;
function snapshotFreshness(day: string): DataFreshness {
  const asOf = `${day}T23:59:59+09:00`;
  if (snapshot?.asOf !== asOf) snapshot = { mode: "snapshot", asOf };
  return snapshot;
}
