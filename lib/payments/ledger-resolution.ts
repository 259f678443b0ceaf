/**
 * Pending ledger rows resolved against the chain. A row stays pending when its process died
 * between recording and settling (or while settling), or when its settlement failed; the
 * token's EIP-3009 `authorizationState(payer, nonce)` then says what happened:
 *
 * - used: the payment settled; its transaction is found by the token's AuthorizationUsed event
 *   and the row is marked settled with it (an AuthorizationCanceled event instead: void);
 * - unused, and the chain is past the authorization's validBefore: it can never settle, so the
 *   payer was not charged: void;
 * - otherwise it may still settle, and stays pending.
 *
 * Run at start-up and every minute by a long-running server (instrumentation.ts), by the
 * /api/cron/payments cron on serverless hosts, by `npm run payments:reconcile`, and for one row
 * when a wallet asks for what that payment bought (./redelivery.ts).
 */
import { createPublicClient, getAddress, http, parseAbiItem, type Address, type Hex, type PublicClient } from "viem";
import { base, baseSepolia } from "viem/chains";
import type { Db } from "@/db";
import {
  deleteExpiredSignInNonces,
  findPaymentByAuthorization,
  listPendingPayments,
  markPaymentSettled,
  voidPayment,
  type Payment,
} from "@/db/queries";
import { env, type Env } from "@/lib/env";
import { SIGN_IN_WITH_X } from "@/lib/interface/headers";
import type { PaidNetwork } from "@/lib/interface/pricing";
import type { PaymentConfig } from "./config";
import { AUTHORIZATION_STATE_ABI, type Authorization } from "./facilitator";

const AUTHORIZATION_USED = parseAbiItem("event AuthorizationUsed(address indexed authorizer, bytes32 indexed nonce)");
const AUTHORIZATION_CANCELED = parseAbiItem(
  "event AuthorizationCanceled(address indexed authorizer, bytes32 indexed nonce)",
);
/** Public RPCs cap eth_getLogs ranges; ask in slices this size. */
export const LOG_RANGE = 5_000n;
/** How far before a row was recorded its transaction is looked for (the server's clock against the blocks'). */
const CLOCK_MARGIN_MS = 15 * 60 * 1000;

export type Resolution = "settled" | "void" | "pending";

const PUBLIC_RPC: Record<PaidNetwork, string> = {
  "eip155:8453": base.rpcUrls.default.http[0],
  "eip155:84532": baseSepolia.rpcUrls.default.http[0],
};

/** A client of the chain payments settle on: the local chain's RPC, else X402_RPC_URL, else the network's public RPC. */
export function paymentChainClient(config: PaymentConfig, e: Env = env()): PublicClient {
  const rpcUrl = config.facilitator.local?.rpcUrl ?? e.X402_RPC_URL ?? PUBLIC_RPC[config.network];
  return createPublicClient({ transport: http(rpcUrl, { retryCount: 1, timeout: 10_000 }) });
}

/** Resolves one pending row: what the chain says became of its authorization. */
export async function resolvePayment(db: Db, client: PublicClient, row: Payment): Promise<Resolution> {
  if (row.status !== "pending") return row.status;
  if (!row.nonce || !row.validBefore) return "pending";
  const [authorizer, nonce, asset] = [row.payer as Address, row.nonce as Hex, row.asset as Address];
  const used = await client.readContract({
    address: asset,
    abi: AUTHORIZATION_STATE_ABI,
    functionName: "authorizationState",
    args: [authorizer, nonce],
  });
  const since = new Date(row.recordedAt.getTime() - CLOCK_MARGIN_MS);
  if (used) {
    const settlement = await findAuthorizationEvent(client, AUTHORIZATION_USED, asset, authorizer, nonce, since);
    if (settlement) {
      await markPaymentSettled(db, row.id, settlement, { resolved: true });
      return "settled";
    }
    if (await findAuthorizationEvent(client, AUTHORIZATION_CANCELED, asset, authorizer, nonce, since)) {
      await voidPayment(db, row.id);
      return "void";
    }
    console.error(`[payments] ledger row ${row.id}: authorization used on chain, but its transaction was not found`);
    return "pending";
  }
  const latest = await client.getBlock({ blockTag: "latest" });
  // The token compares validBefore with the block's time: once the chain is past it, the authorization is dead.
  if (latest.timestamp * 1000n >= BigInt(row.validBefore.getTime())) {
    await voidPayment(db, row.id);
    return "void";
  }
  return "pending";
}

/**
 * Why an authorization this ledger holds is refused as already used, in the payer's terms, with
 * what to do (undefined when the ledger does not hold it: then the facilitator's reason stands).
 * A pending row is resolved against the chain first: a payment that died mid-call may have
 * settled. A settled payment is not delivered again on its authorization alone, which anyone
 * can read off the chain: the paying wallet signs in for that.
 */
export async function usedAuthorizationReason(
  db: Db,
  client: PublicClient,
  where: {
    network: string;
    asset: string;
    authorization: Authorization;
    sale: Pick<Payment, "paidEndpoint" | "params">;
  },
): Promise<string | undefined> {
  const key = {
    network: where.network,
    asset: getAddress(where.asset),
    payer: getAddress(where.authorization.from),
    nonce: where.authorization.nonce.toLowerCase(),
  };
  const row = await findPaymentByAuthorization(db, key);
  if (!row) return undefined;
  const status = await resolvePayment(db, client, row).catch((): Resolution => "pending");
  if (status === "settled") {
    const { txHash } = (await findPaymentByAuthorization(db, key)) ?? row;
    return `payment_already_settled: this payment was settled${txHash ? ` in ${txHash}` : ""} and charged once; sign in with the paying wallet (${SIGN_IN_WITH_X.proof}) to have what it bought again, free`;
  }
  if (status === "pending" && !sameSale(row, where.sale)) {
    return `payment_in_use: this signed payment is held for another purchase (${row.endpoint}), still pending; sign a new payment for this one`;
  }
  if (status === "pending") {
    return "payment_pending: this payment is being settled by another request, or its settlement is not confirmed yet; it is charged at most once: send it again in a minute, or sign in with the paying wallet once it has settled";
  }
  return undefined;
}

function sameSale(a: Pick<Payment, "paidEndpoint" | "params">, b: Pick<Payment, "paidEndpoint" | "params">): boolean {
  const canonical = (params: unknown) => JSON.stringify(Object.entries(params as object).sort());
  return a.paidEndpoint === b.paidEndpoint && canonical(a.params) === canonical(b.params);
}

export interface ResolutionReport {
  settled: number;
  void: number;
  pending: number;
}

/**
 * Resolves the network's pending rows. A row whose call is still settling it is resolved
 * harmlessly: its authorization is either unused and not yet expired (it stays pending), or used
 * by the very transaction the call will record.
 */
export async function resolvePendingPayments(db: Db, client: PublicClient, network: string): Promise<ResolutionReport> {
  const rows = await listPendingPayments(db, { network });
  const report: ResolutionReport = { settled: 0, void: 0, pending: 0 };
  for (const row of rows) report[await resolvePayment(db, client, row)]++;
  return report;
}

/**
 * The transaction of the token's `event` for this authorization, searched from the latest block
 * back to the block of `since`, a slice at a time.
 */
async function findAuthorizationEvent(
  client: PublicClient,
  event: typeof AUTHORIZATION_USED | typeof AUTHORIZATION_CANCELED,
  asset: Address,
  authorizer: Address,
  nonce: Hex,
  since: Date,
): Promise<Hex | undefined> {
  let end = await client.getBlockNumber();
  for (;;) {
    const start = end >= LOG_RANGE ? end - LOG_RANGE + 1n : 0n;
    const logs = await client.getLogs({
      address: asset,
      event,
      args: { authorizer, nonce },
      fromBlock: start,
      toBlock: end,
    });
    if (logs.length > 0) return logs[0].transactionHash;
    if (start === 0n) return undefined;
    const { timestamp } = await client.getBlock({ blockNumber: start });
    if (Number(timestamp) * 1000 < since.getTime()) return undefined;
    end = start - 1n;
  }
}

/** Seconds between resolution runs in a long-running server. */
const RESOLUTION_INTERVAL_MS = 60_000;

/**
 * One housekeeping pass of the ledger: resolve pending rows against the chain, and forget
 * sign-in nonces that expired unused. Payments that cannot be configured (no chain yet) skip the
 * resolution; the next pass tries again.
 */
export async function tendLedger(
  db: Db,
  config: () => Promise<PaymentConfig>,
): Promise<ResolutionReport & { expiredNonces: number }> {
  const expiredNonces = await deleteExpiredSignInNonces(db);
  let resolved: ResolutionReport = { settled: 0, void: 0, pending: 0 };
  const payments = await config().catch(() => undefined);
  if (payments) resolved = await resolvePendingPayments(db, paymentChainClient(payments), payments.network);
  return { ...resolved, expiredNonces };
}

/**
 * Tends the ledger now and every minute in this process (a long-running server; serverless
 * hosts use the cron route instead). Failures are logged; the next pass tries again.
 */
export function startLedgerTending(db: () => Promise<Db>, config: () => Promise<PaymentConfig>): () => void {
  let running = false;
  const pass = async () => {
    if (running) return;
    running = true;
    try {
      const report = await tendLedger(await db(), config);
      if (report.settled + report.void > 0 || report.pending > 0) {
        console.log(
          `[payments] ledger resolution: ${report.settled} settled, ${report.void} void, ${report.pending} still pending`,
        );
      }
    } catch (error) {
      console.error(`[payments] ledger resolution failed: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      running = false;
    }
  };
  void pass();
  const timer = setInterval(pass, RESOLUTION_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
