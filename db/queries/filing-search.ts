/**
 * The history read side: listed-company filings over any date range, narrowed by ticker, event
 * type, importance, market and words (q), a page at a time. The API's /v1/filings, its MCP
 * tool, the explorer's search page, company history and their Atom feeds all read through here.
 */
import { and, desc, eq, gte, ilike, inArray, isNotNull, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../client";
import { companies, filings } from "../schema";
import { escapeLike } from "./companies";
import { NEWEST_FIRST, toView, viewQuery, type FilingView } from "./filings";

export interface FilingSearch {
  /** First KST receipt day (YYYY-MM-DD), inclusive. */
  fromDay?: string;
  /** Last KST receipt day (YYYY-MM-DD), inclusive. */
  toDay?: string;
  /** Nothing whose feed time is after this instant (the service clock's "now"). */
  until: Date;
  /** Words, each of which must appear in the Korean title, the English label or a company name. */
  terms?: readonly string[];
  ticker?: string;
  eventTypes?: readonly string[];
  minImportance?: number;
  markets?: readonly string[];
}

/** Where a page starts: after a row (newest-first order) or at a position (ranked order). */
export type SearchPosition = { after: { feedAt: Date; rcptNo: string } } | { offset: number } | undefined;

/** The text the trigram index (filings_search_trgm_idx) holds: the expression must match it exactly. */
const searchText = sql`(${filings.reportNm} || ' ' || ${filings.reportNmEn} || ' ' || ${filings.corpName})`;

const KST_DAY_START = (day: string) => new Date(Date.parse(`${day}T00:00:00+09:00`));
const KST_DAY_END = (day: string) => new Date(Date.parse(`${day}T23:59:59.999+09:00`));
const DAY_MS = 86_400_000;

/**
 * Runs a query by words with sequential scans of the table priced out: PostgreSQL underprices
 * ILIKE's CPU (lower-casing and matching every title), so with a LIMIT it would rather read the
 * table in order until enough rows match, which for a rare word is most of a million rows. A
 * search by words is answered from the trigram index (or an index in feed order), always.
 */
function byIndex<T>(db: Db, words: boolean, run: (db: Db) => Promise<T>): Promise<T> {
  if (!words) return run(db);
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    return run(tx as unknown as Db);
  });
}

/** Per word, the listed tickers whose English name holds it (the Korean name is on the filing row). */
async function tickersNamed(db: Db, terms: readonly string[]): Promise<string[][]> {
  return Promise.all(
    terms.map(async (term) => {
      const rows = await db
        .select({ ticker: companies.ticker })
        .from(companies)
        .where(ilike(companies.nameEn, `%${escapeLike(term)}%`));
      return rows.map((r) => r.ticker);
    }),
  );
}

function searchWhere(db: Db, f: FilingSearch, named: string[][]): SQL | undefined {
  // A filing's feed time lies within its receipt day (never later than its end), so the day
  // range also bounds feed_at, and the feed indexes can read just that stretch. A day of slack
  // before covers a filing seen slightly before its receipt stamp.
  const feedFrom = f.fromDay ? new Date(KST_DAY_START(f.fromDay).getTime() - DAY_MS) : undefined;
  const feedTo = f.toDay && KST_DAY_END(f.toDay) < f.until ? KST_DAY_END(f.toDay) : f.until;
  return and(
    f.ticker ? eq(filings.ticker, f.ticker) : isNotNull(filings.ticker),
    sql`${filings.feedAt} <= ${feedTo.toISOString()}`,
    feedFrom ? sql`${filings.feedAt} >= ${feedFrom.toISOString()}` : undefined,
    f.fromDay ? gte(filings.rceptDt, f.fromDay) : undefined,
    f.toDay ? sql`${filings.rceptDt} <= ${f.toDay}` : undefined,
    f.minImportance && f.minImportance > 1 ? gte(filings.importanceScore, f.minImportance) : undefined,
    f.eventTypes?.length ? inArray(filings.eventType, [...f.eventTypes]) : undefined,
    // Markets through a subquery on the directory: the filings-only query keeps its index paths.
    f.markets?.length
      ? inArray(
          filings.ticker,
          db
            .select({ ticker: companies.ticker })
            .from(companies)
            .where(inArray(companies.market, [...f.markets])),
        )
      : undefined,
    ...(f.terms ?? []).map((term, i) =>
      or(
        sql`${searchText} ilike ${`%${escapeLike(term)}%`}`,
        named[i].length ? inArray(filings.ticker, named[i]) : undefined,
      ),
    ),
  );
}

/**
 * One page of matching filings. Without words: newest first (feed time, then receipt number),
 * paged by keyset. With words: ranked — filings of companies whose English name holds more of
 * the words first, then newest first — paged by position. The page is chosen on the filings
 * table alone (so an index can give it in order and stop), then joined for its rows only.
 */
export async function searchFilings(
  db: Db,
  f: FilingSearch,
  page: { limit: number; position?: SearchPosition },
): Promise<FilingView[]> {
  const terms = f.terms ?? [];
  const named = await tickersNamed(db, terms);
  const position = page.position;
  const where = and(
    searchWhere(db, f, named),
    // A row comparison, so the feed indexes seek straight to the page (an OR would be a filter).
    position && "after" in position
      ? sql`(${filings.feedAt}, ${filings.rcptNo}) < (${position.after.feedAt.toISOString()}::timestamptz, ${position.after.rcptNo})`
      : undefined,
  );
  const ranked = named.some((tickers) => tickers.length > 0);
  const rank = ranked
    ? sql.join(
        named.map((tickers) => (tickers.length ? sql`(${inArray(filings.ticker, tickers)})::int` : sql`0`)),
        sql` + `,
      )
    : undefined;
  const chosen = await byIndex(db, terms.length > 0, (q) =>
    q
      .select({ rcptNo: filings.rcptNo })
      .from(filings)
      .where(where)
      .orderBy(...(rank ? [desc(rank)] : []), ...NEWEST_FIRST)
      .limit(page.limit)
      .offset(position && "offset" in position ? position.offset : 0),
  );
  if (chosen.length === 0) return [];
  const order = new Map(chosen.map((c, i) => [c.rcptNo, i]));
  const rows = await viewQuery(db).where(
    inArray(
      filings.rcptNo,
      chosen.map((c) => c.rcptNo),
    ),
  );
  return rows.map(toView).sort((a, b) => order.get(a.filing.rcptNo)! - order.get(b.filing.rcptNo)!);
}

/**
 * How many filings match, exactly up to `cap` (then `cap`): counting touches every match, so the
 * cap is what keeps a common word's count cheap at a million filings.
 */
export async function countSearchFilings(db: Db, f: FilingSearch, cap: number): Promise<number> {
  const named = await tickersNamed(db, f.terms ?? []);
  return byIndex(db, Boolean(f.terms?.length), async (q) => {
    const capped = q
      .select({ one: sql`1` })
      .from(filings)
      .where(searchWhere(q, f, named))
      .limit(cap)
      .as("capped");
    const [row] = await q.select({ n: sql<number>`count(*)::int` }).from(capped);
    return row?.n ?? 0;
  });
}
