/**
 * The cap on cached filing bodies (DOCUMENT_CACHE_MAX_MB): bodies are fetched from DART on
 * demand and kept, so without a cap a service that keeps every filing keeps every body anyone
 * asked for. Once the stored bodies pass the cap, they are cut back to 90% of it (the headroom
 * spares an eviction per fetch), least valuable first (db/queries/storage.ts: evictCachedBodies).
 */
import type { Db } from "@/db";
import { cachedBodyBytes, evictCachedBodies } from "@/db/queries/storage";
import { env } from "@/lib/env";

/** One check per process per minute at most: the sum scans the bodies' row headers, not their text. */
const CHECK_EVERY_MS = 60_000;
let lastCheck = 0;

export async function keepBodiesWithinCap(db: Db, capBytes = env().DOCUMENT_CACHE_MAX_MB * 1_048_576): Promise<number> {
  if (capBytes <= 0 || Date.now() - lastCheck < CHECK_EVERY_MS) return 0;
  lastCheck = Date.now();
  const { bytes } = await cachedBodyBytes(db);
  return bytes > capBytes ? evictCachedBodies(db, Math.floor(capBytes * 0.9)) : 0;
}
