import type { ReactNode } from "react";
import { Card, CardTitle } from "@/components/ui/card";
import { PAYMENT_HEADERS } from "@/lib/interface/headers";
import { BY_TICKER_LIMIT, PRICE_PER_SUMMARY_USDC } from "@/lib/interface/pricing";
import {
  coveredDays,
  proposedLimit,
  type LatestSummaryFiling,
  type LatestSummaryState,
} from "@/lib/explorer/latest-summaries";

/**
 * "Buy the latest N summaries" of a company: the price, the in-browser purchase (`purchase`, a
 * lazily loaded island) and how an agent buys them. by-ticker charges for N whatever comes back,
 * so the purchase is offered only when the newest filing's summary is ready (`states`), and an
 * agent's example asks for that many.
 */
export function LatestSummariesPanel({
  ticker,
  baseUrl,
  states,
  filings = [],
  purchase,
}: {
  ticker: string;
  baseUrl: string;
  states: LatestSummaryState[];
  /** The filings of `states`, in order: their days are named. */
  filings?: LatestSummaryFiling[];
  purchase?: ReactNode;
}) {
  const n = proposedLimit(states);
  return (
    <Card aria-labelledby="latest-summaries-heading" id="buy-latest">
      <CardTitle id="latest-summaries-heading">English summaries of the latest filings</CardTitle>
      {n > 0 ? (
        <>
          <p className="text-sm text-fg-muted">
            {PRICE_PER_SUMMARY_USDC} USDC per summary, up to {BY_TICKER_LIMIT.max} at once, in one payment. &ldquo;The
            latest&rdquo; are this company&apos;s newest filings whose summaries can be had, not always its newest
            filings: the latest {n} ready {n === 1 ? "was" : "were"} filed{" "}
            <span data-testid="latest-days">{coveredDays(filings, n)}</span>.
          </p>
          <div data-slot="buy-latest" className="mt-3 empty:hidden">
            {purchase}
          </div>
          <details className="mt-3 text-sm">
            <summary className="cursor-pointer text-accent">How an agent buys them</summary>
            <pre className="mt-2 max-w-full overflow-x-auto rounded-md bg-subtle p-3 font-mono text-xs">
              <code>{`curl -i "${baseUrl}/v1/disclosures/by-ticker?ticker=${ticker}&limit=${n}"
# → 402 with the challenge; sign it and repeat with ${PAYMENT_HEADERS.preferred}
npm run pay -- "/v1/disclosures/by-ticker?ticker=${ticker}&limit=${n}"`}</code>
            </pre>
          </details>
        </>
      ) : (
        <p className="text-sm text-fg-muted" data-testid="no-latest-summaries">
          {states.some((s) => s === "ready")
            ? "The newest filing of this company has no English summary for sale, and a purchase of the latest filings is charged for every one asked for. Open a filing below to buy its summary alone."
            : "None of this company's latest filings has an English summary for sale yet."}
        </p>
      )}
    </Card>
  );
}
