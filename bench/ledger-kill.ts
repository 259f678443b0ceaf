/**
 * The payment ledger under kill -9 (issue 24's measured goal): `--rounds` rounds of `--payers`
 * concurrent payers on the production build (`npm start`, embedded PGlite, the local chain), the
 * server's process group killed with SIGKILL each round, in turn at each point of a payment
 * (PAYMENT_FAULT_POINT: before verification; recorded but not sent; settled but not marked) and
 * mid-flight once 1, 5, 10, 15… payments have settled on chain, then restarted on the same data
 * (dev/support/kill-rounds.ts); payers left without an answer retry with the same signed payment.
 * Goals, summed over the rounds: 0 retries answered without a delivery or a reason saying what
 * to do, 0 settlements without a settled
 * ledger row, 0 charged payers unable to have their summary again by signing in, 0 unpaid
 * payers redelivered, 0 payers charged twice (after those not charged paid again); and 0 never
 * charged, or a round proved nothing about some payers (their payments could not be made at all).
 *
 *   npm run build && npm run bench:ledger-kill [-- --quick] [--rounds 10 --payers 20]
 */
import { describeKillAt, startKillRounds, type KillAt, type RoundReport } from "../dev/support/kill-rounds";
import { benchOptions, runBench, runLabel } from "./kit";

const { quick, sizes } = benchOptions({ rounds: [10, 2], payers: [20, 5] });

/** Round i's kill moment: the three fault points, then settlements counted on chain. */
function killAtRound(i: number, payers: number): KillAt {
  const points = ["verify", "settle", "settled"] as const;
  if (i < points.length) return { point: points[i] };
  const fractions = [0.05, 0.25, 0.5, 0.75, 0.95];
  return { afterSettlements: Math.max(1, Math.round(payers * fractions[(i - points.length) % fractions.length])) };
}

runBench(async () => {
  const rounds = await startKillRounds();
  const reports: RoundReport[] = [];
  try {
    for (let i = 0; i < sizes.rounds; i++) {
      const killAt = killAtRound(i, sizes.payers);
      const report = await rounds.round(killAt, sizes.payers);
      console.log(`round ${i + 1}/${sizes.rounds}, killed ${describeKillAt(killAt)}: ${JSON.stringify(report)}`);
      reports.push(report);
    }
  } finally {
    await rounds.close();
  }
  const sum = (field: keyof RoundReport) => reports.reduce((total, r) => total + Number(r[field]), 0);
  console.log(
    `\nkill -9 rounds: ${sizes.rounds} × ${sizes.payers} concurrent payers, production build, restart on the same data; ${runLabel(quick)}`,
  );
  console.table(
    Object.fromEntries(
      reports.map((r, i) => [
        `${i + 1}: ${r.killAt}`,
        {
          answered: r.answered,
          charged: r.charged,
          retried: r.retried,
          "retry delivered": r.retryDelivered,
          "retry told why": r.retryToldWhy,
          "retry unexplained": r.retryUnexplained,
          "settled, no row": r.settledWithoutRow,
          "charged, no redelivery": r.chargedUnableToRedeliver,
          "unpaid, redelivered": r.redeliveredUnpaid,
          "charged twice": r.chargedTwice,
          "never charged": r.neverCharged,
          seconds: r.seconds,
        },
      ]),
    ),
  );
  console.log(
    `totals: ${sum("payers")} payers, ${sum("charged")} charged before the kill; ${sum("retried")} retried the same payment: ${sum("retryDelivered")} delivered, ${sum("retryToldWhy")} told why and what to do, ${sum("retryUnexplained")} unexplained (goal 0); settled without a ledger row ${sum("settledWithoutRow")} (goal 0), charged unable to redeliver ${sum("chargedUnableToRedeliver")} (goal 0), unpaid redelivered ${sum("redeliveredUnpaid")} (goal 0), charged twice ${sum("chargedTwice")} (goal 0), never charged ${sum("neverCharged")} (goal 0)`,
  );
});
