/** Service health: database, ingestion freshness and DART error state. Never cached. */
import { getDb } from "@/lib/database";
import { CACHE_POLICIES, jsonResponse } from "@/lib/api/http";
import { perRequest } from "@/lib/http";
import { serviceClock } from "@/lib/clock";
import { getIngestHealth } from "@/lib/ingest";
import { getGeneratorState } from "@/lib/summaries";

export const dynamic = "force-dynamic";

export const GET = perRequest(async () => {
  // Ready once the start-up warm-up (instrumentation.ts) has rendered `/`: a new server gets readers warm.
  await (globalThis as { __warmUp?: Promise<void> }).__warmUp;
  const db = await getDb().catch(() => null);
  const health = await getIngestHealth(db, serviceClock());
  return jsonResponse({ ...health, summaries: getGeneratorState() }, health.status === "down" ? 503 : 200, {
    "Cache-Control": CACHE_POLICIES.none,
  });
});
