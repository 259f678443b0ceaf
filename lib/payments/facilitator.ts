import { x402Facilitator } from "@x402/core/facilitator";
import { HTTPFacilitatorClient, type FacilitatorClient, type FacilitatorConfig } from "@x402/core/server";
import {
  FacilitatorResponseError,
  FacilitatorTimeoutError,
  SettleError,
  VerifyError,
  type Network,
  type SupportedResponse,
} from "@x402/core/types";
import { isEIP3009Payload, toFacilitatorEvmSigner, type ExactEIP3009Payload, type ExactEvmPayloadV2 } from "@x402/evm";
import { ExactEvmScheme } from "@x402/evm/exact/facilitator";
import type { PaymentPayload, SettleResponse, VerifyResponse } from "@x402/core/types";
import { AsyncLocalStorage } from "node:async_hooks";
import {
  BaseError,
  createWalletClient,
  defineChain,
  encodeFunctionData,
  getAddress,
  http,
  HttpRequestError,
  parseAbi,
  publicActions,
  TimeoutError,
  WaitForTransactionReceiptTimeoutError,
  type Abi,
  type Address,
  type Hex,
  type ReadContractParameters,
  type VerifyTypedDataParameters,
} from "viem";
import { privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import { withinDeadline } from "./deadline";

/**
 * Facilitators verify a signed x402 payment and settle it on chain. Production hands this to a
 * remote facilitator over HTTP; local development and tests run the @x402 packages' own
 * facilitator code in-process against a local chain (dev/chain), so the payment
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
  /** How long one JSON-RPC call may take before it fails (viem's default is 10 s). */
  rpcTimeoutMs?: number;
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
  rpcTimeoutMs,
}: LocalFacilitatorOptions): FacilitatorClient {
  const account = privateKeyToAccount(privateKey);
  const client = facilitatorWallet(account, network, rpcUrl, pollingIntervalMs, rpcTimeoutMs);
  const send = orderedSender(client, account);
  const { watched, judged } = rpcFailureWatch();
  // The signer type is a structural subset of a viem wallet+public client, but viem's generic
  // signatures do not type-check against its loose ABI/typed-data parameters, and the client
  // has no top-level `address`. Adapt the seven methods explicitly.
  const signer = toFacilitatorEvmSigner({
    address: account.address,
    getCode: watched((args) => client.getCode(args)),
    readContract: watched((args) => client.readContract(args as ReadContractParameters)),
    verifyTypedData: watched((args) => client.verifyTypedData(args as VerifyTypedDataParameters)),
    writeContract: watched(
      ({ address, abi, functionName, args, gas, dataSuffix }) =>
        send({
          to: address,
          data: withSuffix(encodeFunctionData({ abi: abi as Abi, functionName, args }), dataSuffix),
          gas,
        }),
      { sends: true },
    ),
    sendTransaction: watched((args) => send(args), { sends: true }),
    // viem waits three minutes by default; a receipt is a few blocks away, or the chain is in trouble.
    waitForTransactionReceipt: watched((args) =>
      client.waitForTransactionReceipt({ ...args, ...(rpcTimeoutMs ? { timeout: rpcTimeoutMs * 2 } : {}) }),
    ),
  });
  const facilitator = new x402Facilitator().register(network, new ExactEvmScheme(signer));

  // Authorizations this process is verifying or settling. A copy of one (a replay sent while the
  // original is in flight) is refused at once instead of being simulated, sent and reverted.
  const inFlight = new Set<string>();
  const authorizationUsed = (authorization: Authorization, asset: string) =>
    client.readContract({
      address: getAddress(asset),
      abi: AUTHORIZATION_STATE_ABI,
      functionName: "authorizationState",
      args: [getAddress(authorization.from), authorization.nonce],
    });
  /** Runs `task` holding the payment's authorization, or answers `refused` when another call holds it. */
  async function exclusively<T>(
    payment: PaymentPayload,
    asset: string,
    refused: (payer: string) => T,
    task: () => Promise<T>,
  ) {
    const authorization = authorizationOf(payment);
    if (!authorization) return task();
    const key = authorizationKey(authorization, asset);
    if (inFlight.has(key)) return refused(authorization.from);
    inFlight.add(key);
    try {
      return await task();
    } finally {
      inFlight.delete(key);
    }
  }

  return {
    verify: (payload, requirements) =>
      exclusively(payload, requirements.asset, refusedVerification, async () => {
        const authorization = authorizationOf(payload);
        // One read instead of a reverted simulation and its diagnosis.
        if (authorization && (await authorizationUsed(authorization, requirements.asset))) {
          return refusedVerification(authorization.from);
        }
        return judged("verify", () => facilitator.verify(payload, requirements));
      }),
    settle: (payload, requirements) =>
      exclusively(
        payload,
        requirements.asset,
        (payer): SettleResponse => ({
          success: false,
          errorReason: NONCE_ALREADY_USED,
          transaction: "",
          network: requirements.network,
          payer,
        }),
        () => judged("settle", () => facilitator.settle(payload, requirements)),
      ),
    // x402Facilitator answers synchronously and types `network` as a plain string; every kind
    // it lists comes from a registration with a CAIP-2 `Network`, so the narrowing is sound.
    getSupported: async () => facilitator.getSupported() as SupportedResponse,
  };
}

/**
 * The @x402/evm facilitator swallows its RPC calls' failures into verdicts: a `getCode` that
 * timed out reads as `invalid_exact_evm_signature`, a receipt that never came as
 * `settlement_pending`. `watched` notes a transport failure (the node unreachable, or too slow)
 * of any call made while `judged` runs a verification or settlement; a refusal given after one
 * is no verdict on the payment but an outage, thrown as FacilitatorResponseError (503, and the
 * payer keeps its budget). A node that answers, reverted calls included, leaves verdicts as they are.
 */
function rpcFailureWatch() {
  const calls = new AsyncLocalStorage<{ failure?: unknown; sent?: boolean }>();
  const watched =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>, { sends = false } = {}) =>
    async (...args: A): Promise<R> => {
      const scope = calls.getStore();
      try {
        const result = await call(...args);
        if (scope && sends) scope.sent = true;
        return result;
      } catch (error) {
        if (scope && isTransportFailure(error)) scope.failure ??= error;
        throw error;
      }
    };
  const judged = async <V extends VerifyResponse | SettleResponse>(operation: string, run: () => Promise<V>) => {
    const scope: { failure?: unknown; sent?: boolean } = {};
    const verdict = await calls.run(scope, run);
    const refusal = "isValid" in verdict ? !verdict.isValid : !verdict.success;
    const pending = "success" in verdict && verdict.errorReason === SETTLEMENT_PENDING;
    if (refusal && (scope.failure || pending)) {
      const cause = scope.failure instanceof Error ? scope.failure.message.split("\n")[0] : "no receipt in time";
      const message = `the chain failed during ${operation} (${cause})`;
      throw scope.sent ? new SettlementUnconfirmedError(message) : new FacilitatorResponseError(message);
    }
    return verdict;
  };
  return { watched, judged };
}

/** A failure to reach the node or to hear from it in time, as opposed to an answer (a revert is one). */
function isTransportFailure(error: unknown): boolean {
  return (
    error instanceof BaseError &&
    Boolean(
      error.walk(
        (cause) =>
          cause instanceof HttpRequestError ||
          cause instanceof TimeoutError ||
          cause instanceof WaitForTransactionReceiptTimeoutError,
      ),
    )
  );
}

/** The @x402/evm facilitator's reason for a settlement broadcast whose receipt it did not get. */
const SETTLEMENT_PENDING = "settlement_pending";

/** The @x402/evm facilitator's reason for an EIP-3009 nonce that cannot be used (again). */
export const NONCE_ALREADY_USED = "invalid_exact_evm_nonce_already_used";
/** EIP-3009's view of an authorization: whether its nonce has been used (or cancelled). */
export const AUTHORIZATION_STATE_ABI = parseAbi([
  "function authorizationState(address authorizer, bytes32 nonce) view returns (bool)",
]);

export type Authorization = ExactEIP3009Payload["authorization"];

function refusedVerification(payer: string): VerifyResponse {
  return { isValid: false, invalidReason: NONCE_ALREADY_USED, payer };
}

/** The EIP-3009 authorization a payment carries, if it is one. */
export function authorizationOf(payload: PaymentPayload): Authorization | undefined {
  // The guard takes the scheme's payload union; a payload of another shape simply fails it.
  const inner = payload.payload as ExactEvmPayloadV2;
  return isEIP3009Payload(inner) ? inner.authorization : undefined;
}

/** EIP-3009 nonces are per token and authorizer. */
function authorizationKey(authorization: Authorization, asset: string): string {
  return `${asset}:${authorization.from}:${authorization.nonce}`.toLowerCase();
}

function withSuffix(data: Hex, suffix: Hex | undefined): Hex {
  return suffix ? `${data}${suffix.slice(2)}` : data;
}

function facilitatorWallet(
  account: PrivateKeyAccount,
  network: Network,
  rpcUrl: string,
  pollingIntervalMs: number,
  timeout?: number,
) {
  return createWalletClient({
    account,
    chain: chainFor(network, rpcUrl),
    // No transport retries: viem retries a JSON-RPC "internal error", which is how a node reports
    // a reverted simulation, so each refused payment would cost three backed-off retries (~1 s).
    transport: http(rpcUrl, { retryCount: 0, timeout }),
    // viem's default is 4 s for chains without a declared block time; settlement waits on
    // receipts, so poll at least at about Base's 2 s block interval instead.
    pollingInterval: pollingIntervalMs,
  }).extend(publicActions);
}

/**
 * Sends transactions from the facilitator's one account. Preparing a transaction (fees, and gas
 * estimation, which simulates it) runs concurrently, so a settlement that would revert fails
 * there without holding anyone up. Only taking a nonce and handing the signed transaction to the
 * node go one at a time: a node refuses a nonce that arrives before its predecessor.
 */
function orderedSender(client: ReturnType<typeof facilitatorWallet>, account: PrivateKeyAccount) {
  const inOrder = oneAtATime();
  let nextNonce: number | undefined;
  return async ({ to, data, gas }: { to: Address; data: Hex; gas?: bigint }): Promise<Hex> => {
    const prepared = await client.prepareTransactionRequest({
      to,
      data,
      gas,
      type: "eip1559",
      parameters: ["fees", "gas", "chainId"],
    });
    return inOrder(async () => {
      try {
        nextNonce ??= await client.getTransactionCount({ address: account.address, blockTag: "pending" });
        const serializedTransaction = await account.signTransaction({
          type: "eip1559",
          chainId: prepared.chainId,
          to,
          data,
          gas: prepared.gas,
          maxFeePerGas: prepared.maxFeePerGas,
          maxPriorityFeePerGas: prepared.maxPriorityFeePerGas,
          nonce: nextNonce,
        });
        const hash = await client.sendRawTransaction({ serializedTransaction });
        nextNonce += 1;
        return hash;
      } catch (error) {
        nextNonce = undefined; // whatever happened to that nonce, ask the node again
        throw error;
      }
    });
  };
}
/**
 * A facilitator whose trouble is never taken for the payer's: verification and /supported answer
 * within `timeoutMs` or fail with FacilitatorTimeoutError, and whatever a facilitator throws that
 * is not its verdict on the payment (VerifyError, SettleError) — an RPC or HTTP failure, a node
 * that stopped answering — becomes a FacilitatorResponseError. The paid call answers both 503
 * `payments_unavailable`, uncharged, instead of a 402 with the library's text. Settlement (a
 * re-verification, a broadcast and a receipt, each bounded like verification) answers within
 * SETTLEMENT_TIMEOUTS of `timeoutMs`, or fails with SettlementUnconfirmedError: one under way may
 * still land on chain, which the ledger's pending row then shows.
 */
export function withOutagesAsFacilitatorErrors(client: FacilitatorClient, timeoutMs: number): FacilitatorClient {
  const timedOut = (operation: string) => () => new FacilitatorTimeoutError(operation, timeoutMs);
  const settleTimeoutMs = timeoutMs * SETTLEMENT_TIMEOUTS;
  return {
    verify: (payload, requirements) =>
      asOutage("verify", () => client.verify(payload, requirements), timeoutMs, timedOut("verify")),
    settle: (payload, requirements) =>
      asOutage(
        "settle",
        () => client.settle(payload, requirements),
        settleTimeoutMs,
        () => new SettlementUnconfirmedError(`no settlement within ${settleTimeoutMs} ms`),
      ),
    getSupported: () => asOutage("supported", () => client.getSupported(), timeoutMs, timedOut("supported")),
  };
}

/** A settlement's share of PAYMENT_TIMEOUT_MS: its re-verification, broadcast and receipt. */
const SETTLEMENT_TIMEOUTS = 3;

/**
 * A settlement that may have been sent but was not confirmed (no receipt in time, a node that
 * stopped answering after the broadcast): the payer may yet be charged, once; the ledger's row
 * stays pending until the chain says.
 */
export class SettlementUnconfirmedError extends FacilitatorResponseError {
  constructor(message: string) {
    super(`Settlement unconfirmed: ${message}`);
    this.name = "SettlementUnconfirmedError";
  }
}

async function asOutage<T>(
  operation: string,
  run: () => Promise<T>,
  timeoutMs: number,
  onTimeout: () => Error,
): Promise<T> {
  try {
    return await withinDeadline(run(), timeoutMs, onTimeout);
  } catch (error) {
    if (error instanceof VerifyError || error instanceof SettleError || error instanceof FacilitatorResponseError)
      throw error;
    const message = error instanceof Error ? error.message.split("\n")[0] : String(error);
    throw new FacilitatorResponseError(`Facilitator ${operation} failed: ${message}`);
  }
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
