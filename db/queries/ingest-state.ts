import { eq, sql } from "drizzle-orm";
import type { Db } from "../client";
import { ingestState } from "../schema";

export type IngestState = typeof ingestState.$inferSelect;
/** The poller, the directory sync, and one backfill per range (`backfill:2025-01-01..2025-12-31`). */
export type IngestJob = "filings" | "companies" | `backfill:${string}`;

export async function getIngestState(db: Db, job: IngestJob): Promise<IngestState | undefined> {
  const [row] = await db.select().from(ingestState).where(eq(ingestState.job, job)).limit(1);
  return row;
}

export async function updateIngestState(
  db: Db,
  job: IngestJob,
  patch: Partial<Omit<IngestState, "job" | "updatedAt">>,
): Promise<void> {
  await db
    .insert(ingestState)
    .values({ job, ...patch })
    .onConflictDoUpdate({ target: ingestState.job, set: { ...patch, updatedAt: sql`now()` } });
}
