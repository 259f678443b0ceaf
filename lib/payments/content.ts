/**
 * What the two paid endpoints deliver, as the interface's resources. Each is split in two:
 * a look-up that answers 404 before any payment is asked for, and the delivery that runs once
 * the payment is verified. Any ApiError from a delivery answers with its status (≥ 400), so the
 * payment is never settled for content that was not delivered.
 */
import type { Db } from "@/db";
import { getCompany, getFilingView, latestFilingsForTicker, type Company, type FilingView } from "@/db/queries";
import { ApiError } from "@/lib/api/errors";
import type { ByTickerResponse, DisclosureSummaryDto } from "@/lib/api/schemas";
import { serviceClock } from "@/lib/clock";
import { toDisclosureSummaryDto } from "@/lib/disclosures/dto";
import { FilingNotFoundError, getOrCreateSummaries, getOrCreateSummary, SummaryUnavailableError } from "@/lib/summaries";

export interface PaidContent<Body> {
  body: Body;
  /** The receipt numbers whose summaries the body carries, for the payment ledger. */
  delivered: string[];
}

/** by-ticker generates missing summaries this many at a time... */
const BY_TICKER_CONCURRENCY = 4;
/** ...until this long after the request; what misses it is left out (its run goes on and fills the cache). */
const BY_TICKER_DEADLINE_MS = 25_000;
/** Retry-After when by-ticker could deliver none of the summaries it found filings for. */
const BY_TICKER_RETRY_AFTER_SECONDS = 30;

export async function findFiling(db: Db, rcptNo: string): Promise<FilingView> {
  const view = await getFilingView(db, rcptNo);
  if (!view) throw ApiError.notFound(`No filing with receipt number ${rcptNo} has been ingested (yet).`);
  return view;
}

export async function deliverSummary(db: Db, view: FilingView): Promise<PaidContent<DisclosureSummaryDto>> {
  const { rcptNo } = view.filing;
  try {
    const summary = await getOrCreateSummary(db, rcptNo);
    return { body: toDisclosureSummaryDto(view, summary), delivered: [rcptNo] };
  } catch (error) {
    if (error instanceof SummaryUnavailableError) throw summaryUnavailable(error.retryAfterSeconds);
    if (error instanceof FilingNotFoundError) throw ApiError.notFound(error.message);
    throw error;
  }
}

export async function findCompany(db: Db, ticker: string): Promise<Company> {
  const company = await getCompany(db, ticker);
  if (!company) throw ApiError.notFound(`No listed company with ticker ${ticker}.`);
  return company;
}

/**
 * The ticker's newest `limit` filings with their summaries, newest first. The caller pays for
 * `limit` whatever is delivered (the spec's per_result pricing), except that a call which found
 * filings but could deliver none of their summaries answers 503 and is not charged.
 */
export async function deliverLatestSummaries(db: Db, ticker: string, limit: number): Promise<PaidContent<ByTickerResponse>> {
  const views = await latestFilingsForTicker(db, ticker, limit, serviceClock().now());
  const rows = await getOrCreateSummaries(
    db,
    views.map((view) => view.filing.rcptNo),
    { deadline: new Date(Date.now() + BY_TICKER_DEADLINE_MS), concurrency: BY_TICKER_CONCURRENCY },
  );
  const byRcptNo = new Map(rows.map((row) => [row.rcptNo, row]));
  const summaries = views.flatMap((view) => {
    const row = byRcptNo.get(view.filing.rcptNo);
    return row ? [toDisclosureSummaryDto(view, row)] : [];
  });
  if (views.length > 0 && summaries.length === 0) throw summaryUnavailable(BY_TICKER_RETRY_AFTER_SECONDS);
  return {
    body: { ticker, count: summaries.length, chargedFor: limit, delivered: summaries.length, summaries },
    delivered: summaries.map((summary) => summary.rcptNo),
  };
}

function summaryUnavailable(retryAfter: number): ApiError {
  return new ApiError("summary_unavailable", "The summary cannot be produced right now; you were not charged.", {
    retryAfter,
  });
}
