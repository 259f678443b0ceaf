import { wrapFetchWithPayment } from "@x402/fetch";
import type { x402Client } from "@x402/core/client";
import type { Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import {
  createPaymentClient as createSignerPaymentClient,
  type PaymentClientOptions as SignerOptions,
} from "@/lib/wallet/payment-client";

/**
 * The paying side of x402 for the command-line clients and tests: payments signed with a
 * private key (a test key of the local chain, or PAYER_KEY), within the explorer's spending
 * limits (lib/wallet/payment-client.ts).
 */

export type PaymentClientOptions = Omit<SignerOptions, "signer"> & { privateKey: Hex };

/** An x402 client that pays with the given key on `network`. */
export function createPaymentClient({ privateKey, ...options }: PaymentClientOptions): x402Client {
  return createSignerPaymentClient({ ...options, signer: privateKeyToAccount(privateKey) });
}

export type PayingFetchOptions = PaymentClientOptions & {
  /** The fetch to wrap (defaults to the global one). */
  fetch?: typeof globalThis.fetch;
};

/** `fetch` that answers an x402 402 challenge by paying and repeating the request once. */
export function createPayingFetch({ fetch = globalThis.fetch, ...options }: PayingFetchOptions) {
  return wrapFetchWithPayment(fetch, createPaymentClient(options));
}
