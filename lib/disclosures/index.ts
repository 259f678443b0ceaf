/**
 * The free read side of the service: the recent-filings feed and the company directory,
 * shaped as the interface's resources.
 */
import type { Clock } from "@/lib/clock";
import { ApiError } from "@/lib/api/errors";
import type { Db } from "@/db";
import { getCompany, recentFilings } from "@/db/queries";
import { searchCompanies } from "@/lib/directory";
import type { CompanyDto, RecentFilingDto } from "@/lib/interface/schemas";
import { toCompanyDto, toRecentFilingDto } from "./dto";
import { readThroughCache } from "./read-cache";

export * from "./dto";
export { filingHistoryPage, listFilings, type FilingHistoryPage } from "./history";
export { readThroughCache } from "./read-cache";

const HOUR_MS = 3_600_000;
/** Well under the poll interval and the edge cache's s-maxage. */
const feedCache = readThroughCache<{ filings: RecentFilingDto[] }>(3_000);
/** Answers repeated within a minute are reused: a search in memory is fast, a cached answer faster still. */
const directoryCache = readThroughCache<{ matches: CompanyDto[] }>(60_000);
/** Unknown tickers are cached too (as null), so probing for them costs one query per minute. */
const companyCache = readThroughCache<{ company: CompanyDto | null }>(60_000, 5000);

export async function listRecentFilings(
  db: Db,
  clock: Clock,
  query: { limit: number; since_hours: number; ticker?: string },
): Promise<{ filings: RecentFilingDto[] }> {
  // Windows end on the next whole second, so requests within one second share one result.
  const now = Math.ceil(clock.now().getTime() / 1000) * 1000;
  const key = `${query.limit}|${query.since_hours}|${query.ticker ?? ""}|${now}`;
  return feedCache(db, key, async () => {
    const views = await recentFilings(db, {
      limit: query.limit,
      since: new Date(now - query.since_hours * HOUR_MS),
      until: new Date(now),
      ticker: query.ticker,
    });
    return { filings: views.map(toRecentFilingDto) };
  });
}

export async function searchDirectory(db: Db, q: string, limit: number): Promise<{ matches: CompanyDto[] }> {
  return directoryCache(db, `${limit}|${q}`, async () => {
    const matches = await searchCompanies(db, q, limit);
    return { matches: matches.map((m) => toCompanyDto(m, m.isExactMatch)) };
  });
}

export async function lookupCompany(db: Db, ticker: string): Promise<CompanyDto> {
  const { company } = await companyCache(db, ticker, async () => {
    const row = await getCompany(db, ticker);
    return { company: row ? toCompanyDto(row, true) : null };
  });
  if (!company) throw ApiError.notFound(`No listed company with ticker ${ticker}.`);
  return company;
}
