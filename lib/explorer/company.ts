import type { Db } from "@/db";
import { getCompany, latestFilingsForTicker, latestSellableFilingsForTicker } from "@/db/queries";
import type { Clock } from "@/lib/clock";
import { env } from "@/lib/env";
import { BY_TICKER_LIMIT } from "@/lib/interface/pricing";
import { displayCompanyName } from "@/lib/names";
import { summaryAvailability } from "@/lib/summaries";
import { toExplorerFiling, toExplorerFilings, type ExplorerFiling } from "./feed";
import type { LatestSummaryFiling, LatestSummaryState } from "./latest-summaries";

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
  /** The service clock's now (ISO), for how long ago each filing was seen. */
  now: string;
  /** What "Buy the latest N" delivers: the state of each filing it would cover, newest first (at most by-ticker's max). */
  latestSummaries: LatestSummaryState[];
  /** The filings those states are of, in the same order: named with their days before signing. */
  latestSummaryFilings: LatestSummaryFiling[];
}

export const COMPANY_FILING_ROWS = 30;

/** A company and its newest filings; undefined when no listed company has this ticker. */
export async function companyProfile(db: Db, clock: Clock, ticker: string): Promise<CompanyProfile | undefined> {
  const company = await getCompany(db, ticker);
  if (!company) return undefined;
  const [views, latest] = await Promise.all([
    latestFilingsForTicker(db, ticker, COMPANY_FILING_ROWS, clock.now()),
    latestSummaryStates(db, clock, ticker),
  ]);
  return {
    now: clock.now().toISOString(),
    ticker: company.ticker,
    corpCode: company.corpCode,
    nameKr: company.nameKr,
    nameEn: displayCompanyName(company.nameEn),
    market: company.market ?? "UNKNOWN",
    industry: company.industry,
    marketCap: company.marketCap,
    sectorTags: company.sectorTags,
    filings: await toExplorerFilings(db, views),
    latestSummaries: latest.states,
    latestSummaryFilings: latest.filings,
  };
}

/**
 * The filings by-ticker takes for the largest `limit` (lib/payments/content.ts: the newest with
 * something to ground a summary in, or not asked of DART yet), each with whether it comes back.
 * by-ticker with `limit` L delivers the ready ones of the first L, so the explorer can say
 * before payment how many of N will be delivered.
 */
async function latestSummaryStates(
  db: Db,
  clock: Clock,
  ticker: string,
): Promise<{ states: LatestSummaryState[]; filings: LatestSummaryFiling[] }> {
  const fetchesFromDart = Boolean(env().DART_API_KEY);
  const candidates = await latestSellableFilingsForTicker(
    db,
    ticker,
    BY_TICKER_LIMIT.max,
    clock.now(),
    fetchesFromDart,
  );
  const answers = await summaryAvailability(
    db,
    candidates.map((v) => v.filing.rcptNo),
    { fetchesFromDart },
  );
  const byRcptNo = new Map(candidates.map((v) => [v.filing.rcptNo, toExplorerFiling(v, false)]));
  return {
    states: answers.map((a) => (a.summaryAvailable ? "ready" : a.availability === "unknown" ? "maybe" : "none")),
    filings: answers.map((a) => {
      const f = byRcptNo.get(a.rcptNo)!;
      return { rcptNo: f.rcptNo, rceptDt: f.rceptDt, reportNmEn: f.reportNmEn };
    }),
  };
}
