import type { SettleResponse } from "@x402/core/types";
import type { Db } from "@/db";
import { recordPayment } from "@/db/queries";

/** A settled payment and what it paid for. */
export interface SettledCall {
  settlement: SettleResponse;
  payTo: string;
  asset: string;
  /** Token units: the amount the payer signed for. */
  amount: bigint;
  endpoint: string;
  params: Record<string, unknown>;
  delivered: readonly string[];
}

/**
 * Writes the settlement to the `payments` ledger (once per transaction). The customer has paid
 * by now, so a failed write must not cost them the content: it is logged loudly, with what
 * `npm run payments:reconcile` needs to find it, and the answer goes out regardless.
 */
export async function recordSettlement(db: Db, call: SettledCall): Promise<void> {
  const { settlement } = call;
  try {
    await recordPayment(db, {
      network: settlement.network,
      txHash: settlement.transaction,
      payer: settlement.payer ?? "",
      payTo: call.payTo,
      asset: call.asset,
      amount: call.amount,
      endpoint: call.endpoint,
      params: call.params,
      delivered: call.delivered,
    });
  } catch (error) {
    console.error(
      `[payments] LEDGER WRITE FAILED: settled payment not recorded (network ${settlement.network}, tx ${settlement.transaction}, payer ${settlement.payer}, ${call.amount} units, ${call.endpoint}); run npm run payments:reconcile`,
      error,
    );
  }
}
