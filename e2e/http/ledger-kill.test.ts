/**
 * The payment ledger under kill -9, on the production build (`npm start`, embedded PGlite, the
 * local chain): 20 payers pay at once, the server's process group is killed at each point of a
 * payment — before verification, after the ledger recorded it but before it was sent, after it
 * settled but before the ledger marked it (PAYMENT_FAULT_POINT), and mid-flight once 5 have
 * settled on chain —
 * and the server starts again on the same data. Every payer whose tokens moved then has a
 * settled ledger row and gets the summary again by signing in with the wallet; nobody else gets
 * it; nobody is charged twice, including those who pay again after the crash; and a payer left
 * without an answer that sends the same payment again has it delivered, or is told why and what to do.
 * (dev/support/kill-rounds.ts runs the rounds; bench/ledger-kill.ts runs ten of them.)
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startKillRounds, type KillAt, type KillRounds } from "../../dev/support/kill-rounds";

const PAYERS = 20;

let rounds: KillRounds;
beforeAll(async () => {
  rounds = await startKillRounds();
});
afterAll(async () => rounds?.close());

describe("kill -9 of the server during 20 concurrent payments", () => {
  it.each<[string, KillAt, "none" | "all" | "some"]>([
    ["before verification: nobody is charged", { point: "verify" }, "none"],
    ["after the ledger recorded the payments, before they were sent: nobody is charged", { point: "settle" }, "none"],
    ["after the payments settled, before the ledger marked them: everybody is charged", { point: "settled" }, "all"],
    ["once 5 payments settled on chain, wherever the others are", { afterSettlements: 5 }, "some"],
  ])(
    "%s, and after a restart the ledger and the payers' redeliveries agree with the chain",
    async (_, killAt, charged) => {
      const report = await rounds.round(killAt, PAYERS);
      expect(report).toMatchObject({
        settledWithoutRow: 0,
        chargedUnableToRedeliver: 0,
        redeliveredUnpaid: 0,
        chargedTwice: 0,
        retryUnexplained: 0,
      });
      if (charged === "none") expect(report.charged).toBe(0);
      if (charged === "all") expect(report.charged).toBe(PAYERS);
      if (charged === "some") expect(report.charged).toBeGreaterThanOrEqual(5);
      if ("point" in killAt) expect(report.answered).toBe(0);
      console.log(`[ledger-kill] ${JSON.stringify(report)}`);
    },
    180_000,
  );
});
