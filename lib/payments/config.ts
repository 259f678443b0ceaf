import { getAddress } from "viem";
import { isDatabaseUnreachable } from "@/db/client";
import { ApiError, databaseUnavailable } from "@/lib/api/errors";
import { env, type Env } from "@/lib/env";
import type { FacilitatorSettings } from "./facilitator";
import { localChainStateFile, readLocalChainSettings, type LocalChainSettings } from "./local-chain-settings";
import { USDC_BY_NETWORK, type PaymentTerms } from "@/lib/interface/pricing";

/**
 * Where payments go and who settles them. With FACILITATOR_URL, a remote facilitator settles
 * USDC (or X402_ASSET) to X402_PAY_TO. Without it, the local chain started by `npm start`,
 * `npm run dev` or `npm run chain` (dev/chain) settles in-process, with its TestUSDC and its
 * merchant wallet unless X402_ASSET / X402_PAY_TO say otherwise. The server learns that chain
 * from the file it writes (./local-chain-settings.ts; the server never imports dev/).
 */

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

/** Seconds a client is asked to wait when no payment can be taken. */
const PAYMENTS_RETRY_AFTER_SECONDS = 10;

/**
 * The 503 a client gets when no payment can be taken (none configured, or the facilitator or
 * chain unreachable or too slow): the cause goes to the log, the client learns only that paid
 * content is not served now, and when to try again. Nothing was charged.
 */
export function paymentsUnavailable(cause: unknown): ApiError {
  console.error(`[payments] payments unavailable: ${cause instanceof Error ? cause.message : String(cause)}`);
  return new ApiError(
    "payments_unavailable",
    "Payments cannot be processed right now, so paid content is not served. Nothing was charged; try again later.",
    { retryAfter: PAYMENTS_RETRY_AFTER_SECONDS },
  );
}

/**
 * The 503 for a settlement that was sent but not confirmed in time (the chain or facilitator
 * stopped answering after the broadcast): the payer may yet be charged, once, and is told how
 * to have what it paid for then. The ledger holds the payment as pending meanwhile.
 */
export function settlementUnconfirmed(cause: unknown): ApiError {
  console.error(`[payments] settlement unconfirmed: ${cause instanceof Error ? cause.message : String(cause)}`);
  return new ApiError(
    "payments_unavailable",
    "The payment network did not confirm the settlement in time. If it settles, you are charged once: send the same payment again, or sign in with the paying wallet (SIGN-IN-WITH-X), to have the content; if it does not, nothing is charged.",
    { retryAfter: PAYMENTS_RETRY_AFTER_SECONDS },
  );
}

/**
 * What a paid route reports for a failure of its database work: a database that cannot be
 * reached becomes 503 `service_unavailable` with Retry-After (never a challenge, never a
 * charge); any other error is returned as it was.
 */
export function unreachableDatabaseAsApiError(error: unknown): unknown {
  if (!isDatabaseUnreachable(error)) return error;
  console.error(`[payments] database unreachable: ${error instanceof Error ? error.message : String(error)}`);
  return databaseUnavailable();
}

/** `unreachableDatabaseAsApiError`, thrown: for `.catch` on a paid route's database calls. */
export function whenDatabaseUnreachable(error: unknown): never {
  throw unreachableDatabaseAsApiError(error);
}

/** How long published terms are reused: a restarted local chain's new terms show within this. */
const PUBLISHED_TERMS_TTL_MS = 5_000;
let published: { env: Env; at: number; terms: Promise<PaymentTerms> } | undefined;

/**
 * The terms the free documents publish; 503 `payments_unavailable` when none can be resolved.
 * Resolved terms are reused for a few seconds: with the local chain, resolving them reads and
 * validates its state file (≈ 170 µs), most of a cached document's cost. Failures are not kept,
 * so the documents appear as soon as payments can be configured. (A small TTL of its own rather
 * than readThroughCache: lru-cache's clock is not Date, which the tests move.)
 */
export function publishedPaymentTerms(): Promise<PaymentTerms> {
  const e = env();
  if (published?.env === e && Date.now() - published.at < PUBLISHED_TERMS_TTL_MS) return published.terms;
  const terms = loadPaymentConfig(e).then(
    ({ network, asset, payTo }) => ({ network, asset, payTo }),
    (error: unknown) => {
      if (published?.terms === terms) published = undefined;
      throw paymentsUnavailable(error);
    },
  );
  published = { env: e, at: Date.now(), terms };
  return terms;
}

/** Coinbase's CDP facilitator (Base mainnet and Sepolia), used when CDP keys come without FACILITATOR_URL. */
export const CDP_FACILITATOR_URL = "https://api.cdp.coinbase.com/platform/v2/x402";

/** The remote facilitator the environment names, if any: FACILITATOR_URL, else CDP's when its keys are set. */
export function remoteFacilitatorUrl(e: Env): string | undefined {
  return e.FACILITATOR_URL ?? (e.CDP_API_KEY_ID || e.CDP_API_KEY_SECRET ? CDP_FACILITATOR_URL : undefined);
}

/**
 * CDP's authentication: a short-lived JWT per call (signed with the API key secret, bound to the
 * method and path) and a Correlation-Context header, made by Coinbase's own @coinbase/x402.
 * Loaded on first use, so deployments without CDP keys never load the CDP SDK.
 */
function cdpAuthHeaders(apiKeyId: string, apiKeySecret: string): NonNullable<FacilitatorSettings["createAuthHeaders"]> {
  // Left out of the server bundles (the CDP SDK is large): resolved from node_modules when used.
  return async () =>
    (await import(/* webpackIgnore: true */ /* turbopackIgnore: true */ "@coinbase/x402")).createCdpAuthHeaders(
      apiKeyId,
      apiKeySecret,
    )!();
}

/** The configuration from the environment and, without a remote facilitator, the local chain's state file. */
export async function loadPaymentConfig(e: Env = env()): Promise<PaymentConfig> {
  const localChain = remoteFacilitatorUrl(e)
    ? undefined
    : await readLocalChainSettings(localChainStateFile(e.DATA_DIR));
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
): Promise<{ terms: PaymentTerms; rpcUrl?: string; localChain?: LocalChainSettings }> {
  if (e.X402_RPC_URL) {
    const localChain = await readLocalChainSettings(localChainStateFile(e.DATA_DIR)).catch(() => undefined);
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
  const localChain = facilitator.local ? await readLocalChainSettings(localChainStateFile(e.DATA_DIR)) : undefined;
  return { terms: { network, asset, payTo }, rpcUrl: facilitator.local?.rpcUrl, localChain };
}

/** Pure: throws PaymentsUnavailableError naming the variable to fix when nothing usable is configured. */
export function resolvePaymentConfig(e: Env, localChain: LocalChainSettings | undefined): PaymentConfig {
  if (Boolean(e.CDP_API_KEY_ID) !== Boolean(e.CDP_API_KEY_SECRET)) {
    throw new PaymentsUnavailableError("CDP_API_KEY_ID and CDP_API_KEY_SECRET go together: set both, or neither");
  }
  const facilitatorUrl = remoteFacilitatorUrl(e);
  if (facilitatorUrl) {
    if (!e.X402_PAY_TO)
      throw new PaymentsUnavailableError(
        "X402_PAY_TO is required with a remote facilitator (FACILITATOR_URL or CDP_API_KEY_*)",
      );
    return {
      network: e.X402_NETWORK,
      asset: getAddress(e.X402_ASSET ?? USDC_BY_NETWORK[e.X402_NETWORK]),
      payTo: getAddress(e.X402_PAY_TO),
      facilitator: {
        facilitatorUrl,
        createAuthHeaders:
          e.CDP_API_KEY_ID && e.CDP_API_KEY_SECRET ? cdpAuthHeaders(e.CDP_API_KEY_ID, e.CDP_API_KEY_SECRET) : undefined,
      },
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
    network: e.X402_NETWORK, // the local chain's, checked above
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
    ? `facilitator ${facilitator.facilitatorUrl}${facilitator.createAuthHeaders ? " (CDP API key authentication)" : ""}`
    : `local chain at ${facilitator.local?.rpcUrl}`;
  return `${network}, asset ${asset}, payTo ${payTo}, ${settledBy}`;
}

/**
 * The local chain's settings when the payments in force settle on it, else undefined: what the
 * local-only routes (`/api/local-chain`, its development wallet) serve, 404 in any other
 * configuration.
 */
export async function localChainInForce(e: Env = env()): Promise<LocalChainSettings | undefined> {
  if (e.FACILITATOR_URL) return undefined;
  const settings = await readLocalChainSettings(localChainStateFile(e.DATA_DIR)).catch(() => undefined);
  if (!settings) return undefined;
  try {
    return resolvePaymentConfig(e, settings).facilitator.local ? settings : undefined;
  } catch {
    return undefined;
  }
}
