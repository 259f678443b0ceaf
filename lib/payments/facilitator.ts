import { x402Facilitator } from "@x402/core/facilitator";
import { HTTPFacilitatorClient, type FacilitatorClient, type FacilitatorConfig } from "@x402/core/server";
import type { Network, SupportedResponse } from "@x402/core/types";
import { toFacilitatorEvmSigner } from "@x402/evm";
import { ExactEvmScheme } from "@x402/evm/exact/facilitator";
import {
  createWalletClient,
  defineChain,
  http,
  nonceManager,
  publicActions,
  type Hex,
  type ReadContractParameters,
  type VerifyTypedDataParameters,
  type WriteContractParameters,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";

/**
 * Facilitators verify a signed x402 payment and settle it on chain. Production hands this to a
 * remote facilitator over HTTP; local development and tests run the @x402 packages' own
 * facilitator code in-process against a local chain (see local-chain.ts), so the payment
 * path exercised is the real one, minus the HTTP hop.
 */

export interface LocalFacilitatorOptions {
  /** JSON-RPC endpoint of the chain the payments settle on. */
  rpcUrl: string;
  /** Key of the account that submits settlement transactions and pays their gas. */
  privateKey: Hex;
  /** CAIP-2 id of that chain, e.g. `eip155:8453`. */
  network: Network;
  /**
   * How often to poll for a settlement's receipt. The default suits Base's 2 s blocks; a local
   * Hardhat node mines each transaction as it arrives, so it can be polled far faster.
   */
  pollingIntervalMs?: number;
}

/**
 * An in-process facilitator with the `FacilitatorClient` interface `x402ResourceServer` takes.
 * Create one per process and reuse it: it remembers broadcast settlements so a retried settle
 * reconciles instead of re-broadcasting. Nothing touches the network until it is used.
 */
export function createLocalFacilitator({
  rpcUrl,
  privateKey,
  network,
  pollingIntervalMs = 1_000,
}: LocalFacilitatorOptions): FacilitatorClient {
  // Settlements run concurrently from this one account: the nonce manager hands each its own
  // nonce instead of letting simultaneous sends read the same pending count, and sends go out
  // one at a time so the nonces reach the node in order (an automining Hardhat node refuses a
  // nonce that arrives before its predecessor). Waiting for receipts stays concurrent.
  const account = privateKeyToAccount(privateKey, { nonceManager });
  const inOrder = oneAtATime();
  const client = createWalletClient({
    account,
    chain: chainFor(network, rpcUrl),
    transport: http(rpcUrl),
    // viem's default is 4 s for chains without a declared block time; settlement waits on
    // receipts, so poll at least at about Base's 2 s block interval instead.
    pollingInterval: pollingIntervalMs,
  }).extend(publicActions);
  // The signer type is a structural subset of a viem wallet+public client, but viem's generic
  // signatures do not type-check against its loose ABI/typed-data parameters, and the client
  // has no top-level `address`. Adapt the seven methods explicitly.
  const signer = toFacilitatorEvmSigner({
    address: account.address,
    getCode: (args) => client.getCode(args),
    readContract: (args) => client.readContract(args as ReadContractParameters),
    verifyTypedData: (args) => client.verifyTypedData(args as VerifyTypedDataParameters),
    writeContract: (args) => inOrder(() => client.writeContract(args as WriteContractParameters)),
    sendTransaction: (args) => inOrder(() => client.sendTransaction(args)),
    waitForTransactionReceipt: (args) => client.waitForTransactionReceipt(args),
  });
  const facilitator = new x402Facilitator().register(network, new ExactEvmScheme(signer));

  return {
    verify: (payload, requirements) => facilitator.verify(payload, requirements),
    settle: (payload, requirements) => facilitator.settle(payload, requirements),
    // x402Facilitator answers synchronously and types `network` as a plain string; every kind
    // it lists comes from a registration with a CAIP-2 `Network`, so the narrowing is sound.
    getSupported: async () => facilitator.getSupported() as SupportedResponse,
  };
}

export interface FacilitatorSettings {
  /** A remote facilitator. When set it is used, and `local` is ignored. */
  facilitatorUrl?: string;
  /** Authentication headers for the remote facilitator (Coinbase's CDP facilitator needs them). */
  createAuthHeaders?: FacilitatorConfig["createAuthHeaders"];
  /** Where to settle in-process when no `facilitatorUrl` is configured. */
  local?: LocalFacilitatorOptions;
}

/** The facilitator the configuration asks for: remote when FACILITATOR_URL is set, else local. */
export function createFacilitatorClient(settings: FacilitatorSettings): FacilitatorClient {
  if (settings.facilitatorUrl) {
    return new HTTPFacilitatorClient({
      url: settings.facilitatorUrl,
      createAuthHeaders: settings.createAuthHeaders,
    });
  }
  if (settings.local) {
    return createLocalFacilitator(settings.local);
  }
  throw new Error(
    "No x402 facilitator configured: set FACILITATOR_URL, or start the local chain (npm run chain) for an in-process one",
  );
}

/**
 * A viem chain for the CAIP-2 `network` reached at `rpcUrl`. The chain id must be the one in the
 * network id: viem refuses to send a transaction when the RPC reports a different chain, and the
 * EIP-712 domain of every payment is bound to it.
 */
function chainFor(network: Network, rpcUrl: string) {
  const match = /^eip155:(\d+)$/.exec(network);
  if (!match) throw new Error(`Not an EVM network id: ${network} (expected eip155:<chain id>)`);
  return defineChain({
    id: Number(match[1]),
    name: network,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
}

/** A queue that runs the tasks given to it one after another, each whether or not the last failed. */
function oneAtATime() {
  let last: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>): Promise<T> => {
    const run = last.then(task);
    last = run.catch(() => undefined);
    return run;
  };
}
