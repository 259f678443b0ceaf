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
import { filingDocuments, filings, filingStructured, summaries, summaryGenerations, summaryLeases } from "../schema";
import { excluded, excludedColumns } from "./upsert";

export type Summary = typeof summaries.$inferSelect;
export type SummaryInsert = Omit<typeof summaries.$inferInsert, "generatedAt">;
export type SummaryGeneration = typeof summaryGenerations.$inferInsert;
export type FilingDocument = typeof filingDocuments.$inferSelect;
export type FilingStructured = typeof filingStructured.$inferSelect;

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

/**
 * Claims the filing's lease for `holder` when it is free or expired; true when claimed.
 * `deadline` is when the holder's generation gives up: waiters wait until then, no longer.
 */
export async function claimSummaryLease(
  db: Db,
  rcptNo: string,
  holder: string,
  ttlMs: number,
  deadline: Date | null = null,
): Promise<boolean> {
  const claimed = await db
    .insert(summaryLeases)
    .values({ rcptNo, holder, expiresAt: leaseExpiry(ttlMs), deadlineAt: deadline })
    .onConflictDoUpdate({
      target: summaryLeases.rcptNo,
      set: excludedColumns(summaryLeases, ["holder", "expiresAt", "deadlineAt"]),
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

/**
 * The current lease, how long it has left by the database's clock, and the holder's
 * generation deadline (null for a marker or a holder without one); undefined when none.
 */
export async function getSummaryLease(
  db: Db,
  rcptNo: string,
): Promise<{ holder: string; remainingMs: number; deadlineAt: Date | null } | undefined> {
  const [row] = await db
    .select({
      holder: summaryLeases.holder,
      remainingMs: sql<number>`greatest(0, extract(epoch from (${summaryLeases.expiresAt} - now())) * 1000)::float8`,
      deadlineAt: summaryLeases.deadlineAt,
    })
    .from(summaryLeases)
    .where(eq(summaryLeases.rcptNo, rcptNo))
    .limit(1);
  return row && { holder: row.holder, remainingMs: Number(row.remainingMs), deadlineAt: row.deadlineAt };
}

/** Turns `holder`'s lease into an UNAVAILABLE_HOLDER marker that expires after `cooldownMs`. */
export async function markSummaryUnavailable(
  db: Db,
  rcptNo: string,
  holder: string,
  cooldownMs: number,
): Promise<void> {
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
 * A summary already stored (by a holder whose lease this one took over) wins, except a
 * fallback, which a model's summary replaces, or when `replace` (a regeneration asked for),
 * short of a fallback over a model's; the stored row is returned either way.
 */
export async function storeSummary(
  db: Db,
  row: SummaryInsert,
  holder: string,
  { replace = false }: { replace?: boolean } = {},
): Promise<Summary> {
  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(summaries)
      .values(row)
      .onConflictDoUpdate({
        target: summaries.rcptNo,
        set: {
          ...excludedColumns(summaries, [
            "summaryEn",
            "importanceScore",
            "sectorTags",
            "tickerTags",
            "actionableFor",
            "basis",
            "modelId",
            "fallback",
            "promptVersion",
            "template",
            "facts",
          ]),
          generatedAt: sql`now()`,
        },
        setWhere: replace
          ? sql`not (${excluded(summaries.fallback)} and not ${summaries.fallback})`
          : sql`${summaries.fallback} and not ${excluded(summaries.fallback)}`,
      })
      .returning();
    await tx.delete(summaryLeases).where(and(eq(summaryLeases.rcptNo, row.rcptNo), eq(summaryLeases.holder, holder)));
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

export async function getFilingStructured(db: Db, rcptNo: string): Promise<FilingStructured | undefined> {
  const [row] = await db.select().from(filingStructured).where(eq(filingStructured.rcptNo, rcptNo)).limit(1);
  return row;
}

/** Stores a fetched structured record once (or DART's "no record"); a concurrent fetch keeps the first. */
export async function storeFilingStructured(
  db: Db,
  rcptNo: string,
  record: { api: string; status: "ok"; fields: Record<string, string> } | { api: string; status: "no_data" },
): Promise<void> {
  await db
    .insert(filingStructured)
    .values({ rcptNo, api: record.api, status: record.status, fields: record.status === "ok" ? record.fields : null })
    .onConflictDoNothing();
}

/** What is stored towards a filing's summary: the summary itself, its body, its structured record. */
export interface SummarySources {
  rcptNo: string;
  corpCode: string;
  /** The filing's title as filed: whether DART keeps a structured record of its kind. */
  reportNm: string;
  summary: Pick<Summary, "modelId" | "basis" | "fallback" | "generatedAt"> | null;
  /** filing_documents status (ok | no_file), null when never fetched. */
  document: string | null;
  /** filing_structured status (ok | no_data) and API, null when never fetched. */
  structured: { api: string; status: string } | null;
}

/** The stored sources of several filings, in one read; filings never ingested are left out. */
export async function getSummarySources(db: Db, rcptNos: readonly string[]): Promise<SummarySources[]> {
  if (rcptNos.length === 0) return [];
  const rows = await db
    .select({
      rcptNo: filings.rcptNo,
      corpCode: filings.corpCode,
      reportNm: filings.reportNm,
      modelId: summaries.modelId,
      basis: summaries.basis,
      fallback: summaries.fallback,
      generatedAt: summaries.generatedAt,
      document: filingDocuments.status,
      structuredApi: filingStructured.api,
      structuredStatus: filingStructured.status,
    })
    .from(filings)
    .leftJoin(summaries, eq(summaries.rcptNo, filings.rcptNo))
    .leftJoin(filingDocuments, eq(filingDocuments.rcptNo, filings.rcptNo))
    .leftJoin(filingStructured, eq(filingStructured.rcptNo, filings.rcptNo))
    .where(inArray(filings.rcptNo, [...rcptNos]));
  return rows.map((r) => ({
    rcptNo: r.rcptNo,
    corpCode: r.corpCode,
    reportNm: r.reportNm,
    summary:
      r.modelId && r.basis && r.generatedAt
        ? { modelId: r.modelId, basis: r.basis, fallback: r.fallback ?? false, generatedAt: r.generatedAt }
        : null,
    document: r.document,
    structured: r.structuredApi && r.structuredStatus ? { api: r.structuredApi, status: r.structuredStatus } : null,
  }));
}

/** Summaries written by the fallback while the model failed, oldest first: what a regeneration replaces. */
export async function fallbackSummaryRcptNos(db: Db, limit: number): Promise<string[]> {
  const rows = await db
    .select({ rcptNo: summaries.rcptNo })
    .from(summaries)
    .where(eq(summaries.fallback, true))
    .orderBy(summaries.generatedAt)
    .limit(limit);
  return rows.map((r) => r.rcptNo);
}
