"use client";
import { useState } from "react";
import { createPortal } from "react-dom";
import { receiptDay } from "@/lib/explorer/citation";
import type { ByTickerResponse } from "@/lib/interface/schemas";
import type { KeptSummary } from "@/lib/wallet/kept-summaries";
import { ConnectWallet } from "./connect-wallet";
import { KeptSummaryCard } from "./kept-summary-card";
import { Notice } from "./notice";
import { PurchaseSteps, usePurchase, type Delivered } from "./purchase";
import { WalletIsland } from "./wallet-island";

/**
 * The wallet half of "Buy the latest N" on a company page (loaded on demand): one payment of
 * N × the summary price through by-ticker, and every summary delivered kept on this device.
 * `delivered`: how many the page said will come back, repeated beside the terms to sign.
 */
export default function BuyLatestFlow({
  ticker,
  limit,
  delivered,
}: {
  ticker: string;
  limit: number;
  delivered: number;
}) {
  return (
    <WalletIsland>
      <BuySteps ticker={ticker} limit={limit} delivered={delivered} />
    </WalletIsland>
  );
}

const theSummaries = (body: ByTickerResponse): Delivered[] => body.summaries.map((summary) => ({ summary }));

const summaries = (n: number) => `${n} ${n === 1 ? "summary" : "summaries"}`;

function BuySteps({ ticker, limit, delivered }: { ticker: string; limit: number; delivered: number }) {
  const query = new URLSearchParams({ ticker, limit: String(limit) });
  const purchase = usePurchase(`/v1/disclosures/by-ticker?${query}`, theSummaries);
  const { bought } = purchase;
  return (
    <div className="space-y-3" data-testid="buy-latest-flow">
      <ConnectWallet purpose={`Connect a wallet to buy the latest ${summaries(limit)} of ${ticker}`} />
      {purchase.ready && (
        <>
          <PurchaseSteps
            purchase={purchase}
            settling="the summaries"
            note={
              delivered === limit
                ? `This pays for ${summaries(limit)}; all ${limit} will be delivered.`
                : `This pays for ${summaries(limit)}; ${delivered} will be delivered, and the charge is for ${limit}.`
            }
          />
          {bought && <Bought ticker={ticker} body={bought.body} kept={bought.kept} />}
        </>
      )}
    </div>
  );
}

/**
 * What was bought: the notice stays by the purchase; the summaries, each with its filing's day,
 * title, text and facts, go to the page's main column (`#bought-summaries-slot`) where there is
 * room to read them, not into the side panel.
 */
function Bought({ ticker, body, kept }: { ticker: string; body: ByTickerResponse; kept: KeptSummary[] }) {
  // Rendered only in the browser, after a purchase (this module loads on demand): the page is there.
  const [slot] = useState(() => document.getElementById("bought-summaries-slot"));
  const cards = (
    <section aria-label="Summaries bought" className="space-y-3" data-testid="bought-summary-cards">
      {kept.map((entry) => (
        <KeptSummaryCard
          key={entry.summary.rcptNo}
          kept={entry}
          heading={`${receiptDay(entry.summary.rcptNo)} · ${entry.summary.reportNmEn}`}
        />
      ))}
    </section>
  );
  return (
    <div className="space-y-3" data-testid="bought-summaries">
      <Notice focus tone="success" title={`${body.delivered} of ${summaries(body.chargedFor)} delivered`}>
        Charged for {body.chargedFor}.
        {body.delivered < body.chargedFor &&
          ` ${ticker} had fewer summaries ready than you paid for; as stated before you signed, the charge is for ${body.chargedFor}.`}{" "}
        They are kept on this device (see My summaries){slot ? ", and shown beside the company's filings" : ""}.
      </Notice>
      {slot ? createPortal(cards, slot) : cards}
    </div>
  );
}
