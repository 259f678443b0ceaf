"use client";
import type { DisclosureFactsResponse } from "@/lib/interface/schemas";
import { ConnectWallet } from "./connect-wallet";
import { PurchaseSteps, usePurchase, type Delivered } from "./purchase";
import { WalletIsland } from "./wallet-island";

/**
 * The wallet half of "Reveal English summary" (loaded only once a reader clicks it): connect,
 * be on the right network, see the terms, sign, and the summary with its fact sheet (one
 * payment, through the facts endpoint) is kept on this device — where ./reveal-summary.tsx,
 * already on the page, shows it.
 */
export default function RevealFlow({ rcptNo, priceUsdc }: { rcptNo: string; priceUsdc: string }) {
  return (
    <WalletIsland>
      <RevealSteps rcptNo={rcptNo} priceUsdc={priceUsdc} />
    </WalletIsland>
  );
}

const theSummaryWithFacts = (body: DisclosureFactsResponse): Delivered[] => [
  { summary: body.summary, facts: body.facts, cells: body.cells },
];

function RevealSteps({ rcptNo, priceUsdc }: { rcptNo: string; priceUsdc: string }) {
  const purchase = usePurchase(`/v1/disclosures/facts?rcptNo=${encodeURIComponent(rcptNo)}`, theSummaryWithFacts);
  return (
    <div className="space-y-3" data-testid="reveal-flow">
      <ConnectWallet purpose={`Connect a wallet to pay ${priceUsdc} USDC for this summary`} />
      {purchase.ready && <PurchaseSteps purchase={purchase} settling="the summary" />}
    </div>
  );
}
