"use client";
import { useCallback, useEffect, useRef, useState } from "react";
import { useConnection } from "wagmi";
import type { ByTickerResponse } from "@/lib/api/schemas";
import { keepSummaries, type KeptSummary } from "@/lib/wallet/kept-summaries";
import { transactionUrl } from "@/lib/wallet/terms";
import { ConnectWallet, useOnServiceChain, useTokenBalance } from "./connect-wallet";
import { KeptSummaryCard } from "./kept-summary-card";
import { PaymentOfferCard, PaymentProblemNotice, usePaidRequest } from "./paid-request";
import { Notice } from "./notice";
import { useServiceTerms, WalletIsland } from "./wallet-island";

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

function BuySteps({ ticker, limit }: { ticker: string; limit: number }) {
  const terms = useServiceTerms();
  const { status } = useConnection();
  const onChain = useOnServiceChain();
  const balance = useTokenBalance();
  const request = usePaidRequest();
  const { pay, state } = request;
  const [bought, setBought] = useState<{ response: ByTickerResponse; kept: KeptSummary[] }>();
  const started = useRef(false);

  const buy = useCallback(async () => {
    started.current = true;
    const query = new URLSearchParams({ ticker, limit: String(limit) });
    const paid = await pay<ByTickerResponse>(`/v1/disclosures/by-ticker?${query}`);
    if (!paid) return;
    const { transaction, network, payer } = paid.settlement;
    const keptAt = new Date().toISOString();
    const url = transactionUrl(terms.chain, transaction);
    const kept = paid.body.summaries.map((summary) => ({ summary, transaction, network, payer, transactionUrl: url, keptAt }));
    keepSummaries(kept);
    setBought({ response: paid.body, kept });
    void balance.refetch();
  }, [pay, ticker, limit, terms.chain, balance]);

  useEffect(() => {
    if (status === "connected" && onChain && !started.current) void buy();
  }, [status, onChain, buy]);

  return (
    <div className="space-y-3" data-testid="buy-latest-flow">
      <ConnectWallet purpose={`Connect a wallet to buy the latest ${limit} summaries of ${ticker}`} />
      {status === "connected" && onChain && (
        <>
          {(state.step === "idle" || state.step === "requesting") && (
            <p role="status" className="text-sm text-fg-muted">Asking the service for the payment terms…</p>
          )}
          {(state.step === "confirm" || state.step === "signing") && (
            <PaymentOfferCard
              offer={state.offer}
              onConfirm={request.confirm}
              onCancel={request.cancel}
              busy={state.step === "signing"}
              note={`This pays for ${limit} summaries: you are charged for ${limit} even if fewer come back.`}
            />
          )}
          {state.step === "settling" && <p role="status" className="text-sm">Payment signed. Getting the summaries and settling the payment…</p>}
          {state.step === "failed" && <PaymentProblemNotice problem={state.problem} onRetry={() => void buy()} />}
          {bought && (
            <div className="space-y-3" data-testid="bought-summaries">
              <Notice tone="success" title={`${bought.response.delivered} of ${bought.response.chargedFor} summaries delivered`}>
                Charged for {bought.response.chargedFor}.
                {bought.response.delivered < bought.response.chargedFor &&
                  ` ${ticker} has fewer filings with a summary ready than you paid for; as stated, the charge is for ${bought.response.chargedFor}.`}{" "}
                They are kept on this device (see My summaries).
              </Notice>
              {bought.kept.map((kept) => (
                <KeptSummaryCard key={kept.summary.rcptNo} kept={kept} heading={`${kept.summary.reportNmEn} · ${kept.summary.rcptNo}`} />
              ))}
            </div>
          )}
        </>
      )}
    </div>
  );
}
