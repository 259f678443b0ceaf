"use client";
import dynamic from "next/dynamic";
import { useId, useState } from "react";
import { formatUnits, parseUnits } from "viem";
import { Button } from "@/components/ui/button";

const BuyLatestFlow = dynamic(() => import("./buy-latest-flow"), {
  ssr: false,
  loading: () => (
    <p role="status" className="text-sm text-fg-muted">
      Loading wallets…
    </p>
  ),
});

/** by-ticker's limit range (the interface's rule). */
const MIN = 1;
const MAX = 50;

/**
 * "Buy the latest N summaries" on a company page: N defaults to the number of the company's
 * filings in range (so nobody pays for summaries that cannot come back), the price is shown
 * before anything is signed, and the charge-for-N rule is said plainly. The wallet code loads
 * only when the reader buys.
 */
export function BuyLatest({
  ticker,
  filingCount,
  priceUsdc,
}: {
  ticker: string;
  filingCount: number;
  priceUsdc: string;
}) {
  const [limit, setLimit] = useState(() => Math.min(MAX, Math.max(MIN, filingCount)));
  const [buying, setBuying] = useState<number>();
  const inputId = useId();
  const total = formatUnits(parseUnits(priceUsdc, 6) * BigInt(limit), 6);

  if (buying !== undefined) return <BuyLatestFlow ticker={ticker} limit={buying} />;
  return (
    <form
      className="space-y-2 text-sm"
      onSubmit={(event) => {
        event.preventDefault();
        setBuying(limit);
      }}
    >
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={inputId}>Summaries of the latest filings</label>
        <input
          id={inputId}
          type="number"
          min={MIN}
          max={MAX}
          required
          value={limit}
          onChange={(e) => setLimit(Math.min(MAX, Math.max(MIN, Math.trunc(Number(e.target.value)) || MIN)))}
          className="h-10 w-20 rounded-md border border-border bg-bg px-2 text-sm text-fg"
        />
        <Button type="submit">
          Buy the latest {limit} — {total} USDC
        </Button>
      </div>
      <p className="text-xs text-fg-muted" data-testid="charge-rule">
        {priceUsdc} USDC × {limit} = {total} USDC. You are charged for {limit} {limit === 1 ? "summary" : "summaries"}{" "}
        even if fewer come back
        {filingCount < MAX && ` (${ticker} has ${filingCount} ${filingCount === 1 ? "filing" : "filings"} in range)`}.
      </p>
    </form>
  );
}
