import type { ReactNode } from "react";
import { Card, CardTitle } from "@/components/ui/card";
import { PAYMENT_HEADERS } from "@/lib/interface/headers";
import { BY_TICKER_LIMIT, PRICE_PER_SUMMARY_USDC } from "@/lib/interface/pricing";

/**
 * "Buy the latest N summaries" of a company: the price and how an agent buys them today.
 * `purchase` is where the in-browser purchase (issue 10) mounts; without it the panel shows
 * the agent's way only.
 */
export function LatestSummariesPanel({
  ticker,
  baseUrl,
  purchase,
}: {
  ticker: string;
  baseUrl: string;
  purchase?: ReactNode;
}) {
  const n = BY_TICKER_LIMIT.default;
  return (
    <Card aria-labelledby="latest-summaries-heading">
      <CardTitle id="latest-summaries-heading">English summaries of the latest filings</CardTitle>
      <p className="text-sm text-fg-muted">
        {PRICE_PER_SUMMARY_USDC} USDC per summary, up to {BY_TICKER_LIMIT.max} at once. You pay for the number you ask
        for, even when the company has fewer filings.
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
    </Card>
  );
}
