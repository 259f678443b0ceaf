import { serviceClock } from "@/lib/clock";
import { getDb } from "@/db";
import { getIngestState } from "@/db/queries";

const TTL_MS = 5_000;
let cached: { at: number; headers: Record<string, string> } | undefined;
let snapshot: { asOf: string; headers: Record<string, string> } | undefined;

/**
 * Says how current the data is: in snapshot mode the snapshot's date, when live the time of
 * the last successful poll. Read at most every few seconds.
 */
export async function dataFreshnessHeaders(): Promise<Record<string, string>> {
  const clock = serviceClock();
  if (clock.snapshotAsOf) {
    if (snapshot?.asOf !== clock.snapshotAsOf) {
      snapshot = { asOf: clock.snapshotAsOf, headers: { "X-Data-Mode": "snapshot", "X-Data-As-Of": `${clock.snapshotAsOf}T23:59:59+09:00` } };
    }
    return snapshot.headers;
  }
  if (cached && Date.now() - cached.at < TTL_MS) return cached.headers;
  const state = await getIngestState(await getDb(), "filings").catch(() => undefined);
  const headers: Record<string, string> = { "X-Data-Mode": "live" };
  if (state?.lastSuccessAt) headers["X-Data-As-Of"] = state.lastSuccessAt.toISOString();
  cached = { at: Date.now(), headers };
  return headers;
}
