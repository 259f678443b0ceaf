import { x402Client } from "@x402/core/client";
import type { Network } from "@x402/core/types";
import { toClientEvmSigner, type ClientEvmSigner } from "@x402/evm";
import { ExactEvmScheme } from "@x402/evm/exact/client";
import type { Address } from "viem";

/**
 * The paying side of x402 with this service's spending limits: the explorer signs EIP-3009
 * transfer authorizations with the reader's wallet (a signer made from the wagmi wallet
 * client); the command-line and test clients (dev/pay) with a private key.
 */

/**
 * The most one call may cost: by-ticker at its maximum limit of 50 results × 0.005 USDC.
 * Anything above is refused rather than signed.
 */
export const MAX_PAYMENT_USD = "$0.25";
/** The same cap in token units of a 6-decimal stablecoin, for tokens the library does not know. */
export const MAX_PAYMENT_UNITS = "250000";

export interface PaymentClientOptions {
  /** What signs the payments: a wallet's signer, or a viem account. */
  signer: Pick<ClientEvmSigner, "address" | "signTypedData">;
  /** CAIP-2 network to pay on, e.g. `eip155:8453`. */
  network: Network;
  /**
   * A token outside the library's built-in list (it knows USDC on Base) that may be paid,
   * such as the local chain's TestUSDC. Payments in it are capped at MAX_PAYMENT_UNITS.
   */
  allowedAsset?: Address;
}

/** An x402 client that pays with `signer` on `network`, within the limits above. */
export function createPaymentClient({ signer, network, allowedAsset }: PaymentClientOptions): x402Client {
  const client = new x402Client().register(network, new ExactEvmScheme(toClientEvmSigner(signer)));
  // By default the client pays only assets it recognizes, up to $1 each. Tighten the cap to our
  // real maximum and opt in to the one extra asset we were told about.
  return client.setSpendControls({
    maxAmountPerPayment: MAX_PAYMENT_USD,
    allowedAssets: allowedAsset
      ? [{ network, asset: allowedAsset, maxAmountPerPayment: MAX_PAYMENT_UNITS }]
      : undefined,
  });
}
