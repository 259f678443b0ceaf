/**
 * The free read side of the service: the recent-filings feed and the company directory,
 * shaped as the interface's resources.
 */
import type { Clock } from "@/lib/clock";
import { ApiError } from "@/lib/api/errors";
import type { Db } from "@/db";
import { getCompany, recentFilings, searchCompanies } from "@/db/queries";
import type { CompanyDto, RecentFilingDto } from "@/lib/api/schemas";
import { toCompanyDto, toRecentFilingDto } from "./dto";

export * from "./dto";

const HOUR_MS = 3_600_000;

export async function listRecentFilings(
  db: Db,
  clock: Clock,
  query: { limit: number; since_hours: number; ticker?: string },
): Promise<{ filings: RecentFilingDto[] }> {
  const now = clock.now();
  const views = await recentFilings(db, {
    limit: query.limit,
    since: new Date(now.getTime() - query.since_hours * HOUR_MS),
    until: now,
    ticker: query.ticker,
  });
  return { filings: views.map(toRecentFilingDto) };
}

export async function searchDirectory(db: Db, q: string, limit: number): Promise<{ matches: CompanyDto[] }> {
  const matches = await searchCompanies(db, q, limit);
  return { matches: matches.map((m) => toCompanyDto(m, m.isExactMatch)) };
}

export async function lookupCompany(db: Db, ticker: string): Promise<CompanyDto> {
  const company = await getCompany(db, ticker);
  if (!company) throw ApiError.notFound(`No listed company with ticker ${ticker}.`);
  return toCompanyDto(company, true);
}
