/**
 * The payment ledger, written ahead of settlement, on the resource server itself so that every
 * transport's settlements pass through it (HTTP through withX402, MCP through payForCall):
 *
 * - before a payment is settled, it is recorded `pending` with the payer, what is sold, the
 *   amount and terms, and its EIP-3009 authorization (nonce, validBefore); if that write fails
 *   the settlement is not attempted, and the call answers 503 with nothing charged;
 * - once settled, the row is marked `settled` with its transaction;
 * - a failed settlement is noted on the row, which stays pending until the chain confirms the
 *   authorization can no longer be used (./ledger-resolution.ts voids it then, or settles it if
 *   it was used after all), or the same authorization is sent again and takes the row over;
 * - an authorization the ledger holds otherwise (settled, or pending in a call that may still
 *   settle it or died) is refused before settlement, as a used nonce.
 *
 * So whatever point a process dies at, a transaction that moved the payer's tokens has a row:
 * the row was committed before the transaction was sent.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { x402ResourceServer } from "@x402/core/server";
import type { PaymentPayload } from "@x402/core/types";
import { getAddress } from "viem";
import type { Db } from "@/db";
import { markPaymentSettled, notePaymentFailure, recordPendingPayment } from "@/db/queries";
import type { PaidEndpointId } from "@/lib/interface";
import { paymentsUnavailable, settlementUnconfirmed, unreachableDatabaseAsApiError } from "./config";
import { authorizationOf, NONCE_ALREADY_USED, SettlementUnconfirmedError } from "./facilitator";
import { faultPoint } from "./fault-points";

/** What a paid call sells, and through which channel. */
export interface Sale {
  paidEndpoint: PaidEndpointId;
  /** The HTTP path, or the MCP tool's resource URL. */
  endpoint: string;
  params: Record<string, unknown>;
}

/** One paid call on its way from verification to settlement: the ledger hooks find it here. */
export interface PaymentAttempt {
  db: Db;
  sale: Sale;
  /** The receipt numbers the delivery handed over; set once the content exists (nothing is settled before). */
  delivered?: readonly string[];
  /** Its ledger row, once recorded. */
  ledgerId?: number;
  /**
   * What the call answers instead of the library's settlement outcome: the ledger could not take
   * the payment (nothing settled), or its settlement was sent but not confirmed.
   */
  refusal?: unknown;
}

const attempts = new AsyncLocalStorage<PaymentAttempt>();

/** Runs `task` (which verifies, delivers and settles) as `attempt`. */
export function inPaymentAttempt<T>(attempt: PaymentAttempt, task: () => Promise<T>): Promise<T> {
  return attempts.run(attempt, task);
}

/** The paid call the resource server is working for, if any. */
export function currentPaymentAttempt(): PaymentAttempt | undefined {
  return attempts.getStore();
}

/** The reason a settlement outside any paid call is refused: nothing is settled that the ledger cannot record. */
export const UNRECORDED_SETTLEMENT = "unrecorded_settlement";

/** Registers the ledger's hooks on the process's resource server (with the test-only fault points around them). */
export function writeLedgerAhead(server: x402ResourceServer): x402ResourceServer {
  return server
    .onBeforeVerify(() => faultPoint("verify"))
    .onBeforeSettle(async ({ paymentPayload, requirements }) => {
      const attempt = attempts.getStore();
      const authorization = authorizationOf(paymentPayload as PaymentPayload);
      if (!attempt?.delivered || !authorization) {
        return {
          abort: true,
          reason: UNRECORDED_SETTLEMENT,
          message: "No ledger entry can be written for this payment",
        };
      }
      try {
        const id = await recordPendingPayment(attempt.db, {
          ...attempt.sale,
          network: requirements.network,
          payer: getAddress(authorization.from),
          payTo: getAddress(requirements.payTo),
          asset: getAddress(requirements.asset),
          amount: BigInt(requirements.amount),
          delivered: [...attempt.delivered],
          nonce: authorization.nonce.toLowerCase(),
          validBefore: new Date(Number(authorization.validBefore) * 1000),
        });
        // The authorization is in the ledger already: a replay, or an attempt that may yet settle.
        if (id === undefined) return { abort: true, reason: NONCE_ALREADY_USED };
        attempt.ledgerId = id;
      } catch (error) {
        attempt.refusal = ledgerUnavailable(error);
        return { abort: true, reason: "ledger_unavailable" };
      }
      await faultPoint("settle");
    })
    .onAfterSettle(async ({ result }) => {
      const attempt = attempts.getStore();
      if (attempt?.ledgerId === undefined) return;
      await faultPoint("settled");
      await markPaymentSettled(attempt.db, attempt.ledgerId, result.transaction).catch((error: unknown) =>
        console.error(
          `[payments] ledger row ${attempt.ledgerId} stays pending though settled in ${result.transaction}; resolution against the chain will settle it:`,
          error,
        ),
      );
    })
    .onSettleFailure(async ({ error }) => {
      const attempt = attempts.getStore();
      if (attempt?.ledgerId === undefined) return;
      // Sent, perhaps: the payer is told it may be charged, and how to have the content then.
      if (error instanceof SettlementUnconfirmedError) attempt.refusal = settlementUnconfirmed(error);
      const reason = (error as { errorReason?: string }).errorReason ?? error.message.split("\n")[0];
      await notePaymentFailure(attempt.db, attempt.ledgerId, reason).catch((failure: unknown) =>
        console.error(`[payments] could not note the failed settlement of ledger row ${attempt.ledgerId}:`, failure),
      );
    });
}

/** 503 for a ledger that cannot be written: nothing is settled, so nothing is charged. */
function ledgerUnavailable(error: unknown) {
  const unreachable = unreachableDatabaseAsApiError(error);
  return unreachable === error
    ? paymentsUnavailable(`the payment ledger cannot be written: ${String(error)}`)
    : unreachable;
}
