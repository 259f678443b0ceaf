import { getAddress, type Address } from "viem";
import { ApiError } from "@/lib/api/errors";
import { env, type Env } from "@/lib/env";
import type { FacilitatorSettings } from "./facilitator";
import { localChainStateFile, readLocalChainState, type LocalChainState } from "./local-chain-state";
import { USDC_BY_NETWORK, type PaidNetwork } from "./pricing";

/**
 * Where payments go and who settles them. With FACILITATOR_URL, a remote facilitator settles
 * USDC (or X402_ASSET) to X402_PAY_TO. Without it, the local chain started by `npm start`,
 * `npm run dev` or `npm run chain` settles in-process, with its TestUSDC and its merchant
 * wallet unless X402_ASSET / X402_PAY_TO say otherwise.
 */

/** What a payer must send, as published in challenges and the pricing documents. */
export interface PaymentTerms {
  network: PaidNetwork;
  asset: Address;
  payTo: Address;
}

export interface PaymentConfig extends PaymentTerms {
  facilitator: FacilitatorSettings;
}

/** No payment can be taken: paid routes answer 503 `payments_unavailable`, never for free. */
export class PaymentsUnavailableError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = "PaymentsUnavailableError";
  }
}

/**
 * The 503 a client gets when no payment can be taken: the cause goes to the log, the client
 * learns only that paid content is not served.
 */
export function paymentsUnavailable(cause: unknown): ApiError {
  console.error(`[payments] payments unavailable: ${cause instanceof Error ? cause.message : String(cause)}`);
  return new ApiError("payments_unavailable", "Payments cannot be processed right now, so paid content is not served. Try again later.");
}

/** The terms the free documents publish; 503 `payments_unavailable` when none can be resolved. */
export async function publishedPaymentTerms(): Promise<PaymentTerms> {
  try {
    const { network, asset, payTo } = await loadPaymentConfig();
    return { network, asset, payTo };
  } catch (error) {
    throw paymentsUnavailable(error);
  }
}

/** The configuration from the environment and, without FACILITATOR_URL, the local chain's state file. */
export async function loadPaymentConfig(e: Env = env()): Promise<PaymentConfig> {
  const localChain = e.FACILITATOR_URL ? undefined : await readLocalChainState(localChainStateFile(e.DATA_DIR));
  return resolvePaymentConfig(e, localChain);
}

/**
 * What `npm run payments:reconcile` compares, and on which RPC. X402_RPC_URL comes first, with
 * terms from X402_NETWORK/X402_ASSET/X402_PAY_TO (asset and payTo default to the local chain's
 * when its state file is there): reconciling needs a chain to read, not a facilitator that works.
 * Without it, the configuration in force and its local chain (whose state is returned, so a
 * stopped one can be rebuilt from its saved history).
 */
export async function reconcileTarget(
  e: Env = env(),
): Promise<{ terms: PaymentTerms; rpcUrl?: string; localChain?: LocalChainState }> {
  if (e.X402_RPC_URL) {
    const localChain = await readLocalChainState(localChainStateFile(e.DATA_DIR)).catch(() => undefined);
    const payTo = e.X402_PAY_TO ?? localChain?.payTo;
    if (!payTo) throw new PaymentsUnavailableError("Set X402_PAY_TO to the wallet whose payments to reconcile");
    return {
      terms: {
        network: e.X402_NETWORK,
        asset: getAddress(e.X402_ASSET ?? localChain?.asset ?? USDC_BY_NETWORK[e.X402_NETWORK]),
        payTo: getAddress(payTo),
      },
      rpcUrl: e.X402_RPC_URL,
    };
  }
  const { network, asset, payTo, facilitator } = await loadPaymentConfig(e);
  const localChain = facilitator.local ? await readLocalChainState(localChainStateFile(e.DATA_DIR)) : undefined;
  return { terms: { network, asset, payTo }, rpcUrl: facilitator.local?.rpcUrl, localChain };
}

/** Pure: throws PaymentsUnavailableError naming the variable to fix when nothing usable is configured. */
export function resolvePaymentConfig(e: Env, localChain: LocalChainState | undefined): PaymentConfig {
  if (e.CDP_API_KEY_ID || e.CDP_API_KEY_SECRET) {
    // @x402/core only passes auth headers through; signing CDP's JWTs needs @coinbase/x402, which
    // this build does not include. Refusing beats a facilitator that rejects every payment.
    throw new PaymentsUnavailableError(
      "CDP_API_KEY_ID/CDP_API_KEY_SECRET are set, but CDP facilitator authentication is not supported by this build (it needs the @coinbase/x402 package): unset them, or use a FACILITATOR_URL that needs no key",
    );
  }
  if (e.FACILITATOR_URL) {
    if (!e.X402_PAY_TO) throw new PaymentsUnavailableError("X402_PAY_TO is required when FACILITATOR_URL is set");
    return {
      network: e.X402_NETWORK,
      asset: getAddress(e.X402_ASSET ?? USDC_BY_NETWORK[e.X402_NETWORK]),
      payTo: getAddress(e.X402_PAY_TO),
      facilitator: { facilitatorUrl: e.FACILITATOR_URL },
    };
  }
  if (!localChain) {
    throw new PaymentsUnavailableError(
      `No payment facilitator: FACILITATOR_URL is not set and no local chain is running (no ${localChainStateFile(e.DATA_DIR)}; start one with npm run dev, npm start or npm run chain)`,
    );
  }
  if (e.X402_NETWORK !== localChain.network) {
    throw new PaymentsUnavailableError(
      `X402_NETWORK is ${e.X402_NETWORK}, but the local chain is ${localChain.network}: set FACILITATOR_URL to pay on ${e.X402_NETWORK}`,
    );
  }
  return {
    network: localChain.network,
    asset: getAddress(e.X402_ASSET ?? localChain.asset),
    payTo: getAddress(e.X402_PAY_TO ?? localChain.payTo),
    facilitator: {
      local: { rpcUrl: localChain.rpcUrl, privateKey: localChain.facilitatorPrivateKey, network: localChain.network },
    },
  };
}

/** One line for logs: never the facilitator's key. */
export function describePaymentConfig({ network, asset, payTo, facilitator }: PaymentConfig): string {
  const settledBy = facilitator.facilitatorUrl
    ? `facilitator ${facilitator.facilitatorUrl}`
    : `local chain at ${facilitator.local?.rpcUrl}`;
  return `${network}, asset ${asset}, payTo ${payTo}, ${settledBy}`;
}
