/**
 * GET /v1/freshness (free): the figures a buyer can check before paying — when DART was last
 * polled successfully, how late filings are first seen, and how fast alerts reach receivers.
 */
import type { Db } from "@/db";
import { getIngestState, recentDeliveryLatencies, recentFirstSeen } from "@/db/queries";
import { serviceClock } from "@/lib/clock";
import { getDb } from "@/lib/database";
import type { FreshnessResponse } from "@/lib/interface";

export const FRESHNESS_WINDOW = 200;

/** The nearest-rank percentile `p` (0-100) of `values`, or null for none. */
export function percentile(values: number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

const summary = (seconds: number[]) => ({
  p50: round(percentile(seconds, 50)),
  p95: round(percentile(seconds, 95)),
  count: seconds.length,
});
const round = (v: number | null) => (v === null ? null : Math.round(v * 1000) / 1000);

/** An unreachable database is the route wrapper's 503. */
export async function freshness(given?: Db): Promise<FreshnessResponse> {
  const db = given ?? (await getDb());
  const [state, seen, deliveries] = await Promise.all([
    getIngestState(db, "filings"),
    recentFirstSeen(db, FRESHNESS_WINDOW),
    recentDeliveryLatencies(db, FRESHNESS_WINDOW),
  ]);
  // The receipt day starts at 00:00 KST.
  const lags = seen.map((r) => (r.firstSeenAt.getTime() - Date.parse(`${r.rceptDt}T00:00:00+09:00`)) / 1000);
  return {
    mode: serviceClock().snapshotAsOf ? "snapshot" : "live",
    lastSuccessfulPoll: state?.lastSuccessAt?.toISOString() ?? null,
    ingestLagSeconds: summary(lags.filter((s) => s >= 0)),
    alertDeliverySeconds: summary(deliveries.map((ms) => ms / 1000)),
  };
}
