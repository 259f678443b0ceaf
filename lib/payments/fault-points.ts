import { env } from "@/lib/env";

/**
 * Test-only fault points of the paid call, for killing a server at a known point of a payment
 * (e2e/http/ledger-kill.test.ts, bench/ledger-kill.ts). Inert unless PAYMENT_FAULT_POINT names
 * one; then every paid call stops there for good, saying so on stdout:
 *
 * - `verify`: before the payment is verified (nothing recorded, nothing sent);
 * - `settle`: after the ledger recorded the payment as pending, before the settlement is sent;
 * - `settled`: after the settlement transaction, before the ledger marks the payment settled.
 */
export type FaultPoint = "verify" | "settle" | "settled";

export const FAULT_POINT_MESSAGE = "[payments] stopped at fault point";

export async function faultPoint(point: FaultPoint): Promise<void> {
  if (env().PAYMENT_FAULT_POINT !== point) return;
  console.log(`${FAULT_POINT_MESSAGE} ${point} (PAYMENT_FAULT_POINT), until the process is killed`);
  await new Promise<never>(() => {});
}
