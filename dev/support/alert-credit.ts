/**
 * Alert credit for delivery tests and benchmarks: a settled alert-pack row in the payment ledger, as a real
 * purchase leaves it (its payer, the pack's params, a transaction). Buying one for real, over
 * the local chain, is tests/payments/alert-pack.test.ts.
 */
import { randomBytes } from "node:crypto";
import type { Db } from "@/db";
import { ALERT_PACK_ENDPOINT } from "@/db/queries";
import { payments } from "@/db/schema";

const hex = (bytes: number) => `0x${randomBytes(bytes).toString("hex")}`;

/** `alerts` of credit for `wallet`, as one settled pack payment of that size. */
export async function grantAlertCredit(db: Db, wallet: string, alerts: number): Promise<void> {
  const now = new Date();
  await db.insert(payments).values({
    status: "settled",
    network: "eip155:31337",
    txHash: hex(32),
    payer: wallet,
    payTo: hex(20),
    asset: hex(20),
    amount: 100_000n,
    paidEndpoint: ALERT_PACK_ENDPOINT,
    endpoint: "/v1/alerts/credit",
    params: { alerts: String(alerts) },
    delivered: [],
    nonce: hex(32),
    validBefore: new Date(now.getTime() + 300_000),
    recordedAt: now,
    settledAt: now,
  });
}
