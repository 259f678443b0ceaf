"use client";
import type { ByTickerResponse } from "@/lib/interface/schemas";
import { ConnectWallet } from "./connect-wallet";
import { KeptSummaryCard } from "./kept-summary-card";
import { Notice } from "./notice";
import { PurchaseSteps, usePurchase } from "./purchase";
import { WalletIsland } from "./wallet-island";

/**
 * The wallet half of "Buy the latest N" on a company page (loaded on demand): one payment of
 * N × the summary price through by-ticker, and every summary delivered kept on this device.
 */
export default function BuyLatestFlow({ ticker, limit }: { ticker: string; limit: number }) {
  return (
    <WalletIsland>
      <BuySteps ticker={ticker} limit={limit} />
    </WalletIsland>
  );
}

const theSummaries = (body: ByTickerResponse) => body.summaries;

function BuySteps({ ticker, limit }: { ticker: string; limit: number }) {
  const query = new URLSearchParams({ ticker, limit: String(limit) });
  const purchase = usePurchase(`/v1/disclosures/by-ticker?${query}`, theSummaries);
  const { bought } = purchase;
  return (
    <div className="space-y-3" data-testid="buy-latest-flow">
      <ConnectWallet purpose={`Connect a wallet to buy the latest ${limit} summaries of ${ticker}`} />
      {purchase.ready && (
        <>
          <PurchaseSteps
            purchase={purchase}
            settling="the summaries"
            note={`This pays for ${limit} summaries: you are charged for ${limit} even if fewer come back.`}
          />
          {bought && (
            <div className="space-y-3" data-testid="bought-summaries">
              <Notice
                tone="success"
                title={`${bought.body.delivered} of ${bought.body.chargedFor} summaries delivered`}
              >
                Charged for {bought.body.chargedFor}.
                {bought.body.delivered < bought.body.chargedFor &&
                  ` ${ticker} has fewer filings with a summary ready than you paid for; as stated, the charge is for ${bought.body.chargedFor}.`}{" "}
                They are kept on this device (see My summaries).
              </Notice>
              {bought.kept.map((kept) => (
                <KeptSummaryCard
                  key={kept.summary.rcptNo}
                  kept={kept}
                  heading={`${kept.summary.reportNmEn} · ${kept.summary.rcptNo}`}
                />
              ))}
            </div>
          )}
        </>
      )}
    </div>
  );
}
