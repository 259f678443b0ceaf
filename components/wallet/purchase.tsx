"use client";
import { useCallback, useEffect, useRef, useState } from "react";
import { useConnection } from "wagmi";
import { keepSummaries, type KeptSummary } from "@/lib/wallet/kept-summaries";
import { transactionUrl } from "@/lib/wallet/terms";
import { useOnServiceChain, useTokenBalance } from "./connect-wallet";
import { PaymentOfferCard, PaymentProblemNotice, usePaidRequest } from "./paid-request";
import { useServiceTerms } from "./wallet-island";

/** Where a purchase's summaries came from: the settlement every kept summary carries. */
type Receipt = Omit<KeptSummary, "summary" | "facts">;

/** What a paid answer delivers for one filing: its summary, and its facts when bought with them. */
export type Delivered = Pick<KeptSummary, "summary" | "facts" | "cells">;

/**
 * One purchase through a paid route, shared by "Reveal" and "Buy the latest N": once the wallet
 * is connected and on the service's chain it asks for the terms straight away (the reader
 * already asked to buy), pays, and keeps what `summariesOf` finds in the answer on this device.
 * `summariesOf` must be stable (a module-level function).
 */
export function usePurchase<Body>(path: string, summariesOf: (body: Body) => Delivered[]) {
  const terms = useServiceTerms();
  const { status } = useConnection();
  const onChain = useOnServiceChain();
  const balance = useTokenBalance();
  const request = usePaidRequest();
  const { pay } = request;
  const [bought, setBought] = useState<{ body: Body; kept: KeptSummary[] }>();
  const started = useRef(false);

  const buy = useCallback(async () => {
    started.current = true;
    const paid = await pay<Body>(path);
    if (!paid) return;
    const { transaction, network, payer } = paid.settlement;
    const receipt: Receipt = {
      transaction,
      network,
      payer,
      transactionUrl: transactionUrl(terms.chain, transaction),
      keptAt: new Date().toISOString(),
    };
    const kept = summariesOf(paid.body).map((delivered) => ({ ...delivered, ...receipt }));
    keepSummaries(kept);
    setBought({ body: paid.body, kept });
    void balance.refetch();
  }, [pay, path, summariesOf, terms.chain, balance]);

  const ready = status === "connected" && onChain;
  useEffect(() => {
    if (ready && !started.current) void buy();
  }, [ready, buy]);

  return { ready, request, buy, bought };
}

/** The purchase's progress: asking for terms, the offer to sign, settling, or what went wrong. */
export function PurchaseSteps({
  purchase: { request, buy },
  settling,
  note,
}: {
  purchase: Pick<ReturnType<typeof usePurchase>, "request" | "buy">;
  /** What is being fetched once the payment is signed ("the summary", "the summaries"). */
  settling: string;
  note?: string;
}) {
  const { state } = request;
  switch (state.step) {
    case "idle":
    case "requesting":
      return (
        <p role="status" className="text-sm text-fg-muted">
          Asking the service for the payment terms…
        </p>
      );
    case "confirm":
    case "signing":
      return (
        <PaymentOfferCard
          offer={state.offer}
          onConfirm={request.confirm}
          onCancel={request.cancel}
          busy={state.step === "signing"}
          note={note}
        />
      );
    case "settling":
      return (
        <p role="status" className="text-sm">
          Payment signed. Getting {settling} and settling the payment…
        </p>
      );
    case "done":
      return null;
    case "failed":
      return <PaymentProblemNotice problem={state.problem} onRetry={() => void buy()} />;
  }
}
