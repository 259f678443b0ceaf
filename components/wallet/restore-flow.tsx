"use client";
import { useState } from "react";
import { useConnection } from "wagmi";
import { PURCHASED_CONTENT_MAX } from "@/lib/interface/pricing";
import type { PurchasesResponse } from "@/lib/interface/schemas";
import { keepSummaries, useKeptSummaries, type KeptSummary } from "@/lib/wallet/kept-summaries";
import { shortAddress } from "@/lib/wallet/format";
import { transactionUrl } from "@/lib/wallet/terms";
import { ConnectWallet, useOnServiceChain } from "./connect-wallet";
import { SignInPrompt } from "./sign-in-prompt";
import { Notice } from "./notice";
import { signInFailure, useSignedRequest } from "./sign-in";
import { useServiceTerms } from "./wallet-island";
import { WalletIsland } from "./wallet-island";
import { Button } from "@/components/ui/button";

/**
 * "Restore my purchases" (loaded on demand): proves control of the wallet that paid with the
 * service's redelivery (x402 sign-in-with-x: a single-use challenge from GET /v1/auth/nonce,
 * signed as an EIP-4361 message, sent in the SIGN-IN-WITH-X header) and has, under that one
 * signature, what it bought listed and delivered again, free (GET /v1/auth/purchases?include=content:
 * each filing's summary with its facts). A sign-in is a message signature: no payment, no gas.
 * What this device lacks is kept here beside what was bought here.
 */
export default function RestoreFlow() {
  return (
    <WalletIsland>
      <RestoreSteps />
    </WalletIsland>
  );
}

type Purchase = PurchasesResponse["purchases"][number];

type RestoreState =
  | { step: "idle" }
  | { step: "signing" }
  | { step: "more"; wallet: string; left: number }
  | { step: "done"; wallet: string; restored: number; alreadyHere: number; refused: number }
  | { step: "failed"; title: string; message: string };

function RestoreSteps() {
  const { status } = useConnection();
  const onChain = useOnServiceChain();
  const restore = useRestore();
  const ready = status === "connected" && onChain;
  return (
    <div className="space-y-3" data-testid="restore-flow">
      <ConnectWallet purpose="Connect the wallet you paid with" />
      {ready && <RestoreProgress restore={restore} />}
    </div>
  );
}

function RestoreProgress({ restore: { state, run } }: { restore: ReturnType<typeof useRestore> }) {
  switch (state.step) {
    case "idle":
      return (
        <SignInPrompt
          id="restore-sign-in-heading"
          unlocks="everything it bought comes back with that one signature."
          action="Sign in and restore"
          onSignIn={() => void run()}
        />
      );
    case "signing":
      return (
        <p role="status" className="text-sm">
          Sign the message in your wallet; then your purchases are restored…
        </p>
      );
    case "more":
      return (
        <p role="status" className="text-sm">
          {state.left} more purchases of {shortAddress(state.wallet)} to restore: sign once more in your wallet (nothing
          is charged)…
        </p>
      );
    case "done":
      return (
        <Notice focus tone="success" title={`Purchases of ${shortAddress(state.wallet)} restored`}>
          <span data-testid="restore-result">
            {state.restored === 0 && state.alreadyHere === 0 && state.refused === 0
              ? "This wallet has bought no summaries yet."
              : `${state.restored} restored to this device, ${state.alreadyHere} already here.`}
            {state.refused > 0 && ` ${state.refused} could not be delivered again; try later.`} Nothing was charged.
          </span>
        </Notice>
      );
    case "failed":
      return (
        <Notice focus tone="warning" title={state.title}>
          {state.message} Nothing was charged.
          <Button variant="link" className="mt-2 block" onClick={() => void run()}>
            Try again
          </Button>
        </Notice>
      );
  }
}

function useRestore() {
  const terms = useServiceTerms();
  const kept = useKeptSummaries();
  const [state, setState] = useState<RestoreState>({ step: "idle" });

  const signedRequest = useSignedRequest();

  /** The wallet's purchases with the content of the filings they bought (or of `rcptNos`), under one sign-in. */
  const purchasesWithContent = async (rcptNos?: string[]): Promise<PurchasesResponse> => {
    const query = new URLSearchParams({ limit: "100", include: "content" });
    if (rcptNos) query.set("rcptNo", rcptNos.join(","));
    return signedRequest<PurchasesResponse>(`/v1/auth/purchases?${query}`);
  };

  const run = async () => {
    try {
      setState({ step: "signing" });
      const first = await purchasesWithContent();
      const { wallet, purchases } = first;
      // Each filing's receipt is its newest purchase's (the list is newest first).
      const boughtBy = new Map<string, Purchase>();
      for (const purchase of purchases) {
        for (const rcptNo of purchase.delivered) if (!boughtBy.has(rcptNo)) boughtBy.set(rcptNo, purchase);
      }
      let contents = first.contents ?? [];
      // Beyond what one call delivers: only the filings this device lacks, one more sign-in per call.
      let left = (first.contentsLeft ?? []).filter((rcptNo) => !kept[rcptNo]?.facts);
      while (left.length > 0) {
        setState({ step: "more", wallet, left: left.length });
        const batch = left.slice(0, PURCHASED_CONTENT_MAX);
        left = left.slice(PURCHASED_CONTENT_MAX);
        contents = [...contents, ...((await purchasesWithContent(batch)).contents ?? [])];
      }

      const keptAt = new Date().toISOString();
      const restored: KeptSummary[] = [];
      let alreadyHere = 0;
      let refused = 0;
      for (const { rcptNo, content } of contents) {
        const here = kept[rcptNo];
        const purchase = boughtBy.get(rcptNo);
        if (here?.facts) alreadyHere++;
        else if (!content || !purchase) refused++;
        // A summary kept here without its facts keeps its own receipt and gains the facts.
        else if (here) restored.push({ ...here, facts: content.facts, cells: content.cells });
        else {
          restored.push({
            summary: content.summary,
            facts: content.facts,
            cells: content.cells,
            transaction: purchase.transaction,
            network: terms.network,
            transactionUrl: transactionUrl(terms.chain, purchase.transaction),
            payer: wallet,
            keptAt,
            restored: true,
          });
        }
      }
      keepSummaries(restored);
      setState({ step: "done", wallet, restored: restored.length, alreadyHere, refused });
    } catch (error) {
      setState(failure(error));
    }
  };

  return { state, run };
}

function failure(error: unknown): RestoreState {
  return { step: "failed", ...signInFailure(error, "The service could not restore your purchases") };
}
