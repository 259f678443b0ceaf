"use client";
import { createSIWxPayload, encodeSIWxHeader } from "@x402/extensions/sign-in-with-x";
import { useState } from "react";
import { useConfig, useConnection } from "wagmi";
import { getWalletClient } from "wagmi/actions";
import { SIGN_IN_WITH_X } from "@/lib/interface/headers";
import type {
  ByTickerResponse,
  DisclosureFactsResponse,
  DisclosureSummaryDto,
  PurchasesResponse,
  SignInChallenge,
} from "@/lib/interface/schemas";
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
 * signed as an EIP-4361 message, sent in the SIGN-IN-WITH-X header), lists what it bought
 * (GET /v1/auth/purchases) and fetches each purchase this device lacks again, free, on its own
 * paid route with a new sign-in. Each sign-in is a message signature: no payment, no gas.
 * Everything restored is kept on this device beside what was bought here.
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
  | { step: "listing" }
  | { step: "restoring"; wallet: string; done: number; total: number }
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
            Your wallet will ask you to sign a message (not a payment: no gas, nothing charged) to show it is yours,
            then one more for each purchase this device does not have yet.
          </p>
          <Button onClick={() => void run()}>Sign in and restore</Button>
        </section>
      );
    case "listing":
      return (
        <p role="status" className="text-sm">
          Sign the message in your wallet; then your purchases are listed…
        </p>
      );
    case "restoring":
      return (
        <p role="status" className="text-sm">
          Restoring {state.done + 1} of {state.total} for {shortAddress(state.wallet)}: sign in your wallet (nothing is
          charged)…
        </p>
      );
    case "done":
      return (
        <Notice focus tone="success" title={`Purchases of ${shortAddress(state.wallet)} restored`}>
          <span data-testid="restore-result">
            {state.restored === 0 && state.alreadyHere === 0
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

  const signedGet = async <Body,>(url: string): Promise<Body> => {
    const response = await fetch(url, {
      headers: { Accept: "application/json", [SIGN_IN_WITH_X.proof]: await signIn() },
    });
    if (!response.ok) throw new ServiceError(response.status, await messageOf(response));
    return (await response.json()) as Body;
  };

  const run = async () => {
    try {
      setState({ step: "listing" });
      const { wallet, purchases } = await signedGet<PurchasesResponse>("/v1/auth/purchases");
      // What is here, by receipt number: with its facts or not. A filing bought twice (or alone
      // and in a set) is fetched once, from its newest purchase.
      const here = new Map(Object.values(kept).map((k) => [k.summary.rcptNo, Boolean(k.facts)]));
      const missing = purchases.filter((purchase) => {
        if (onDevice(purchase, here)) return false;
        const withFacts = purchase.paidEndpoint === "get-facts";
        for (const rcptNo of purchase.delivered) here.set(rcptNo, withFacts || (here.get(rcptNo) ?? false));
        return true;
      });
      let refused = 0;
      for (const [done, purchase] of missing.entries()) {
        setState({ step: "restoring", wallet, done, total: missing.length });
        const query = new URLSearchParams(Object.entries(purchase.params).map(([k, v]) => [k, String(v)]));
        const body = await signedGet<unknown>(`${purchase.path}?${query}`).catch((error: unknown) => {
          if (error instanceof ServiceError && error.status === 402) return undefined; // not redelivered: said below
          throw error;
        });
        if (body === undefined) {
          refused++;
          continue;
        }
        const receipt = {
          transaction: purchase.transaction,
          network: terms.network,
          transactionUrl: transactionUrl(terms.chain, purchase.transaction),
          payer: wallet,
          keptAt: new Date().toISOString(),
          restored: true,
        };
        keepSummaries(deliveredBy(purchase, body).map((delivered) => ({ ...delivered, ...receipt })));
      }
      setState({
        step: "done",
        wallet,
        restored: missing.length - refused,
        alreadyHere: purchases.length - missing.length,
        refused,
      });
    } catch (error) {
      setState(failure(error));
    }
  };

  return { state, run };
}

/** Whether everything a purchase delivered is here already (with its facts, when it bought them). */
function onDevice(purchase: Purchase, here: ReadonlyMap<string, boolean>): boolean {
  const needsFacts = purchase.paidEndpoint === "get-facts";
  return purchase.delivered.every((rcptNo) => here.has(rcptNo) && (!needsFacts || here.get(rcptNo)));
}

/** The summaries (with facts, from the facts endpoint) in a redelivered answer. */
function deliveredBy(purchase: Purchase, body: unknown): Pick<KeptSummary, "summary" | "facts">[] {
  switch (purchase.paidEndpoint) {
    case "get-facts": {
      const facts = body as DisclosureFactsResponse;
      return [{ summary: facts.summary, facts: facts.facts }];
    }
    case "get-by-ticker":
      return (body as ByTickerResponse).summaries.map((summary) => ({ summary }));
    case "get-summary":
      return [{ summary: body as DisclosureSummaryDto }];
  }
}

class ServiceError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function messageOf(response: Response): Promise<string> {
  const body = (await response.json().catch(() => ({}))) as { message?: unknown };
  return typeof body.message === "string" ? body.message : `The service answered ${response.status}.`;
}

function failure(error: unknown): RestoreState {
  if (isRejection(error)) {
    return { step: "failed", title: "Sign-in declined", message: "You declined the message in your wallet." };
  }
  if (error instanceof ServiceError) {
    return error.status === 401
      ? { step: "failed", title: "Sign-in refused", message: error.message }
      : { step: "failed", title: "The service could not restore your purchases", message: error.message };
  }
  if (error instanceof TypeError) {
    return { step: "failed", title: "Service unreachable", message: "Check your connection." };
  }
  return { step: "failed", title: "Sign-in did not complete", message: firstLine(error) };
}
