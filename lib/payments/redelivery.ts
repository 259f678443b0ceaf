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
 */
import type { z } from "zod";
import type { Db } from "@/db";
import { findPurchase, listPurchases, type Payment } from "@/db/queries";
import { ApiError } from "@/lib/api/errors";
import { getDb } from "@/lib/database";
import { publicBaseUrl } from "@/lib/env";
import { paidEndpoint, type PaidEndpointId, type PurchasesResponse } from "@/lib/interface";
import { loadPaymentConfig, paymentsUnavailable, publishedPaymentTerms, whenDatabaseUnreachable } from "./config";
import type { PaidContent } from "./content";
import { paymentChainClient, resolvePayment } from "./ledger-resolution";
import type { PaidCallSpec } from "./paid-call";
import { issueSignInChallenge, proveWallet } from "./wallet-sign-in";

export type Redelivery =
  { status: "redelivered"; content: PaidContent<unknown>; payment: Payment } | { status: "refused"; reason: string };

/** The content the wallet signed in with `proof` paid for with this query, or why not. */
export async function redeliverPaidCall<Q extends z.ZodObject, Found>(
  spec: PaidCallSpec<Q, Found>,
  query: z.output<Q>,
  proof: unknown,
): Promise<Redelivery> {
  const { db, network, chain } = await signInContext();
  const proved = await proveWallet(db, proof, { network, chain }).catch(whenDatabaseUnreachable);
  if ("refused" in proved) return { status: "refused", reason: proved.refused };

  const lookup = () =>
    findPurchase(db, { network, payer: proved.wallet, purchase: spec.purchase(query) }).catch(whenDatabaseUnreachable);
  let payment = await lookup();
  if (payment?.status === "pending") {
    const resolution = await resolvePayment(db, chain, payment).catch((error: unknown) => {
      console.error(`[payments] could not resolve ledger row ${payment!.id} for a redelivery:`, error);
      return "pending" as const;
    });
    payment = resolution === "settled" ? await lookup() : undefined;
  }
  if (payment?.status !== "settled") {
    return { status: "refused", reason: `sign-in-with-x: ${proved.wallet} has no settled payment for this` };
  }
  const content = await spec.redeliver(db, query, payment.delivered).catch(whenDatabaseUnreachable);
  return { status: "redelivered", content, payment };
}

/** GET /v1/auth/nonce: a sign-in challenge for this service, on the payment network. */
export async function signInChallengeForService() {
  const { network } = await publishedPaymentTerms();
  const db = await getDb().catch(whenDatabaseUnreachable);
  return issueSignInChallenge(db, { network, uri: `${publicBaseUrl()}/` }).catch(whenDatabaseUnreachable);
}

/** GET /v1/auth/purchases: what the wallet signed in with `proof` bought, newest first. */
export async function purchasesOf(proof: string | null, limit: number): Promise<PurchasesResponse> {
  if (!proof) throw signInRequired("Send a wallet sign-in in the SIGN-IN-WITH-X header.");
  const { db, network, chain } = await signInContext();
  const proved = await proveWallet(db, proof, { network, chain }).catch(whenDatabaseUnreachable);
  if ("refused" in proved) throw signInRequired(`${proved.refused}.`);
  const rows = await listPurchases(db, { network, payer: proved.wallet, limit }).catch(whenDatabaseUnreachable);
  return {
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
}

async function signInContext(): Promise<{ db: Db; network: string; chain: ReturnType<typeof paymentChainClient> }> {
  const db = await getDb().catch(whenDatabaseUnreachable);
  const config = await loadPaymentConfig().catch((error: unknown) => {
    throw paymentsUnavailable(error);
  });
  return { db, network: config.network, chain: paymentChainClient(config) };
}

function signInRequired(message: string): ApiError {
  return new ApiError("unauthorized", message);
}
