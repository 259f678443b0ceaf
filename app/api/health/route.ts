/** Service health: database, ingestion freshness and DART error state. Never cached. */
import { getDb } from "@/lib/database";
import { DATABASE_RETRY_AFTER_SECONDS } from "@/lib/api/errors";
import { CACHE_POLICIES, jsonResponse } from "@/lib/api/http";
import { perRequest } from "@/lib/http";
import { serviceClock } from "@/lib/clock";
import { getIngestHealth } from "@/lib/ingest";
import { getGeneratorState } from "@/lib/summaries";

export const dynamic = "force-dynamic";

export const GET = perRequest(async () => {
  // Ready once the start-up warm-up (lib/server) has rendered `/`: a new server gets readers warm.
  await (globalThis as { __warmUp?: Promise<void> }).__warmUp;
  const db = await getDb().catch(() => null);
  const health = await getIngestHealth(db, serviceClock());
  const down = health.status === "down";
  return jsonResponse({ ...health, summaries: getGeneratorState() }, down ? 503 : 200, {
    "Cache-Control": CACHE_POLICIES.none,
    // As every outage answer says when to ask again (lib/api/errors.ts).
    ...(down && { "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS) }),
  });
});
