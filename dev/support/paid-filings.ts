/**
 * THE ONE PLACE that chooses what the payment specs buy. The first candidate the seed has is
 * revealed; its company is bought through by-ticker. Filings with a real stored body (from
 * ../shared/data/dart/documents/) come first, then a snapshot filing, so the specs pick up the
 * bodies as soon as the seed bundles them: to pin one, put it first.
 */
export const PAID_FILING_CANDIDATES = [
  "20260424000778", // treasury share acquisition result (stored body)
  "20260415900781", // CB conversion price adjustment (stored body)
  "20260729900778", // debt guarantee (stored body)
  "20260716900971", // snapshot filing (the API's own example)
] as const;

/** How many of the company's latest filings the by-ticker spec buys. */
export const BY_TICKER_COUNT = 2;

/** What the prepared stack sells: filled in by ./prepare-summaries.ts. */
export interface PreparedFilings {
  /** The filing the reveal specs buy (its summary is cached, as a reader after the first would find it). */
  rcptNo: string;
  ticker: string;
  /** The ticker's latest BY_TICKER_COUNT filings, summaries cached. */
  byTicker: string[];
  /** A filing whose generation "recently failed" (the service's own marker): 503 `summary_unavailable`. */
  unavailableRcptNo: string;
}
