import { x402Client } from "@x402/core/client";
import type { Network } from "@x402/core/types";
import { toClientEvmSigner, type ClientEvmSigner } from "@x402/evm";
import { ExactEvmScheme } from "@x402/evm/exact/client";
import { wrapFetchWithPayment } from "@x402/fetch";
import type { Address, Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";

/**
 * The paying side of x402 for our own clients: the `pay` CLI and tests sign EIP-3009 transfer
 * authorizations with a private key, the explorer with the reader's wallet (a signer made from
 * the wagmi wallet client); either way 402 responses are retried with the payment attached.
 * Browser-safe: no Node modules.
 */

/**
 * The most one call may cost: by-ticker at its maximum limit of 50 results × 0.005 USDC.
 * Anything above is refused rather than signed.
 */
export const MAX_PAYMENT_USD = "$0.25";
/** The same cap in token units of a 6-decimal stablecoin, for tokens the library does not know. */
export const MAX_PAYMENT_UNITS = "250000";

/** What signs the payments: a private key (scripts, tests) or a wallet's signer (browser). */
export type PaymentSigner = { privateKey: Hex } | { signer: Pick<ClientEvmSigner, "address" | "signTypedData"> };

export type PaymentClientOptions = PaymentSigner & {
  /** CAIP-2 network to pay on, e.g. `eip155:8453`. */
  network: Network;
  /**
   * A token outside the library's built-in list (it knows USDC on Base) that may be paid,
   * such as the local chain's TestUSDC. Payments in it are capped at MAX_PAYMENT_UNITS.
   */
  allowedAsset?: Address;
};

/** An x402 client that pays with the given key or signer on `network`, within the limits above. */
export function createPaymentClient({ network, allowedAsset, ...by }: PaymentClientOptions): x402Client {
  const signer = "privateKey" in by ? privateKeyToAccount(by.privateKey) : toClientEvmSigner(by.signer);
  const client = new x402Client().register(network, new ExactEvmScheme(signer));
  // By default the client pays only assets it recognizes, up to $1 each. Tighten the cap to our
  // real maximum and opt in to the one extra asset we were told about.
  return client.setSpendControls({
    maxAmountPerPayment: MAX_PAYMENT_USD,
    allowedAssets: allowedAsset
      ? [{ network, asset: allowedAsset, maxAmountPerPayment: MAX_PAYMENT_UNITS }]
      : undefined,
  });
}

export type PayingFetchOptions = PaymentClientOptions & {
  /** The fetch to wrap (defaults to the global one). */
  fetch?: typeof globalThis.fetch;
};

/** `fetch` that answers an x402 402 challenge by paying and repeating the request once. */
export function createPayingFetch({ fetch = globalThis.fetch, ...options }: PayingFetchOptions) {
  return wrapFetchWithPayment(fetch, createPaymentClient(options));
}
