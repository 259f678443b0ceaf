import { and, count, desc, eq, gt, gte, ilike, inArray, isNotNull, notInArray, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../client";
import { companies, filingDocuments, filings, filingStructured, summaries } from "../schema";
import { recordNewFilings } from "./alerts";
import { escapeLike } from "./companies";
import { excluded, excludedColumns } from "./upsert";

export type Filing = typeof filings.$inferSelect;
export type FilingInput = Omit<typeof filings.$inferInsert, "updatedAt">;

/** A filing joined with what the public views need: the directory entry and any summary. */
export interface FilingView {
  filing: Filing;
  company: { ticker: string; nameEn: string; sectorTags: string[]; market: string | null } | null;
  summary: { sectorTags: string[] } | null;
}

const viewColumns = {
  filing: filings,
  companyTicker: companies.ticker,
  companyNameEn: companies.nameEn,
  companySectorTags: companies.sectorTags,
  companyMarket: companies.market,
  summarySectorTags: summaries.sectorTags,
};

type ViewRow = {
  filing: Filing;
  companyTicker: string | null;
  companyNameEn: string | null;
  companySectorTags: string[] | null;
  companyMarket: string | null;
  summarySectorTags: string[] | null;
};

export function toView(r: ViewRow): FilingView {
  return {
    filing: r.filing,
    company:
      r.companyTicker && r.companyNameEn
        ? {
            ticker: r.companyTicker,
            nameEn: r.companyNameEn,
            sectorTags: r.companySectorTags ?? [],
            market: r.companyMarket,
          }
        : null,
    summary: r.summarySectorTags ? { sectorTags: r.summarySectorTags } : null,
  };
}

/**
 * Newest first, exactly as the feed indexes are ordered (`DESC NULLS LAST`): plain `DESC` means
 * NULLS FIRST, which those indexes cannot give in order (the columns are NOT NULL, but the
 * planner does not use that), so every read would sort all its matches instead of stopping.
 */
export const NEWEST_FIRST = [sql`${filings.feedAt} desc nulls last`, sql`${filings.rcptNo} desc nulls last`];

export function viewQuery(db: Db) {
  return db
    .select(viewColumns)
    .from(filings)
    .leftJoin(companies, eq(companies.ticker, filings.ticker))
    .leftJoin(summaries, eq(summaries.rcptNo, filings.rcptNo));
}

export interface RecentFilter {
  limit: number;
  /** Only filings whose feed time is after this instant. */
  since: Date;
  /** At or before this instant (the service clock's "now"). */
  until: Date;
  ticker?: string;
  /** The explorer's narrowing filters; the API's feed uses none of them. */
  minImportance?: number;
  eventTypes?: readonly string[];
  /** Directory markets (KOSPI, KOSDAQ, ...); filings of companies outside the directory never match. */
  markets?: readonly string[];
  /** Case-insensitive substring of the company's Korean or English name, or a ticker prefix. */
  company?: string;
}

function recentWhere(f: Omit<RecentFilter, "limit">): SQL | undefined {
  const company = f.company?.trim();
  return and(
    f.ticker ? eq(filings.ticker, f.ticker) : isNotNull(filings.ticker),
    gt(filings.feedAt, f.since),
    sql`${filings.feedAt} <= ${f.until.toISOString()}`,
    f.minImportance && f.minImportance > 1 ? gte(filings.importanceScore, f.minImportance) : undefined,
    f.eventTypes?.length ? inArray(filings.eventType, [...f.eventTypes]) : undefined,
    f.markets?.length ? inArray(companies.market, [...f.markets]) : undefined,
    company
      ? or(
          ilike(filings.corpName, `%${escapeLike(company)}%`),
          ilike(companies.nameEn, `%${escapeLike(company)}%`),
          ilike(filings.ticker, `${escapeLike(company)}%`),
        )
      : undefined,
  );
}

/** Listed-company filings, newest first. */
export async function recentFilings(db: Db, f: RecentFilter): Promise<FilingView[]> {
  const rows = await viewQuery(db)
    .where(recentWhere(f))
    .orderBy(...NEWEST_FIRST)
    .limit(f.limit);
  return rows.map(toView);
}

export interface RecentFilingCounts {
  total: number;
  byEventType: { eventType: string; count: number }[];
  byImportance: { importance: number; count: number }[];
}

/** How many filings a window holds, by event type and by importance (the whole window, not one page). */
export async function recentFilingCounts(db: Db, f: Omit<RecentFilter, "limit">): Promise<RecentFilingCounts> {
  const grouped = await db
    .select({ eventType: filings.eventType, importance: filings.importanceScore, count: count() })
    .from(filings)
    .leftJoin(companies, eq(companies.ticker, filings.ticker))
    .where(recentWhere(f))
    .groupBy(filings.eventType, filings.importanceScore);
  return tallyCounts(grouped);
}

/** Counts by event type and importance from rows grouped by both. */
function tallyCounts(grouped: { eventType: string; importance: number; count: number }[]): RecentFilingCounts {
  const byEventType = new Map<string, number>();
  const byImportance = new Map<number, number>();
  let total = 0;
  for (const g of grouped) {
    total += g.count;
    byEventType.set(g.eventType, (byEventType.get(g.eventType) ?? 0) + g.count);
    byImportance.set(g.importance, (byImportance.get(g.importance) ?? 0) + g.count);
  }
  return {
    total,
    byEventType: [...byEventType]
      .map(([eventType, n]) => ({ eventType, count: n }))
      .sort((a, b) => b.count - a.count || a.eventType.localeCompare(b.eventType)),
    byImportance: [...byImportance]
      .map(([importance, n]) => ({ importance, count: n }))
      .sort((a, b) => a.importance - b.importance),
  };
}

/** A ticker's newest filings regardless of age, newest first. */
export async function latestFilingsForTicker(
  db: Db,
  ticker: string,
  limit: number,
  until: Date,
): Promise<FilingView[]> {
  const rows = await viewQuery(db)
    .where(and(eq(filings.ticker, ticker), sql`${filings.feedAt} <= ${until.toISOString()}`))
    .orderBy(...NEWEST_FIRST)
    .limit(limit);
  return rows.map(toView);
}

/**
 * A summary of the filing is grounded in something stored: it exists (only grounded ones are
 * stored), or the body or DART's structured record is. Needs the document and structured joins.
 */
const groundedHere: SQL = or(
  isNotNull(summaries.rcptNo),
  eq(filingDocuments.status, "ok"),
  eq(filingStructured.status, "ok"),
)!;

function sourcesQuery(db: Db) {
  return viewQuery(db)
    .leftJoin(filingDocuments, eq(filingDocuments.rcptNo, filings.rcptNo))
    .leftJoin(filingStructured, eq(filingStructured.rcptNo, filings.rcptNo));
}

/** A summary of the filing can be sold: grounded in what is stored, or (`fetchable`) its body was never asked for. */
function sellableHere(fetchable: boolean): SQL {
  return fetchable ? or(groundedHere, sql`${filingDocuments.rcptNo} is null`)! : groundedHere;
}

/**
 * A ticker's newest filings (feed time up to `until`) whose summaries can be sold: grounded
 * in what is stored, or — when `fetchable` (a DART key is configured) — whose body has not
 * been asked for yet. Filings known to have nothing to ground a summary in are skipped.
 */
export async function latestSellableFilingsForTicker(
  db: Db,
  ticker: string,
  limit: number,
  until: Date,
  fetchable: boolean,
): Promise<FilingView[]> {
  const rows = await sourcesQuery(db)
    .where(and(eq(filings.ticker, ticker), sql`${filings.feedAt} <= ${until.toISOString()}`, sellableHere(fetchable)))
    .orderBy(...NEWEST_FIRST)
    .limit(limit);
  return rows.map(toView);
}

/**
 * Filings whose summaries need nothing from DART: a summary, the body or the structured
 * record is stored. On the offline snapshot, the bundled bodies — the "available offline"
 * list. Newest receipt first.
 */
export async function filingsWithStoredSources(db: Db, limit = 100): Promise<FilingView[]> {
  const rows = await sourcesQuery(db)
    .where(groundedHere)
    .orderBy(desc(filings.rceptDt), desc(filings.rcptNo))
    .limit(limit);
  return rows.map(toView);
}

export async function getFilingView(db: Db, rcptNo: string): Promise<FilingView | undefined> {
  const [row] = await viewQuery(db).where(eq(filings.rcptNo, rcptNo)).limit(1);
  return row ? toView(row) : undefined;
}

export async function countFilings(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(filings);
  return row?.n ?? 0;
}

export interface UpsertCounts {
  inserted: number;
  updated: number;
  unchanged: number;
}

const UPSERT_CHUNK = 1000;

/** What a filing written again takes from the new row; a row without a filer or remark keeps the stored one. */
const FILING_UPSERT_SET = {
  ...excludedColumns(filings, [
    "corpCode",
    "corpName",
    "ticker",
    "corpCls",
    "reportNm",
    "eventType",
    "reportNmEn",
    "importanceScore",
    "numericExpectation",
    "actionableFor",
    "classifierVersion",
  ]),
  flrNm: sql`coalesce(${excluded(filings.flrNm)}, ${filings.flrNm})`,
  rm: sql`coalesce(${excluded(filings.rm)}, ${filings.rm})`,
  updatedAt: sql`now()`,
};

/**
 * Inserts new filings and refreshes changed ones, keyed on rcpt_no. A filing's first-seen
 * and feed times never move once written, so a repeat or a backfill never resurfaces it.
 */
export async function upsertFilings(db: Db, rows: FilingInput[]): Promise<UpsertCounts> {
  const counts: UpsertCounts = { inserted: 0, updated: 0, unchanged: 0 };
  const unique = dedupeByRcptNo(rows);
  counts.unchanged += rows.length - unique.length;
  for (let i = 0; i < unique.length; i += UPSERT_CHUNK) {
    const chunk = unique.slice(i, i + UPSERT_CHUNK);
    // A new filing, its stream event and its watchlists' matches (the alerts' outbox) commit together.
    const written = await db.transaction(async (tx) => {
      const rows = await tx
        .insert(filings)
        .values(chunk)
        .onConflictDoUpdate({
          target: filings.rcptNo,
          set: FILING_UPSERT_SET,
          setWhere: sql`(${filings.corpName}, ${filings.ticker}, ${filings.reportNm}, ${filings.rm}, ${filings.flrNm}, ${filings.classifierVersion})
          is distinct from (${FILING_UPSERT_SET.corpName}, ${FILING_UPSERT_SET.ticker}, ${FILING_UPSERT_SET.reportNm}, ${FILING_UPSERT_SET.rm}, ${FILING_UPSERT_SET.flrNm}, ${FILING_UPSERT_SET.classifierVersion})`,
        })
        .returning({ rcptNo: filings.rcptNo, inserted: sql<boolean>`(xmax = 0)` });
      const fresh = rows.filter((w) => w.inserted).map((w) => w.rcptNo);
      if (fresh.length > 0) await recordNewFilings(tx as unknown as Db, fresh);
      return rows;
    });
    const inserted = written.filter((w) => w.inserted).length;
    counts.inserted += inserted;
    counts.updated += written.length - inserted;
    counts.unchanged += chunk.length - written.length;
  }
  return counts;
}

function dedupeByRcptNo(rows: FilingInput[]): FilingInput[] {
  const byKey = new Map<string, FilingInput>();
  for (const r of rows) byKey.set(r.rcptNo, r); // the last occurrence is the freshest
  return [...byKey.values()];
}

/** Filings classified by an older rule version than `version`, oldest first. */
export async function filingsClassifiedBefore(db: Db, version: number, limit: number): Promise<Filing[]> {
  return db
    .select()
    .from(filings)
    .where(sql`${filings.classifierVersion} < ${version}`)
    .orderBy(filings.rcptNo)
    .limit(limit);
}

/**
 * What narrows a window to the filings whose summaries can be sold (the explorer's "has
 * summary" view): `fetchable` as for latestSellableFilingsForTicker, and `excluded` the stored
 * bodies known to state none of their type's key facts (decided outside SQL).
 */
export interface SellableFilter {
  fetchable: boolean;
  excluded: readonly string[];
}

function recentSellableWhere(f: Omit<RecentFilter, "limit">, s: SellableFilter): SQL | undefined {
  return and(
    recentWhere(f),
    sellableHere(s.fetchable),
    s.excluded.length ? notInArray(filings.rcptNo, [...s.excluded]) : undefined,
  );
}

/** A window's newest filings whose summaries can be sold. */
export async function recentSellableFilings(db: Db, f: RecentFilter, s: SellableFilter): Promise<FilingView[]> {
  const rows = await sourcesQuery(db)
    .where(recentSellableWhere(f, s))
    .orderBy(...NEWEST_FIRST)
    .limit(f.limit);
  return rows.map(toView);
}

/** recentFilingCounts of the filings whose summaries can be sold. */
export async function recentSellableFilingCounts(
  db: Db,
  f: Omit<RecentFilter, "limit">,
  s: SellableFilter,
): Promise<RecentFilingCounts> {
  const grouped = await db
    .select({ eventType: filings.eventType, importance: filings.importanceScore, count: count() })
    .from(filings)
    .leftJoin(companies, eq(companies.ticker, filings.ticker))
    .leftJoin(summaries, eq(summaries.rcptNo, filings.rcptNo))
    .leftJoin(filingDocuments, eq(filingDocuments.rcptNo, filings.rcptNo))
    .leftJoin(filingStructured, eq(filingStructured.rcptNo, filings.rcptNo))
    .where(recentSellableWhere(f, s))
    .groupBy(filings.eventType, filings.importanceScore);
  return tallyCounts(grouped);
}

/**
 * The filing a correction corrects: the same company's earlier filing whose title, without its
 * bracketed prefixes and spaces, is `title` — filed on `day` when the correction's body names
 * that day; the original before any earlier correction of it; the latest such filing when no
 * day is known. Null when it is not stored.
 */
export async function findCorrectedFiling(
  db: Db,
  correction: { rcptNo: string; corpCode: string; title: string; day: string | null },
): Promise<string | null> {
  const base = sql`regexp_replace(regexp_replace(${filings.reportNm}, '^\\s*(\\[[^]]*\\]\\s*)+', ''), '\\s', '', 'g')`;
  const [row] = await db
    .select({ rcptNo: filings.rcptNo })
    .from(filings)
    .where(
      and(
        eq(filings.corpCode, correction.corpCode),
        sql`${filings.rcptNo} < ${correction.rcptNo}`,
        sql`${base} = ${correction.title}`,
        correction.day ? eq(filings.rceptDt, correction.day) : undefined,
      ),
    )
    .orderBy(sql`(${filings.reportNm} ~ '^\\s*\\[') asc`, desc(filings.rcptNo))
    .limit(1);
  return row?.rcptNo ?? null;
}
