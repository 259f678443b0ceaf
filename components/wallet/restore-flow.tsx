"use client";
import { createSIWxPayload, encodeSIWxHeader } from "@x402/extensions/sign-in-with-x";
import { useState } from "react";
import { useConfig, useConnection } from "wagmi";
import { getWalletClient } from "wagmi/actions";
import { SIGN_IN_WITH_X } from "@/lib/interface/headers";
import { PURCHASED_CONTENT_MAX } from "@/lib/interface/pricing";
import type { PurchasesResponse, SignInChallenge } from "@/lib/interface/schemas";
import { keepSummaries, useKeptSummaries, type KeptSummary } from "@/lib/wallet/kept-summaries";
import { shortAddress } from "@/lib/wallet/format";
import { transactionUrl } from "@/lib/wallet/terms";
import { ConnectWallet, firstLine, isRejection, useOnServiceChain } from "./connect-wallet";
import { useFocusOnMount } from "./focus";
import { Notice } from "./notice";
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
  const heading = useFocusOnMount<HTMLHeadingElement>();
  switch (state.step) {
    case "idle":
      return (
        <section aria-labelledby="restore-sign-in-heading" className="space-y-2 text-sm">
          <h3 id="restore-sign-in-heading" ref={heading} tabIndex={-1} className="font-semibold">
            Sign in with this wallet
          </h3>
          <p className="text-fg-muted">
            Your wallet will ask you to sign one message (not a payment: no gas, nothing charged) to show it is yours;
            everything it bought comes back with that one signature.
          </p>
          <Button onClick={() => void run()}>Sign in and restore</Button>
        </section>
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
  const config = useConfig();
  const kept = useKeptSummaries();
  const [state, setState] = useState<RestoreState>({ step: "idle" });

  /** A new single-use sign-in, signed by the connected wallet, as the SIGN-IN-WITH-X header. */
  const signIn = async (): Promise<string> => {
    const walletClient = await getWalletClient(config, { chainId: terms.chain.id });
    const response = await fetch("/v1/auth/nonce", { headers: { Accept: "application/json" } });
    if (!response.ok) throw new ServiceError(response.status, await messageOf(response));
    const { info, supportedChains } = (await response.json()) as SignInChallenge;
    // The wallet signs only for the host this page is on: say so plainly rather than in the library's terms.
    if (info.domain !== window.location.host) throw new WrongHost(info.domain);
    const payload = await createSIWxPayload(
      { ...info, chainId: supportedChains[0].chainId, type: supportedChains[0].type },
      {
        account: walletClient.account,
        signMessage: ({ message }: { message: string }) =>
          walletClient.signMessage({ account: walletClient.account, message }),
      },
      `${window.location.origin}/`,
    );
    return encodeSIWxHeader(payload);
  };

  /** The wallet's purchases with the content of the filings they bought (or of `rcptNos`), under one sign-in. */
  const purchasesWithContent = async (rcptNos?: string[]): Promise<PurchasesResponse> => {
    const query = new URLSearchParams({ limit: "100", include: "content" });
    if (rcptNos) query.set("rcptNo", rcptNos.join(","));
    const response = await fetch(`/v1/auth/purchases?${query}`, {
      headers: { Accept: "application/json", [SIGN_IN_WITH_X.proof]: await signIn() },
    });
    if (!response.ok) throw new ServiceError(response.status, await messageOf(response));
    return (await response.json()) as PurchasesResponse;
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

class ServiceError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The page is on a host the service does not sign wallets in at (a name it was not told about). */
class WrongHost extends Error {
  constructor(readonly serviceHost: string) {
    super(`The service signs in at ${serviceHost}`);
  }
}

async function messageOf(response: Response): Promise<string> {
  const body = (await response.json().catch(() => ({}))) as { message?: unknown; details?: { message?: unknown }[] };
  const detail = body.details?.[0]?.message;
  if (typeof detail === "string") return detail;
  return typeof body.message === "string" ? body.message : `The service answered ${response.status}.`;
}

/** What a refused sign-in's reason (`sign-in-with-x refused: <code> (…)`) means, in plain words. */
const SIGN_IN_PROBLEMS: Record<string, string> = {
  invalid_siwx_nonce: "The sign-in expired or was used already. Try again: your wallet asks for a new signature.",
  invalid_siwx_signature: "The signature is not the connected wallet's. Connect the wallet that paid, then try again.",
  invalid_siwx_domain_mismatch: "The message your wallet signed names another site. Try again from this page.",
  invalid_siwx_uri_mismatch: "The message your wallet signed names another site. Try again from this page.",
  invalid_siwx_issued_at_too_old:
    "The sign-in took too long or your device's clock is off. Check the clock and try again.",
  invalid_siwx_issued_at_in_future: "Your device's clock is ahead of the service's. Check the clock and try again.",
  invalid_siwx_expired: "The sign-in expired before it arrived. Try again.",
  invalid_siwx_chain_id: "Your wallet signed on another network. Switch it to the service's network and try again.",
  invalid_siwx_payload: "Your wallet's sign-in message was not one the service can read. Try again, or another wallet.",
};

function signInProblem(message: string): string {
  const code = /refused: (\w+)/.exec(message)?.[1];
  return (code && SIGN_IN_PROBLEMS[code]) || "The service could not check the signature. Try again.";
}

function failure(error: unknown): RestoreState {
  if (isRejection(error)) {
    return { step: "failed", title: "Sign-in declined", message: "You declined the message in your wallet." };
  }
  if (error instanceof WrongHost) {
    const here = `${window.location.protocol}//${error.serviceHost}${window.location.pathname}`;
    return {
      step: "failed",
      title: "Open this page at the service's own address",
      message: `This page is open at ${window.location.host}, but wallets sign in to this service at ${error.serviceHost}. Open ${here} and restore there.`,
    };
  }
  if (error instanceof ServiceError) {
    if (error.status === 401 || error.status === 400)
      return { step: "failed", title: "Sign-in refused", message: signInProblem(error.message) };
    if (error.status === 503)
      return {
        step: "failed",
        title: "The service cannot check your wallet right now",
        message: "The payment network is not answering. Try again in a minute.",
      };
    return { step: "failed", title: "The service could not restore your purchases", message: error.message };
  }
  if (error instanceof TypeError) {
    return { step: "failed", title: "Service unreachable", message: "Check your connection." };
  }
  return { step: "failed", title: "Sign-in did not complete", message: firstLine(error) };
}
