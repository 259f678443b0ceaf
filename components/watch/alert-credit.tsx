"use client";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useTokenBalance } from "@/components/wallet/connect-wallet";
import { Notice } from "@/components/wallet/notice";
import { usePaidRequest } from "@/components/wallet/paid-request";
import { PurchaseSteps } from "@/components/wallet/purchase";
import { ALERT_PACK } from "@/lib/explorer/watch-filters";
import type { AlertPackResponse } from "@/lib/interface/watchlists";
import { shortAddress } from "@/lib/wallet/format";

/** The paid answer of POST /v1/alerts/credit. */
type CreditBought = AlertPackResponse;

/**
 * The wallet's alert credit (from GET /v1/watchlists) and "Buy 100 alerts": one x402 payment
 * through the same browser payment code as pay-to-reveal (POST /v1/alerts/credit), its terms shown
 * before the wallet signs, every failure saying nothing was charged.
 */
export function AlertCredit({ wallet, credit }: { wallet: string; credit: number }) {
  const request = usePaidRequest();
  const balance = useTokenBalance();
  const [started, setStarted] = useState(false);
  const [bought, setBought] = useState<CreditBought>();
  const shown = bought?.balance ?? credit;

  const buy = async () => {
    setStarted(true);
    setBought(undefined);
    const paid = await request.pay<CreditBought>(ALERT_PACK.path, { method: "POST" });
    if (!paid) return;
    setBought(paid.body);
    void balance.refetch();
  };

  return (
    <section aria-labelledby="credit-heading" className="space-y-2 rounded-lg border border-border bg-surface p-4">
      <h2 id="credit-heading" className="text-base font-semibold">
        Alert credit
      </h2>
      <p className="text-sm" data-testid="alert-credit">
        <span className="num text-lg font-semibold">{shown}</span> {shown === 1 ? "alert" : "alerts"} left for{" "}
        <span className="font-mono">{shortAddress(wallet)}</span>
      </p>
      <p className="text-sm text-fg-muted">
        One is spent when a receiver answers 2xx or an alert&apos;s last retry fails; with no credit a watchlist still
        fills its alerts feed but sends no webhooks.
      </p>
      <Button onClick={() => void buy()} disabled={started && request.state.step !== "failed" && !bought}>
        Buy {ALERT_PACK.alerts} alerts — {ALERT_PACK.priceUsdc} USDC
      </Button>
      {started && !bought && (
        <PurchaseSteps
          purchase={{ request, buy }}
          settling="the credit"
          note={`You sign a USDC transfer authorization (EIP-3009) for ${ALERT_PACK.alerts} alerts of credit, bound to the paying wallet: no transaction and no gas for you.`}
        />
      )}
      {bought && (
        <Notice focus tone="success" title={`${bought.added} alerts added`}>
          {shortAddress(bought.wallet)} now has {bought.balance} alerts of credit.
          {bought.wallet.toLowerCase() !== wallet.toLowerCase() &&
            " That is the wallet that paid, not the one signed in above."}
        </Notice>
      )}
    </section>
  );
}
