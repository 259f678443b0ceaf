/**
 * Redelivery: a wallet that paid for something has it again, free, by signing in with it
 * (./wallet-sign-in.ts), over any transport: the SIGN-IN-WITH-X header on the same paid route,
 * or `_meta["sign-in-with-x"]` on the same paid MCP tool.
 *
 * What counts as bought is the ledger's: a summary delivered by a settled payment of that wallet
 * (alone, or in a by-ticker set), or a by-ticker call with the same ticker and limit, whose set
 * is delivered again as it was bought. A payment the ledger still holds as pending (its process
 * died mid-settlement) is resolved against the chain first: the payer whose tokens moved gets
 * the content. Anything else is refused with a reason, and the caller falls back to a payment.
 *
 * GET /v1/auth/purchases lists a wallet's purchases; with include=content, the same sign-in (its
 * nonce used once) has each filing they bought delivered again as the facts route redelivers it,
 * so a device restores everything with one signature instead of one per purchase.
 */
import type { PublicClient } from "viem";
import type { z } from "zod";
import type { Db } from "@/db";
import { findPurchase, listPurchases, type Payment, type Purchase } from "@/db/queries";
import { ApiError } from "@/lib/api/errors";
import { getDb } from "@/lib/database";
import { serviceOrigin } from "@/lib/env";
import {
  paidEndpoint,
  PURCHASED_CONTENT_MAX,
  SIGN_IN_WITH_X,
  type DisclosureFactsResponse,
  type PaidEndpointId,
  type PurchasedContent,
  type PurchasesQuery,
  type PurchasesResponse,
} from "@/lib/interface";
import { loadPaymentConfig, paymentsUnavailable, publishedPaymentTerms, whenDatabaseUnreachable } from "./config";
import type { PaidContent } from "./content";
import { paymentChainClient, resolvePayment } from "./ledger-resolution";
import type { RedeliverableSpec } from "./paid-call";
import { paidFacts } from "./paid-endpoints";
import { issueSignInChallenge, proveWallet } from "./wallet-sign-in";

export type Redelivery =
  { status: "redelivered"; content: PaidContent<unknown>; payment: Payment } | { status: "refused"; reason: string };

/** The content the wallet signed in with `proof` paid for with this query, or why not. */
export async function redeliverPaidCall<Q extends z.ZodObject, Found>(
  spec: RedeliverableSpec<Q, Found>,
  query: z.output<Q>,
  proof: unknown,
): Promise<Redelivery> {
  const { db, network, chain } = await signInContext();
  const proved = await proveWallet(db, proof, { network, chain }).catch(whenDatabaseUnreachable);
  if ("refused" in proved) return { status: "refused", reason: proved.refused };

  const payment = await settledPurchase(db, chain, { network, payer: proved.wallet, purchase: spec.purchase(query) });
  if (!payment) {
    return { status: "refused", reason: `sign-in-with-x: ${proved.wallet} has no settled payment for this` };
  }
  const content = await spec.redeliver(db, query, payment.delivered).catch(whenDatabaseUnreachable);
  return { status: "redelivered", content, payment };
}

/**
 * The wallet's settled payment for `purchase`, if any. A payment the ledger still holds as
 * pending is resolved against the chain first.
 */
async function settledPurchase(
  db: Db,
  chain: PublicClient,
  where: { network: string; payer: string; purchase: Purchase },
): Promise<Payment | undefined> {
  const lookup = () => findPurchase(db, where).catch(whenDatabaseUnreachable);
  let payment = await lookup();
  if (payment?.status === "pending") {
    const resolution = await resolvePayment(db, chain, payment).catch((error: unknown) => {
      console.error(`[payments] could not resolve ledger row ${payment!.id} for a redelivery:`, error);
      return "pending" as const;
    });
    payment = resolution === "settled" ? await lookup() : undefined;
  }
  return payment?.status === "settled" ? payment : undefined;
}

/**
 * GET /v1/auth/nonce: a sign-in challenge for this service, on the payment network, at the
 * origin the client reached it by (`host`, when it is one of the service's), which the client's
 * wallet checks the message against.
 */
export async function signInChallengeForService(host: string | null) {
  const { network } = await publishedPaymentTerms();
  const db = await getDb().catch(whenDatabaseUnreachable);
  return issueSignInChallenge(db, { network, uri: `${serviceOrigin(host)}/` }).catch(whenDatabaseUnreachable);
}

/**
 * GET /v1/auth/purchases: what the wallet signed in with `proof` bought, newest first; with
 * `include=content`, each filing it bought delivered again too, under the same single sign-in.
 */
export async function purchasesOf(proof: string | null, query: PurchasesQuery): Promise<PurchasesResponse> {
  if (query.rcptNo !== undefined && query.include !== "content") {
    throw ApiError.validation([{ field: "rcptNo", message: "rcptNo narrows include=content: send both" }]);
  }
  if (!proof) throw signInRequired(NO_SIGN_IN);
  const context = await signInContext();
  const { db, network } = context;
  const proved = await signedIn(context, proof);
  const rows = await listPurchases(db, { network, payer: proved.wallet, limit: query.limit }).catch(
    whenDatabaseUnreachable,
  );
  const listed: PurchasesResponse = {
    wallet: proved.wallet,
    purchases: rows.map((row) => ({
      paidEndpoint: row.paidEndpoint as PaidEndpointId,
      path: paidEndpoint(row.paidEndpoint as PaidEndpointId).path,
      params: row.params as Record<string, unknown>,
      delivered: row.delivered,
      amount: row.amount.toString(),
      transaction: row.txHash!,
      settledAt: row.settledAt!.toISOString(),
    })),
  };
  if (query.include !== "content") return listed;

  // The filings asked for, else every filing the listed purchases delivered (newest first).
  const wanted = query.rcptNo
    ? [...new Set(query.rcptNo.split(","))]
    : [...new Set(rows.flatMap((row) => row.delivered))];
  const batch = wanted.slice(0, PURCHASED_CONTENT_MAX);
  const contents: PurchasedContent[] = [];
  for (let i = 0; i < batch.length; i += CONTENT_CONCURRENCY) {
    const slice = batch.slice(i, i + CONTENT_CONCURRENCY);
    contents.push(...(await Promise.all(slice.map((rcptNo) => purchasedContentOf(context, proved.wallet, rcptNo)))));
  }
  return { ...listed, contents, contentsLeft: wanted.slice(PURCHASED_CONTENT_MAX) };
}

/** Filings whose content one purchases call produces at a time (a missing summary is generated, as on the facts route). */
const CONTENT_CONCURRENCY = 4;

/**
 * One filing for the signed-in wallet, as the facts route redelivers it (paidFacts: the same
 * purchase check, the same delivery, nothing charged), or why not. A filing the wallet did not
 * pay for is never delivered; one that cannot be produced now is named with the facts route's error.
 */
async function purchasedContentOf(context: SignInContext, wallet: string, rcptNo: string): Promise<PurchasedContent> {
  const { db, network, chain } = context;
  try {
    const query = { rcptNo };
    const payment = await settledPurchase(db, chain, { network, payer: wallet, purchase: paidFacts.purchase(query) });
    if (!payment) {
      return {
        rcptNo,
        unavailable: { error: "not_purchased", message: `${wallet} has no settled payment for ${rcptNo}` },
      };
    }
    const { body } = await paidFacts.redeliver(db, query, payment.delivered);
    return { rcptNo, content: body as DisclosureFactsResponse };
  } catch (error) {
    if (error instanceof ApiError) return { rcptNo, unavailable: { error: error.code, message: error.message } };
    console.error(`[payments] could not deliver ${rcptNo} again to ${wallet}:`, error);
    return {
      rcptNo,
      unavailable: { error: "internal_error", message: "This filing could not be delivered again now." },
    };
  }
}

type SignInContext = Awaited<ReturnType<typeof signInContext>>;

/**
 * The wallet a sign-in proves (a SIGN-IN-WITH-X header, or an MCP call's `_meta["sign-in-with-x"]`
 * payload, as proveWallet reads either), its nonce used up: what /v1/auth/purchases and the
 * watchlist routes and tools (lib/alerts) accept as identity. No sign-in is a 401; one that is no
 * sign-in at all is the request's fault (400 naming the header); a sign-in that does not hold is a 401.
 */
export async function signedInWallet(proof: unknown): Promise<{ wallet: string; db: Db }> {
  if (!proof) throw signInRequired(NO_SIGN_IN);
  const context = await signInContext();
  const { wallet } = await signedIn(context, proof);
  return { wallet, db: context.db };
}

async function signedIn(context: SignInContext, proof: unknown): Promise<{ wallet: string }> {
  if (!proof) throw signInRequired(NO_SIGN_IN);
  const { db, network, chain } = context;
  const proved = await proveWallet(db, proof, { network, chain }).catch(whenDatabaseUnreachable);
  if ("refused" in proved) {
    if (proved.code === "invalid_siwx_payload") {
      throw ApiError.validation([{ field: SIGN_IN_WITH_X.proof, message: proved.refused }]);
    }
    throw signInRequired(`${proved.refused}.`);
  }
  return proved;
}

async function signInContext(): Promise<{ db: Db; network: string; chain: PublicClient }> {
  const db = await getDb().catch(whenDatabaseUnreachable);
  const config = await loadPaymentConfig().catch((error: unknown) => {
    throw paymentsUnavailable(error);
  });
  return { db, network: config.network, chain: paymentChainClient(config) };
}

const NO_SIGN_IN = "Send a wallet sign-in in the SIGN-IN-WITH-X header.";

function signInRequired(message: string): ApiError {
  return new ApiError("unauthorized", message);
}
