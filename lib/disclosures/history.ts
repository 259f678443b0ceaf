/**
 * History and search over every stored filing (GET /v1/filings, the MCP tool search_filings,
 * the explorer's search page and company history): one page of the read side, with the total
 * and the cursor of the next page.
 */
import type { Db } from "@/db";
import { countSearchFilings, searchFilings, type FilingSearch, type FilingView } from "@/db/queries";
import type { Clock } from "@/lib/clock";
import {
  encodeFilingsCursor,
  FILINGS_TOTAL_CAP,
  type FilingsQuery,
  type FilingsResponse,
} from "@/lib/interface/schemas";
import { toRecentFilingDto } from "./dto";
import { readThroughCache } from "./read-cache";

export interface FilingHistoryPage {
  views: FilingView[];
  total: number;
  nextCursor: string | null;
}

/** Pages are reused for a few seconds, like the feed's: a burst of identical requests is one query. */
const historyCache = readThroughCache<FilingHistoryPage>(3_000);

/** The read-side filter of a query, ending at the service clock's "now" (on the next whole second). */
export function filingSearchOf(query: FilingsQuery, clock: Clock): FilingSearch {
  return {
    fromDay: query.from,
    toDay: query.to,
    until: new Date(Math.ceil(clock.now().getTime() / 1000) * 1000),
    terms: query.q,
    ticker: query.ticker,
    eventTypes: query.eventType,
    minImportance: query.minImportance,
    markets: query.market,
  };
}

/** One page of history: the rows, the capped total and the next page's cursor. */
export async function filingHistoryPage(db: Db, clock: Clock, query: FilingsQuery): Promise<FilingHistoryPage> {
  const search = filingSearchOf(query, clock);
  const key = JSON.stringify([search, query.limit, query.cursor ?? null]);
  return historyCache(db, key, async () => {
    const cursor = query.cursor;
    const ranked = Boolean(search.terms?.length);
    const offset = cursor && "o" in cursor ? cursor.o : 0;
    const position = cursor && "t" in cursor ? { after: { feedAt: new Date(cursor.t), rcptNo: cursor.r } } : { offset };
    // One row more than asked says whether there is a next page; a later page's cursor carries
    // the total its first page counted.
    const [rows, total] = await Promise.all([
      searchFilings(db, search, { limit: query.limit + 1, position }),
      cursor?.n ?? countSearchFilings(db, search, FILINGS_TOTAL_CAP),
    ]);
    const views = rows.slice(0, query.limit);
    const last = views.at(-1);
    const more = rows.length > query.limit && last;
    const nextCursor = !more
      ? null
      : ranked
        ? encodeFilingsCursor({ o: offset + views.length, n: total })
        : encodeFilingsCursor({ t: last.filing.feedAt.toISOString(), r: last.filing.rcptNo, n: total });
    return { views, total, nextCursor };
  });
}

/** GET /v1/filings. */
export async function listFilings(db: Db, clock: Clock, query: FilingsQuery): Promise<FilingsResponse> {
  const page = await filingHistoryPage(db, clock, query);
  return { filings: page.views.map(toRecentFilingDto), total: page.total, nextCursor: page.nextCursor };
}
