import type { Db } from "@/db";
import { getCompany, latestFilingsForTicker } from "@/db/queries";
import type { Clock } from "@/lib/clock";
import { displayCompanyName } from "@/lib/names";
import { toExplorerFilings, type ExplorerFiling } from "./feed";

export interface CompanyProfile {
  ticker: string;
  corpCode: string;
  nameKr: string;
  nameEn: string;
  market: string;
  industry: string | null;
  /** KRW; null when unknown. */
  marketCap: number | null;
  sectorTags: string[];
  /** Newest first, regardless of age. */
  filings: ExplorerFiling[];
}

export const COMPANY_FILING_ROWS = 30;

/** A company and its newest filings; undefined when no listed company has this ticker. */
export async function companyProfile(db: Db, clock: Clock, ticker: string): Promise<CompanyProfile | undefined> {
  const company = await getCompany(db, ticker);
  if (!company) return undefined;
  const views = await latestFilingsForTicker(db, ticker, COMPANY_FILING_ROWS, clock.now());
  return {
    ticker: company.ticker,
    corpCode: company.corpCode,
    nameKr: company.nameKr,
    nameEn: displayCompanyName(company.nameEn),
    market: company.market ?? "UNKNOWN",
    industry: company.industry,
    marketCap: company.marketCap,
    sectorTags: company.sectorTags,
    filings: await toExplorerFilings(db, views),
  };
}
