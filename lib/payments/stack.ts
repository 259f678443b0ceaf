import { x402ResourceServer } from "@x402/core/server";
import { ExactEvmScheme } from "@x402/evm/exact/server";
import { bazaarResourceServerExtension } from "@x402/extensions/bazaar";
import { createPublicClient, http } from "viem";
import { env } from "@/lib/env";
import { loadPaymentConfig, PaymentsUnavailableError, type PaymentConfig } from "./config";
import { createFacilitatorClient, withOutagesAsFacilitatorErrors } from "./facilitator";
import { writeLedgerAhead } from "./ledger";
import { walletSignInExtension } from "./wallet-sign-in";
import { withPaymentTimings } from "./timings";

/**
 * The x402 resource server of this process: built once, on the first paid request (never at
 * module load, so `next build` needs no facilitator), and built again on a later request after
 * a failure, the way the database handle is. It writes the ledger ahead of every settlement
 * (ledger.ts), and so settles nothing outside a paid call.
 */
export interface PaymentStack {
  config: PaymentConfig;
  server: x402ResourceServer;
}

/** The local Hardhat node mines on arrival: poll for settlement receipts often. */
const LOCAL_RECEIPT_POLL_MS = 100;

const globalForPayments = globalThis as unknown as { __paymentStack?: Promise<PaymentStack> };

export function paymentStack(): Promise<PaymentStack> {
  globalForPayments.__paymentStack ??= loadPaymentConfig()
    .then(createPaymentStack)
    .then((stack) => ({ ...stack, server: writeLedgerAhead(stack.server) }))
    .catch((error: unknown) => {
      globalForPayments.__paymentStack = undefined; // let the next request retry
      throw error;
    });
  return globalForPayments.__paymentStack;
}

/**
 * A resource server for `config`, initialised: it has asked the facilitator what it supports and
 * checked that `exact` payments on the configured network are among them.
 */
export async function createPaymentStack(config: PaymentConfig): Promise<PaymentStack> {
  const timeoutMs = env().PAYMENT_TIMEOUT_MS;
  const local = config.facilitator.local;
  if (local) await requireLiveChain(local.rpcUrl, local.network, timeoutMs);
  const facilitator = withOutagesAsFacilitatorErrors(
    createFacilitatorClient(
      local
        ? { local: { ...local, pollingIntervalMs: LOCAL_RECEIPT_POLL_MS, rpcTimeoutMs: timeoutMs } }
        : config.facilitator,
    ),
    timeoutMs,
  );
  const server = withPaymentTimings(
    new x402ResourceServer(facilitator)
      .register(config.network, new ExactEvmScheme())
      .registerExtension(bazaarResourceServerExtension)
      .registerExtension(walletSignInExtension),
  );
  try {
    await server.initialize();
  } catch (error) {
    throw new PaymentsUnavailableError(`The facilitator did not answer /supported: ${messageOf(error)}`);
  }
  if (!server.getSupportedKind(2, config.network, "exact")) {
    throw new PaymentsUnavailableError(`The facilitator does not settle x402 v2 "exact" payments on ${config.network}`);
  }
  return { config, server };
}

/** A state file can outlive its chain: check the node answers, and is the chain it claims to be. */
async function requireLiveChain(rpcUrl: string, network: string, timeout: number): Promise<void> {
  let chainId: number;
  try {
    chainId = await createPublicClient({ transport: http(rpcUrl, { retryCount: 0, timeout }) }).getChainId();
  } catch (error) {
    throw new PaymentsUnavailableError(
      `The local chain at ${rpcUrl} does not answer (${messageOf(error)}); restart it`,
    );
  }
  if (`eip155:${chainId}` !== network) {
    throw new PaymentsUnavailableError(`The chain at ${rpcUrl} is eip155:${chainId}, not ${network}`);
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message.split("\n")[0] : String(error);
}
