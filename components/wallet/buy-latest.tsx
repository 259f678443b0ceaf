"use client";
import { useId, useRef, useState } from "react";
import { formatUnits, parseUnits } from "viem";
import { Button } from "@/components/ui/button";
import { BY_TICKER_LIMIT } from "@/lib/interface/pricing";
import {
  coveredDays,
  deliveredFor,
  proposedLimit,
  type LatestSummaryFiling,
  type LatestSummaryState,
} from "@/lib/explorer/latest-summaries";
import { OnDemandStatus, useOnDemand } from "./on-demand";
import { StickyActionBar } from "./sticky-action-bar";

const loadBuyLatestFlow = () => import("./buy-latest-flow");

const { min: MIN, max: MAX } = BY_TICKER_LIMIT;

const summaries = (n: number) => `${n} ${n === 1 ? "summary" : "summaries"}`;

/**
 * "Buy the latest N summaries" on a company page. by-ticker charges for N (its `limit`) whatever
 * comes back, so N defaults to the number that will be delivered: the newest filings whose
 * summaries are ready (the page is not offered when the newest has none, see
 * LatestSummariesPanel). Before anything is signed it says how many of N will be delivered and
 * that the charge is for N. The wallet code loads only when the reader buys.
 */
export function BuyLatest({
  ticker,
  states,
  filings = [],
  priceUsdc,
}: {
  ticker: string;
  /** The filings by-ticker would cover, newest first (lib/explorer/latest-summaries.ts). */
  states: LatestSummaryState[];
  /** The same filings, named: their days are stated before signing. */
  filings?: LatestSummaryFiling[];
  priceUsdc: string;
}) {
  const [limit, setLimit] = useState(() => Math.max(MIN, proposedLimit(states)));
  const [buying, setBuying] = useState<{ limit: number; delivered: number }>();
  const form = useRef<HTMLFormElement>(null);
  const inputId = useId();
  const total = formatUnits(parseUnits(priceUsdc, 6) * BigInt(limit), 6);
  const { ready, maybe } = deliveredFor(states, limit);
  const flow = useOnDemand(loadBuyLatestFlow);
  const start = () => {
    setBuying({ limit, delivered: ready });
    flow.load();
  };

  if (buying) {
    return flow.Component ? (
      <flow.Component ticker={ticker} limit={buying.limit} delivered={buying.delivered} />
    ) : (
      <OnDemandStatus failed={flow.failed} onRetry={flow.load} />
    );
  }
  return (
    <form
      ref={form}
      className="space-y-2 text-sm"
      data-testid="buy-latest-form"
      onSubmit={(event) => {
        event.preventDefault();
        start();
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
          aria-describedby={`${inputId}-rule`}
          onChange={(e) => setLimit(Math.min(MAX, Math.max(MIN, Math.trunc(Number(e.target.value)) || MIN)))}
          className="h-10 w-20 rounded-md border border-border bg-bg px-2 text-sm text-fg"
        />
        <Button type="submit" className="whitespace-nowrap">
          Buy the latest {limit} — {total}&nbsp;USDC
        </Button>
      </div>
      <p id={`${inputId}-rule`} className="text-xs text-fg-muted" data-testid="charge-rule">
        {priceUsdc} USDC × {limit} = {total} USDC.{" "}
        {ready === limit ? (
          <>
            All {summaries(limit)} will be delivered; you are charged for {limit}.
          </>
        ) : (
          <strong className="font-semibold text-fg" data-testid="shortfall">
            {ready} of {limit} will be delivered{maybe > 0 && ` (${maybe} more if DART has their bodies)`}, and you are
            charged for {limit}: the charge is for the number asked for, even if fewer come back.
          </strong>
        )}{" "}
        If none can be delivered, nothing is charged.
      </p>
      {filings.length > 0 && (
        <details className="text-xs" data-testid="covered-filings">
          <summary className="cursor-pointer text-accent">
            The {summaries(limit)} of filings of {coveredDays(filings, limit)}
          </summary>
          <ol className="mt-1 space-y-0.5">
            {filings.slice(0, limit).map((f, i) => (
              <li key={f.rcptNo}>
                <span className="tabular-nums text-fg-muted">{f.rceptDt}</span> {f.reportNmEn}
                {states[i] !== "ready" && <span className="text-fg-muted"> (not delivered)</span>}
              </li>
            ))}
          </ol>
        </details>
      )}
      <StickyActionBar target={form} label="Buy the latest summaries">
        <span className="text-sm">
          Latest {limit}: <span className="whitespace-nowrap font-semibold">{total}&nbsp;USDC</span>
        </span>
        <Button
          onClick={() => {
            start();
            form.current?.scrollIntoView({ block: "center" });
          }}
          className="whitespace-nowrap"
        >
          Buy {summaries(limit)}
        </Button>
      </StickyActionBar>
    </form>
  );
}
