/**
 * The payment ledger, written ahead of settlement: one row per EIP-3009 authorization, recorded
 * `pending` before it is settled, then `settled` with its transaction or `void`.
 */
import { and, desc, eq, gt, gte, lte, sql } from "drizzle-orm";
import type { Db } from "../client";
import { payments, signInNonces } from "../schema";

export type Payment = typeof payments.$inferSelect;

/** A verified payment about to be settled: everything but its outcome. */
export type PendingPaymentInsert = Omit<
  typeof payments.$inferInsert,
  "id" | "status" | "txHash" | "failure" | "recordedAt" | "settledAt" | "resolvedAt"
> & { nonce: string; validBefore: Date };

/**
 * Records a payment as pending before it is settled, and returns its row's id. The ledger
 * already holding that authorization is a replay, or an attempt that may still settle: then
 * nothing is written and undefined returned, unless that attempt is still pending and either
 * its settlement failed or it sold the same thing (a retry after its process died), when this
 * one takes its row over: sent once more, the authorization can still settle only once.
 */
export async function recordPendingPayment(db: Db, row: PendingPaymentInsert): Promise<number | undefined> {
  const inserted = await db
    .insert(payments)
    .values({ ...row, status: "pending" })
    .onConflictDoUpdate({
      target: [payments.network, payments.asset, payments.payer, payments.nonce],
      set: {
        paidEndpoint: row.paidEndpoint,
        endpoint: row.endpoint,
        params: row.params,
        delivered: row.delivered,
        failure: null,
        recordedAt: sql`now()`,
      },
      setWhere: sql`${payments.status} = 'pending' and (${payments.failure} is not null or (${payments.paidEndpoint} = ${row.paidEndpoint} and ${payments.params} = ${JSON.stringify(row.params)}::jsonb))`,
    })
    .returning({ id: payments.id });
  return inserted[0]?.id;
}

/** The ledger's row for an EIP-3009 authorization (`nonce` lower-case hex), if any. */
export async function findPaymentByAuthorization(
  db: Db,
  a: { network: string; asset: string; payer: string; nonce: string },
): Promise<Payment | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.network, a.network),
        eq(payments.asset, a.asset),
        eq(payments.payer, a.payer),
        eq(payments.nonce, a.nonce),
      ),
    );
  return row;
}

/** Marks a payment settled by `txHash` (again, harmlessly: its call and a resolution may both see it). */
export async function markPaymentSettled(
  db: Db,
  id: number,
  txHash: string,
  { resolved = false }: { resolved?: boolean } = {},
): Promise<void> {
  await db
    .update(payments)
    .set({
      status: "settled",
      txHash,
      settledAt: sql`coalesce(${payments.settledAt}, now())`,
      ...(resolved ? { resolvedAt: sql`now()` } : {}),
    })
    .where(and(eq(payments.id, id), sql`${payments.status} <> 'settled'`));
}

/** Notes why a pending payment's settlement failed; it stays pending until the chain confirms it was never used. */
export async function notePaymentFailure(db: Db, id: number, failure: string): Promise<void> {
  await db
    .update(payments)
    .set({ failure })
    .where(and(eq(payments.id, id), eq(payments.status, "pending")));
}

/** Voids a pending payment: its authorization can no longer be used, so nothing was or will be charged. */
export async function voidPayment(db: Db, id: number): Promise<void> {
  await db
    .update(payments)
    .set({ status: "void", resolvedAt: sql`now()` })
    .where(and(eq(payments.id, id), eq(payments.status, "pending")));
}

/** The network's pending payments, oldest first: those to resolve against the chain. */
export async function listPendingPayments(db: Db, { network }: { network: string }): Promise<Payment[]> {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.status, "pending"), eq(payments.network, network)))
    .orderBy(payments.recordedAt);
}

export interface PaymentFilter {
  network: string;
  payTo: string;
  asset: string;
  status?: Payment["status"];
  /** Settled in this window (a settled row's settlement time). */
  settledFrom?: Date;
  settledUntil?: Date;
}

/** Payments to `payTo` in `asset` on `network`, optionally of one status and settled within a window. */
export async function listPayments(db: Db, f: PaymentFilter): Promise<Payment[]> {
  return db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.network, f.network),
        eq(payments.payTo, f.payTo),
        eq(payments.asset, f.asset),
        f.status ? eq(payments.status, f.status) : undefined,
        f.settledFrom ? gte(payments.settledAt, f.settledFrom) : undefined,
        f.settledUntil ? lte(payments.settledAt, f.settledUntil) : undefined,
      ),
    )
    .orderBy(payments.recordedAt);
}

/** What a wallet may have again: which paid endpoint, and which receipt number or parameters. */
export type Purchase =
  { paidEndpoint: "get-summary"; rcptNo: string } | { paidEndpoint: "get-by-ticker"; params: Record<string, unknown> };

/**
 * The wallet's newest payment (settled, or pending with an unknown outcome) that bought this:
 * a summary is bought by any payment that delivered it; a by-ticker set by one with the same
 * parameters. Void payments bought nothing.
 */
export async function findPurchase(
  db: Db,
  { network, payer, purchase }: { network: string; payer: string; purchase: Purchase },
): Promise<Payment | undefined> {
  const bought =
    purchase.paidEndpoint === "get-summary"
      ? sql`${payments.delivered} @> ${JSON.stringify([purchase.rcptNo])}::jsonb`
      : and(
          eq(payments.paidEndpoint, purchase.paidEndpoint),
          sql`${payments.params} @> ${JSON.stringify(purchase.params)}::jsonb`,
        );
  const rows = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.network, network),
        sql`lower(${payments.payer}) = ${payer.toLowerCase()}`,
        sql`${payments.status} <> 'void'`,
        bought,
      ),
    )
    // Settled first: a pending row is only worth resolving when nothing settled bought it.
    .orderBy(sql`${payments.status} = 'settled' desc`, desc(payments.recordedAt))
    .limit(1);
  return rows[0];
}

/** A wallet's settled payments, newest first: what it bought. */
export async function listPurchases(
  db: Db,
  { network, payer, limit }: { network: string; payer: string; limit: number },
): Promise<Payment[]> {
  return db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.network, network),
        sql`lower(${payments.payer}) = ${payer.toLowerCase()}`,
        eq(payments.status, "settled"),
      ),
    )
    .orderBy(desc(payments.recordedAt))
    .limit(limit);
}

/** Issues a sign-in nonce valid until `expiresAt`. */
export async function issueSignInNonce(db: Db, nonce: string, expiresAt: Date): Promise<void> {
  await db.insert(signInNonces).values({ nonce, expiresAt });
}

/** Uses a sign-in nonce up: true once for an issued nonce before it expires, false ever after. */
export async function consumeSignInNonce(db: Db, nonce: string, now = new Date()): Promise<boolean> {
  const consumed = await db
    .delete(signInNonces)
    .where(and(eq(signInNonces.nonce, nonce), gt(signInNonces.expiresAt, now)))
    .returning({ nonce: signInNonces.nonce });
  return consumed.length > 0;
}

/** Forgets sign-in nonces that expired unused. Returns how many. */
export async function deleteExpiredSignInNonces(db: Db, now = new Date()): Promise<number> {
  const deleted = await db
    .delete(signInNonces)
    .where(lte(signInNonces.expiresAt, now))
    .returning({ nonce: signInNonces.nonce });
  return deleted.length;
}
