/**
 * What the paid endpoints deliver, as the interface's resources. Each is split in two:
 * a preflight that answers before any payment is asked for — 404 for what does not exist,
 * 422 `summary_not_available` for a filing with nothing to ground a summary in, 503
 * `summary_unavailable` when DART cannot be reached to find out — and the delivery that runs
 * once the payment is verified. Any ApiError from a delivery answers with its status (≥ 400),
 * so the payment is never settled for content that was not delivered.
 */
import type { Db } from "@/db";
import { creditOf, getCompany, getFilingView, latestSellableFilingsForTicker, type FilingView } from "@/db/queries";
import { ApiError } from "@/lib/api/errors";
import type { ByTickerResponse, DisclosureFactsResponse, DisclosureSummaryDto } from "@/lib/interface/schemas";
import type { AlertPackResponse } from "@/lib/interface/watchlists";
import { serviceClock } from "@/lib/clock";
import { toDisclosureFactsResponse, toDisclosureSummaryDto } from "@/lib/disclosures/dto";
import { env } from "@/lib/env";
import { SUMMARY_GENERATOR_HEADER } from "@/lib/interface/headers";
import {
  FilingNotFoundError,
  getOrCreateSummaries,
  getOrCreateSummary,
  getOrCreateSummaryWithFacts,
  prepareSummary,
  summaryAvailability,
  summaryDeadline,
  summaryProvenance,
  SummaryNotAvailableError,
  SummaryUnavailableError,
  type PreparedSummary,
  type SummaryRow,
} from "@/lib/summaries";

export interface PaidContent<Body> {
  body: Body;
  /** The receipt numbers whose summaries the body carries, for the payment ledger. */
  delivered: string[];
  /** Response headers beside the body (X-Summary-Generator: the body's fields are fixed by the spec). */
  headers?: Record<string, string>;
}

/** by-ticker generates missing summaries this many at a time, until the summary deadline. */
const BY_TICKER_CONCURRENCY = 4;
/** Retry-After when by-ticker could deliver none of the summaries it found filings for. */
const BY_TICKER_RETRY_AFTER_SECONDS = 30;

/**
 * The filing, once it is known that its summary will be delivered, with what the check read
 * (its sources and sheet), so the delivery reads the filing once and builds its sheet once.
 */
export async function findSellableFiling(db: Db, rcptNo: string): Promise<PreparedSummary> {
  const view = await getFilingView(db, rcptNo);
  if (!view) throw ApiError.notFound(`No filing with receipt number ${rcptNo} has been ingested (yet).`);
  try {
    return await prepareSummary(db, view);
  } catch (error) {
    throw asApiError(error);
  }
}

/** A filing's summary: prepared by the preflight, or (redelivery) the filing alone. */
type Deliverable = PreparedSummary | FilingView;
const viewOf = (filing: Deliverable): FilingView => ("view" in filing ? filing.view : filing);
const targetOf = (filing: Deliverable) => ("view" in filing ? filing : filing.filing.rcptNo);

export async function deliverSummary(db: Db, filing: Deliverable): Promise<PaidContent<DisclosureSummaryDto>> {
  const view = viewOf(filing);
  const { rcptNo } = view.filing;
  try {
    const summary = await getOrCreateSummary(db, targetOf(filing));
    return {
      body: toDisclosureSummaryDto(view, summary),
      delivered: [rcptNo],
      headers: { [SUMMARY_GENERATOR_HEADER]: summaryProvenance(summary) },
    };
  } catch (error) {
    throw asApiError(error);
  }
}

/** A summary a wallet bought, again. */
export async function redeliverSummary(db: Db, rcptNo: string): Promise<PaidContent<DisclosureSummaryDto>> {
  return deliverSummary(db, await boughtFiling(db, rcptNo));
}

/** A filing's facts for a wallet that bought the filing (its summary, its facts, or it in a set), again. */
export async function redeliverFacts(db: Db, rcptNo: string): Promise<PaidContent<DisclosureFactsResponse>> {
  return deliverFacts(db, await boughtFiling(db, rcptNo));
}

async function boughtFiling(db: Db, rcptNo: string): Promise<FilingView> {
  const view = await getFilingView(db, rcptNo);
  if (!view) throw ApiError.notFound(`No filing with receipt number ${rcptNo} has been ingested (yet).`);
  return view;
}

/** The same summary (the same cache row and generation) with the fact sheet it was rendered from. */
export async function deliverFacts(db: Db, filing: Deliverable): Promise<PaidContent<DisclosureFactsResponse>> {
  const view = viewOf(filing);
  const { rcptNo } = view.filing;
  try {
    const answer = await getOrCreateSummaryWithFacts(db, targetOf(filing));
    return {
      body: toDisclosureFactsResponse(view, answer),
      delivered: [rcptNo],
      headers: { [SUMMARY_GENERATOR_HEADER]: answer.generator },
    };
  } catch (error) {
    throw asApiError(error);
  }
}

/**
 * The ticker's newest `limit` filings whose summaries can be delivered (grounded in what is
 * stored, or — with a DART key — not yet asked for), after checking the company exists.
 */
export async function findSellableFilingsOf(db: Db, ticker: string, limit: number): Promise<FilingView[]> {
  const company = await getCompany(db, ticker);
  if (!company) throw ApiError.notFound(`No listed company with ticker ${ticker}.`);
  const fetchesFromDart = Boolean(env().DART_API_KEY);
  const candidates = await latestSellableFilingsForTicker(db, ticker, limit, serviceClock().now(), fetchesFromDart);
  // Left out: what cannot be had (a stored body stating none of its type's key facts: no_facts).
  // Kept: what is in hand, and what DART has not been asked for yet (the delivery asks it).
  const sellable = new Set(
    (
      await summaryAvailability(
        db,
        candidates.map((v) => v.filing.rcptNo),
        { fetchesFromDart },
      )
    )
      .filter((a) => a.availability !== "unavailable")
      .map((a) => a.rcptNo),
  );
  const views = candidates.filter((view) => sellable.has(view.filing.rcptNo));
  if (views.length === 0) {
    throw new ApiError(
      "summary_not_available",
      fetchesFromDart
        ? `None of ${ticker}'s filings has a document or structured record on DART to ground a summary in; you were not charged.`
        : `None of ${ticker}'s filings in the offline snapshot has its body bundled, so no grounded summary can be written; you were not charged. /v1/disclosures/availability tells which filings can be summarised.`,
      { reason: fetchesFromDart ? "no_document" : "not_in_snapshot" },
    );
  }
  return views;
}

/**
 * Those filings with their summaries, newest first. The caller pays for `limit` whatever is
 * delivered (the spec's per_result pricing); only grounded summaries are delivered and
 * counted; a call that could deliver none answers 503 and is not charged.
 */
export async function deliverLatestSummaries(
  db: Db,
  ticker: string,
  limit: number,
  views: FilingView[],
): Promise<PaidContent<ByTickerResponse>> {
  const rows = await getOrCreateSummaries(
    db,
    views.map((view) => view.filing.rcptNo),
    { deadline: summaryDeadline(), concurrency: BY_TICKER_CONCURRENCY },
  );
  const byRcptNo = new Map(rows.map((row) => [row.rcptNo, row]));
  const delivered = views.flatMap((view) => {
    const row = byRcptNo.get(view.filing.rcptNo);
    return row ? [{ view, row }] : [];
  });
  if (delivered.length === 0) throw summaryUnavailable(BY_TICKER_RETRY_AFTER_SECONDS);
  const summaries = delivered.map(({ view, row }) => toDisclosureSummaryDto(view, row));
  return {
    body: { ticker, count: summaries.length, chargedFor: limit, delivered: summaries.length, summaries },
    delivered: summaries.map((summary) => summary.rcptNo),
    headers: { [SUMMARY_GENERATOR_HEADER]: delivered.map(({ row }) => provenanceOf(row)).join(", ") },
  };
}

/** A by-ticker set a wallet bought, again: the filings it delivered, charged for the `limit` it paid for. */
export async function redeliverLatestSummaries(
  db: Db,
  ticker: string,
  limit: number,
  delivered: readonly string[],
): Promise<PaidContent<ByTickerResponse>> {
  const views = await Promise.all(delivered.map((rcptNo) => getFilingView(db, rcptNo)));
  return deliverLatestSummaries(
    db,
    ticker,
    limit,
    views.filter((view) => view !== undefined),
  );
}

function provenanceOf(row: SummaryRow): string {
  return `${summaryProvenance(row)}; rcptNo=${row.rcptNo}`;
}

function asApiError(error: unknown): unknown {
  if (error instanceof SummaryNotAvailableError) {
    return new ApiError("summary_not_available", `${error.message} You were not charged.`, { reason: error.reason });
  }
  if (error instanceof SummaryUnavailableError) return summaryUnavailable(error.retryAfterSeconds);
  if (error instanceof FilingNotFoundError) return ApiError.notFound(error.message);
  return error;
}

function summaryUnavailable(retryAfter: number): ApiError {
  return new ApiError("summary_unavailable", "The summary cannot be produced right now; you were not charged.", {
    retryAfter,
  });
}

/**
 * An alert pack's answer: the wallet's credit with this pack in it. The pack is credited by its
 * settlement (the ledger row it writes), which follows this answer, so it is counted here ahead.
 */
export async function deliverAlertPack(
  db: Db,
  wallet: string,
  alerts: number,
): Promise<PaidContent<AlertPackResponse>> {
  const { bought, spent } = await creditOf(db, wallet);
  return {
    body: { wallet, added: alerts, bought: bought + alerts, spent, balance: Math.max(0, bought + alerts - spent) },
    delivered: [],
  };
}
