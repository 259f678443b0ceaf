/**
 * The summary cache, its single-flight leases, the generation log and stored filing bodies.
 *
 * Leases make one generation per filing across every server instance, through PostgreSQL
 * alone (no session-level locks, so any pooled driver works): a caller claims the filing's
 * row in summary_leases when there is none or the existing one has expired; the holder
 * renews it while it works and deletes it in the same transaction that stores the summary.
 * A holder that dies simply stops renewing, and the row expires for the next caller. Every
 * expiry is compared with the database's now(), so instances' clocks do not matter.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../client";
import { filingDocuments, summaries, summaryGenerations, summaryLeases } from "../schema";

export type Summary = typeof summaries.$inferSelect;
export type SummaryInsert = Omit<typeof summaries.$inferInsert, "generatedAt">;
export type SummaryGeneration = typeof summaryGenerations.$inferInsert;
export type FilingDocument = typeof filingDocuments.$inferSelect;

/**
 * The holder of a lease left behind by a failed generation: it stands for "unavailable
 * until it expires", so concurrent callers fail fast instead of each retrying a generator
 * that is down. No live holder has this id (they are `host:pid:uuid`).
 */
export const UNAVAILABLE_HOLDER = "unavailable";

/** One primary-key read: the cache hit path. */
export async function getSummary(db: Db, rcptNo: string): Promise<Summary | undefined> {
  const [row] = await db.select().from(summaries).where(eq(summaries.rcptNo, rcptNo)).limit(1);
  return row;
}

export async function getSummaries(db: Db, rcptNos: readonly string[]): Promise<Summary[]> {
  if (rcptNos.length === 0) return [];
  return db
    .select()
    .from(summaries)
    .where(inArray(summaries.rcptNo, [...rcptNos]));
}

const leaseExpiry = (ttlMs: number) => sql`now() + make_interval(secs => ${ttlMs / 1000})`;

/** Claims the filing's lease for `holder` when it is free or expired; true when claimed. */
export async function claimSummaryLease(db: Db, rcptNo: string, holder: string, ttlMs: number): Promise<boolean> {
  const claimed = await db
    .insert(summaryLeases)
    .values({ rcptNo, holder, expiresAt: leaseExpiry(ttlMs) })
    .onConflictDoUpdate({
      target: summaryLeases.rcptNo,
      set: { holder: sql`excluded.holder`, expiresAt: sql`excluded.expires_at` },
      setWhere: sql`${summaryLeases.expiresAt} < now()`,
    })
    .returning({ holder: summaryLeases.holder });
  return claimed.length > 0;
}

/** Extends `holder`'s lease; false when it no longer holds it (it expired and was taken). */
export async function renewSummaryLease(db: Db, rcptNo: string, holder: string, ttlMs: number): Promise<boolean> {
  const renewed = await db
    .update(summaryLeases)
    .set({ expiresAt: leaseExpiry(ttlMs) })
    .where(and(eq(summaryLeases.rcptNo, rcptNo), eq(summaryLeases.holder, holder)))
    .returning({ holder: summaryLeases.holder });
  return renewed.length > 0;
}

/** The current lease and how long it has left by the database's clock; undefined when none. */
export async function getSummaryLease(
  db: Db,
  rcptNo: string,
): Promise<{ holder: string; remainingMs: number } | undefined> {
  const [row] = await db
    .select({
      holder: summaryLeases.holder,
      remainingMs: sql<number>`greatest(0, extract(epoch from (${summaryLeases.expiresAt} - now())) * 1000)::float8`,
    })
    .from(summaryLeases)
    .where(eq(summaryLeases.rcptNo, rcptNo))
    .limit(1);
  return row && { holder: row.holder, remainingMs: Number(row.remainingMs) };
}

/** Turns `holder`'s lease into an UNAVAILABLE_HOLDER marker that expires after `cooldownMs`. */
export async function markSummaryUnavailable(db: Db, rcptNo: string, holder: string, cooldownMs: number): Promise<void> {
  await db
    .update(summaryLeases)
    .set({ holder: UNAVAILABLE_HOLDER, expiresAt: leaseExpiry(cooldownMs) })
    .where(and(eq(summaryLeases.rcptNo, rcptNo), eq(summaryLeases.holder, holder)));
}

export async function releaseSummaryLease(db: Db, rcptNo: string, holder: string): Promise<void> {
  await db.delete(summaryLeases).where(and(eq(summaryLeases.rcptNo, rcptNo), eq(summaryLeases.holder, holder)));
}

/**
 * Stores a validated summary and releases `holder`'s lease in one transaction, so no crash
 * leaves a summary without its lease released or a released lease without its summary.
 * A summary already stored (by a holder whose lease this one took over) wins; the stored
 * row is returned either way.
 */
export async function storeSummary(db: Db, row: SummaryInsert, holder: string): Promise<Summary> {
  return db.transaction(async (tx) => {
    const [inserted] = await tx.insert(summaries).values(row).onConflictDoNothing().returning();
    await tx
      .delete(summaryLeases)
      .where(and(eq(summaryLeases.rcptNo, row.rcptNo), eq(summaryLeases.holder, holder)));
    if (inserted) return inserted;
    const [existing] = await tx.select().from(summaries).where(eq(summaries.rcptNo, row.rcptNo)).limit(1);
    return existing;
  });
}

export async function recordSummaryGeneration(db: Db, generation: SummaryGeneration): Promise<void> {
  await db.insert(summaryGenerations).values(generation);
}

export async function getFilingDocument(db: Db, rcptNo: string): Promise<FilingDocument | undefined> {
  const [row] = await db.select().from(filingDocuments).where(eq(filingDocuments.rcptNo, rcptNo)).limit(1);
  return row;
}

/** Stores a fetched body once; a concurrent fetch of the same filing keeps the first. */
export async function storeFilingDocument(
  db: Db,
  rcptNo: string,
  document: { status: "ok"; text: string } | { status: "no_file" },
): Promise<void> {
  await db
    .insert(filingDocuments)
    .values({ rcptNo, status: document.status, text: document.status === "ok" ? document.text : null })
    .onConflictDoNothing();
}
