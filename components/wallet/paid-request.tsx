"use client";
import type { PaymentRequirements, SettleResponse } from "@x402/core/types";
import { decodePaymentResponseHeader, wrapFetchWithPayment } from "@x402/fetch";
import { useRef, useState } from "react";
import { erc20Abi, type Address } from "viem";
import { useConfig, useConnection } from "wagmi";
import { getWalletClient, readContract } from "wagmi/actions";
import { createPaymentClient } from "@/lib/wallet/payment-client";
import { useServiceClock } from "@/components/layout/service-clock";
import { expiryText } from "@/lib/explorer/clock-text";
import { formatUsdc, networkName } from "@/lib/wallet/format";
import { PAYMENT_HEADERS } from "@/lib/interface/headers";
import { firstLine, isRejection } from "./connect-wallet";
import { useFocusOnMount } from "./focus";
import { Notice } from "./notice";
import { useServiceTerms } from "./wallet-island";
import { Button } from "@/components/ui/button";

/**
 * One paid request through x402, with the reader's wallet as the signer: request → 402 →
 * the terms are shown and the reader confirms → the wallet signs the EIP-3009 authorization
 * (through @x402/fetch and @x402/evm; the wallet client is the signer) → the request is
 * repeated with the payment → the content and its settlement. Every way it can stop is a
 * PaymentProblem, and none of them is charged: the service settles only what it delivers.
 */

/** Exactly what the wallet will be asked to sign, from the 402 challenge. */
export interface PaymentOffer {
  amount: bigint;
  tokenName: string;
  asset: Address;
  payTo: Address;
  network: string;
  /** How long the signed authorization stays valid. */
  validForSeconds: number;
  /** When the challenge arrived (ms since epoch): the expiry shown is counted from here. */
  offeredAt: number;
}

export type PaymentProblem =
  | { kind: "rejected" }
  | { kind: "cancelled" }
  | { kind: "insufficient"; balance: bigint; amount: bigint }
  | { kind: "expired" }
  | { kind: "refused"; reason: string }
  | { kind: "unavailable"; retryAfter?: number; message: string }
  | { kind: "not_found"; message: string }
  /** The service does not sell this here (404/405 of a paid route this server does not have yet). */
  | { kind: "not_offered"; status: number; message: string }
  | { kind: "not_sellable"; message: string }
  | { kind: "busy"; retryAfter?: number; message: string }
  | { kind: "unreachable" }
  | { kind: "failed"; message: string };

export type PaidRequestState =
  | { step: "idle" }
  | { step: "requesting" }
  | { step: "confirm"; offer: PaymentOffer }
  | { step: "signing"; offer: PaymentOffer }
  | { step: "settling"; offer: PaymentOffer }
  | { step: "done" }
  | { step: "failed"; problem: PaymentProblem };

export interface Paid<Body> {
  body: Body;
  settlement: SettleResponse;
}

export function usePaidRequest() {
  const terms = useServiceTerms();
  const config = useConfig();
  const { address } = useConnection();
  const [state, setState] = useState<PaidRequestState>({ step: "idle" });
  const decide = useRef<(confirmed: boolean) => void>(undefined);

  /** `method`: GET for the content routes; POST for a purchase that changes state (alert credit). */
  async function pay<Body>(
    path: string,
    { method = "GET" }: { method?: "GET" | "POST" } = {},
  ): Promise<Paid<Body> | undefined> {
    if (!address) return undefined;
    let problem: PaymentProblem | undefined;
    let offer: PaymentOffer | undefined;
    const fail = (p: PaymentProblem) => {
      setState({ step: "failed", problem: p });
      return undefined;
    };

    // The balance is read while the challenge is asked for (one round trip instead of two in a row).
    const balanceRead = readContract(config, {
      address: terms.asset,
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [address],
      chainId: terms.chain.id,
    });
    balanceRead.catch(() => undefined); // awaited below; not an unhandled rejection if the request fails first
    const walletClient = await getWalletClient(config, { chainId: terms.chain.id });
    const signer = {
      address: walletClient.account.address,
      signTypedData: async (message: Parameters<typeof walletClient.signTypedData>[0]) => {
        try {
          return await walletClient.signTypedData({ ...message, account: walletClient.account });
        } catch (error) {
          problem = isRejection(error) ? { kind: "rejected" } : { kind: "failed", message: firstLine(error) };
          throw error;
        }
      },
    };
    const client = createPaymentClient({ signer, network: terms.network, allowedAsset: terms.asset })
      .onBeforePaymentCreation(async ({ paymentRequired, selectedRequirements }) => {
        offer = offerOf(selectedRequirements, paymentRequired.accepts[0]?.extra);
        const balance = await balanceRead; // the client accepts only the service's token (allowedAsset)
        if (balance < offer.amount) {
          problem = { kind: "insufficient", balance, amount: offer.amount };
          return { abort: true, reason: problem.kind };
        }
        setState({ step: "confirm", offer });
        const confirmed = await new Promise<boolean>((resolve) => (decide.current = resolve));
        if (!confirmed) {
          problem = { kind: "cancelled" };
          return { abort: true, reason: problem.kind };
        }
        setState({ step: "signing", offer });
      })
      .onAfterPaymentCreation(async () => {
        if (offer) setState({ step: "settling", offer });
      });
    const payingFetch = wrapFetchWithPayment((input, init) => fetch(input, init), client);

    setState({ step: "requesting" });
    let response: Response;
    try {
      response = await payingFetch(path, { method, headers: { Accept: "application/json" } });
    } catch (error) {
      if (problem) return fail(problem);
      return fail(error instanceof TypeError ? { kind: "unreachable" } : { kind: "failed", message: firstLine(error) });
    }
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    const settlementHeader = response.headers.get(PAYMENT_HEADERS.settlement);
    if (response.ok && settlementHeader) {
      setState({ step: "done" });
      return { body: body as Body, settlement: decodePaymentResponseHeader(settlementHeader) };
    }
    return fail(problemOf(response.status, body, method));
  }

  return {
    state,
    pay,
    confirm: () => decide.current?.(true),
    cancel: () => decide.current?.(false),
    reset: () => setState({ step: "idle" }),
  };
}

function offerOf(requirements: PaymentRequirements, extra: Record<string, unknown> | undefined): PaymentOffer {
  return {
    amount: BigInt(requirements.amount),
    tokenName: typeof extra?.name === "string" ? extra.name : "USDC",
    asset: requirements.asset as Address,
    payTo: requirements.payTo as Address,
    network: requirements.network,
    validForSeconds: requirements.maxTimeoutSeconds,
    offeredAt: Date.now(),
  };
}

/** What a non-paid answer means to the reader; none of these was settled. */
function problemOf(status: number, body: Record<string, unknown>, method: string): PaymentProblem {
  const message = typeof body.message === "string" ? body.message : `The service answered ${status}.`;
  if (status === 402) {
    const reason = typeof body.error === "string" ? body.error : "payment refused";
    if (/valid_?before|expired/i.test(reason)) return { kind: "expired" };
    return { kind: "refused", reason };
  }
  if (status === 503 && body.error === "summary_unavailable") {
    return {
      kind: "unavailable",
      retryAfter: typeof body.retryAfter === "number" ? body.retryAfter : undefined,
      message,
    };
  }
  // A POST the server has no route for: its catch-all answers 404, or 405 ("use GET").
  if (method !== "GET" && (status === 404 || status === 405)) return { kind: "not_offered", status, message };
  if (status === 404) return { kind: "not_found", message };
  // Told before any payment: nothing to ground a summary in (its message says why, for a reader).
  if (status === 422) return { kind: "not_sellable", message };
  if (status === 429 || status === 503) {
    return { kind: "busy", retryAfter: typeof body.retryAfter === "number" ? body.retryAfter : undefined, message };
  }
  return { kind: "failed", message };
}

/** The terms of the payment, shown before the wallet is asked to sign them. */
export function PaymentOfferCard({
  offer,
  onConfirm,
  onCancel,
  busy,
  note,
}: {
  offer: PaymentOffer;
  onConfirm: () => void;
  onCancel: () => void;
  busy: boolean;
  note?: string;
}) {
  const terms = useServiceTerms();
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const clock = useServiceClock();
  return (
    <section
      aria-label="Payment to sign"
      className="space-y-3 rounded-md border border-border bg-surface p-4 text-sm"
      data-testid="payment-offer"
    >
      <h3 ref={heading} tabIndex={-1} className="font-semibold">
        Your wallet will sign this payment
      </h3>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
        <dt className="text-fg-muted">Amount</dt>
        <dd data-testid="offer-amount">{formatUsdc(offer.amount)} USDC</dd>
        <dt className="text-fg-muted">Token</dt>
        <dd className="break-all">
          {offer.tokenName} <span className="font-mono text-xs">{offer.asset}</span>
        </dd>
        <dt className="text-fg-muted">Recipient</dt>
        <dd className="break-all font-mono text-xs" title={offer.payTo}>
          {offer.payTo}
        </dd>
        <dt className="text-fg-muted">Network</dt>
        <dd>{networkName(offer.network, Boolean(terms.local))}</dd>
        <dt className="text-fg-muted">Expires</dt>
        <dd>{expiryText(offer.validForSeconds, offer.offeredAt, clock)}</dd>
      </dl>
      <p className="text-xs text-fg-muted">
        {note ?? "You sign a USDC transfer authorization (EIP-3009): no transaction and no gas for you."} The service
        settles it only when it delivers; if it cannot, nothing is charged.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button onClick={onConfirm} disabled={busy}>
          {busy ? "Waiting for your wallet…" : `Sign and pay ${formatUsdc(offer.amount)} USDC`}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </div>
    </section>
  );
}

/** The reader-facing message of a problem. Every one says whether anything was charged (never). */
export function PaymentProblemNotice({ problem, onRetry }: { problem: PaymentProblem; onRetry?: () => void }) {
  const terms = useServiceTerms();
  const retry = onRetry && (
    <Button variant="link" onClick={onRetry} className="mt-2 block">
      Try again
    </Button>
  );
  const notCharged = " Nothing was charged.";
  switch (problem.kind) {
    case "rejected":
      return (
        <Notice focus tone="warning" title="Signature declined">
          You declined the signature in your wallet.{notCharged}
          {retry}
        </Notice>
      );
    case "cancelled":
      return (
        <Notice focus tone="info" title="Payment cancelled">
          Nothing was signed and nothing was charged.{retry}
        </Notice>
      );
    case "insufficient":
      return (
        <Notice focus tone="error" title="Not enough USDC">
          This costs {formatUsdc(problem.amount)} USDC and your wallet holds {formatUsdc(problem.balance)} USDC on{" "}
          {networkName(terms.network, Boolean(terms.local))}. Add USDC to this wallet or use another one.{notCharged}
          {retry}
        </Notice>
      );
    case "expired":
      return (
        <Notice focus tone="warning" title="Authorization expired">
          The signed payment expired before it reached the service. Sign again to retry.{notCharged}
          {retry}
        </Notice>
      );
    case "refused":
      return (
        <Notice focus tone="error" title="Payment refused by the service">
          The service did not accept the payment: {problem.reason}.{notCharged}
          {retry}
        </Notice>
      );
    case "unavailable":
      return (
        <Notice focus tone="warning" title="Summary not available yet — not charged">
          {problem.message} Your payment was not taken.
          {problem.retryAfter !== undefined && ` Try again in ${problem.retryAfter} s.`}
          {retry}
        </Notice>
      );
    case "not_found":
      return (
        <Notice focus tone="error" title="Not found">
          {problem.message}
          {notCharged}
        </Notice>
      );
    case "not_offered":
      return (
        <Notice focus tone="warning" title="Not sold on this server yet">
          This service does not offer this purchase yet (it answered {problem.status}).{notCharged}
        </Notice>
      );
    case "not_sellable":
      return (
        <Notice focus tone="warning" title="No summary to sell — not charged">
          {problem.message}
        </Notice>
      );
    case "busy":
      return (
        <Notice focus tone="warning" title="The service is busy — not charged">
          {problem.message}
          {notCharged}
          {problem.retryAfter !== undefined && ` Try again in ${problem.retryAfter} s.`}
          {retry}
        </Notice>
      );
    case "unreachable":
      return (
        <Notice focus tone="error" title="Service unreachable">
          The service could not be reached. Check your connection.{notCharged}
          {retry}
        </Notice>
      );
    case "failed":
      return (
        <Notice focus tone="error" title="The purchase did not go through">
          {problem.message}
          {notCharged}
          {retry}
        </Notice>
      );
  }
}
