/** The ledger of settled x402 payments: one row per settlement transaction. */
import { and, eq, gte, lte } from "drizzle-orm";
import type { Db } from "../client";
import { payments } from "../schema";

export type Payment = typeof payments.$inferSelect;
export type PaymentInsert = Omit<typeof payments.$inferInsert, "id">;

/**
 * Records a settlement once: a second write of the same (network, transaction) is ignored.
 * Returns whether this call inserted the row.
 */
export async function recordPayment(db: Db, row: PaymentInsert): Promise<boolean> {
  const inserted = await db.insert(payments).values(row).onConflictDoNothing().returning({ id: payments.id });
  return inserted.length > 0;
}

export interface PaymentFilter {
  network: string;
  payTo: string;
  asset: string;
  settledFrom?: Date;
  settledUntil?: Date;
}

/** Payments received by `payTo` in `asset` on `network`, optionally within a settlement window. */
export async function listPayments(db: Db, f: PaymentFilter): Promise<Payment[]> {
  return db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.network, f.network),
        eq(payments.payTo, f.payTo),
        eq(payments.asset, f.asset),
        f.settledFrom ? gte(payments.settledAt, f.settledFrom) : undefined,
        f.settledUntil ? lte(payments.settledAt, f.settledUntil) : undefined,
      ),
    )
    .orderBy(payments.settledAt);
}
