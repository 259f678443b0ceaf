"use client";
import { useCallback, useEffect, useRef } from "react";
import { useConnection } from "wagmi";
import type { DisclosureSummaryDto } from "@/lib/api/schemas";
import { keepSummaries } from "@/lib/wallet/kept-summaries";
import { transactionUrl } from "@/lib/wallet/terms";
import { ConnectWallet, useOnServiceChain, useTokenBalance } from "./connect-wallet";
import { PaymentOfferCard, PaymentProblemNotice, usePaidRequest, type PaidRequestState } from "./paid-request";
import { useServiceTerms, WalletIsland } from "./wallet-island";

/**
 * The wallet half of "Reveal English summary" (loaded only once a reader clicks it): connect,
 * be on the right network, see the terms, sign, and the summary is kept on this device —
 * where ./reveal-summary.tsx, already on the page, shows it.
 */
export default function RevealFlow({ rcptNo, priceUsdc }: { rcptNo: string; priceUsdc: string }) {
  return (
    <WalletIsland>
      <RevealSteps rcptNo={rcptNo} priceUsdc={priceUsdc} />
    </WalletIsland>
  );
}

function RevealSteps({ rcptNo, priceUsdc }: { rcptNo: string; priceUsdc: string }) {
  const terms = useServiceTerms();
  const { status } = useConnection();
  const onChain = useOnServiceChain();
  const balance = useTokenBalance();
  const request = usePaidRequest();
  const { pay, state } = request;
  const started = useRef(false);

  const reveal = useCallback(async () => {
    started.current = true;
    const paid = await pay<DisclosureSummaryDto>(`/v1/disclosures/summary?rcptNo=${encodeURIComponent(rcptNo)}`);
    if (!paid) return;
    const { transaction, network, payer } = paid.settlement;
    keepSummaries([
      { summary: paid.body, transaction, network, payer, transactionUrl: transactionUrl(terms.chain, transaction), keptAt: new Date().toISOString() },
    ]);
    void balance.refetch();
  }, [pay, rcptNo, terms.chain, balance]);

  // The reader already asked to reveal: once the wallet is ready, go straight to the terms.
  useEffect(() => {
    if (status === "connected" && onChain && !started.current) void reveal();
  }, [status, onChain, reveal]);

  return (
    <div className="space-y-3" data-testid="reveal-flow">
      <ConnectWallet purpose={`Connect a wallet to pay ${priceUsdc} USDC for this summary`} />
      {status === "connected" && onChain && (
        <RevealStep state={state} onConfirm={request.confirm} onCancel={request.cancel} onRetry={() => void reveal()} />
      )}
    </div>
  );
}

function RevealStep({
  state,
  onConfirm,
  onCancel,
  onRetry,
}: {
  state: PaidRequestState;
  onConfirm: () => void;
  onCancel: () => void;
  onRetry: () => void;
}) {
  switch (state.step) {
    case "idle":
    case "requesting":
      return <p role="status" className="text-sm text-fg-muted">Asking the service for the payment terms…</p>;
    case "confirm":
    case "signing":
      return <PaymentOfferCard offer={state.offer} onConfirm={onConfirm} onCancel={onCancel} busy={state.step === "signing"} />;
    case "settling":
      return <p role="status" className="text-sm">Payment signed. Getting the summary and settling the payment…</p>;
    case "done":
      return null;
    case "failed":
      return <PaymentProblemNotice problem={state.problem} onRetry={onRetry} />;
  }
}
