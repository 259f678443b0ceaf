/**
 * `npm run bench:facilitator -- [--rounds N] [--replays N]`: does a replay storm slow down
 * someone else's payment on the local facilitator?
 *
 * On a fresh Hardhat chain, with the in-process facilitator as `npm start` configures it, a
 * payment is verified and settled (what a paid route does) ROUNDS times alone (default 10),
 * then ROUNDS times 30 ms after REPLAYS + 1 simultaneous copies of another payer's one
 * signature (default 10 replays) were sent the same way. Prints the honest payment's median and
 * p90 latency in both cases, their ratio (target: at most 2), and how the copies fared.
 * Signing is done beforehand: it is the client's time.
 */
import { parseArgs } from "node:util";
import type { PaymentPayload } from "@x402/core/types";
import type { Hex } from "viem";
import { createPaymentClient } from "@/dev/pay";
import { createLocalFacilitator } from "@/lib/payments/facilitator";
import { startLocalChain, USDC_UNIT } from "@/dev/chain";
import { exactRequirements } from "../tests/payments/support";

/** The payment stack polls the local node for receipts this often (lib/payments/stack.ts). */
const RECEIPT_POLL_MS = 100;
const HEAD_START_MS = 30;

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { rounds: { type: "string", default: "10" }, replays: { type: "string", default: "10" } } });
  const rounds = positive("--rounds", values.rounds);
  const replays = positive("--replays", values.replays);

  const chain = await startLocalChain({ payerCount: 2, payerBalance: 1_000n * USDC_UNIT });
  try {
    const facilitator = createLocalFacilitator({
      rpcUrl: chain.rpcUrl,
      privateKey: chain.facilitatorPrivateKey,
      network: chain.network,
      pollingIntervalMs: RECEIPT_POLL_MS,
    });
    const requirements = exactRequirements(chain);
    const sign = (key: Hex) =>
      createPaymentClient({ privateKey: key, network: chain.network, allowedAsset: chain.asset }).createPaymentPayload({
        x402Version: 2,
        resource: { url: "http://localhost:3000/v1/disclosures/summary?rcptNo=20260716900971" },
        accepts: [requirements],
      });
    const pay = async (payment: PaymentPayload) => {
      const verified = await facilitator.verify(payment, requirements);
      if (!verified.isValid) return { ok: false, reason: verified.invalidReason };
      const settled = await facilitator.settle(payment, requirements);
      return { ok: settled.success, reason: settled.errorReason };
    };
    const timed = async (payment: PaymentPayload) => {
      const started = performance.now();
      const result = await pay(payment);
      if (!result.ok) throw new Error(`the honest payment failed: ${result.reason}`);
      return performance.now() - started;
    };
    const [replayerKey, honestKey] = chain.payerPrivateKeys;

    await timed(await sign(honestKey)); // warm-up: connections, the first receipt poll

    const alone: number[] = [];
    for (let i = 0; i < rounds; i++) alone.push(await timed(await sign(honestKey)));

    const underReplays: number[] = [];
    const copyOutcomes = new Map<string, number>();
    let copiesMs = 0;
    for (let i = 0; i < rounds; i++) {
      const [replayed, honest] = await Promise.all([sign(replayerKey), sign(honestKey)]);
      const copiesStarted = performance.now();
      const copies = Array.from({ length: replays + 1 }, () => pay(replayed));
      await new Promise((resolve) => setTimeout(resolve, HEAD_START_MS));
      underReplays.push(await timed(honest));
      for (const outcome of await Promise.all(copies)) {
        const key = outcome.ok ? "settled" : `refused: ${outcome.reason}`;
        copyOutcomes.set(key, (copyOutcomes.get(key) ?? 0) + 1);
      }
      copiesMs += performance.now() - copiesStarted;
    }

    const ratio = median(underReplays) / median(alone);
    console.log(
      [
        `Local facilitator, verify + settle, ${rounds} rounds, receipts polled every ${RECEIPT_POLL_MS} ms`,
        `  honest payment alone                       median ${ms(median(alone))}, p90 ${ms(p90(alone))}`,
        `  30 ms behind ${replays + 1} copies of one signature  median ${ms(median(underReplays))}, p90 ${ms(p90(underReplays))}`,
        `  ratio of medians                           ${ratio.toFixed(2)} (target ≤ 2)`,
        `  the copies, all rounds: ${[...copyOutcomes].map(([k, n]) => `${n} ${k}`).join(", ")}; a round's copies all answered within ${ms(copiesMs / rounds)} on average`,
      ].join("\n"),
    );
  } finally {
    await chain.stop();
  }
}

function positive(flag: string, value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${flag} must be a positive integer`);
  return n;
}

function median(values: number[]): number {
  return quantile(values, 0.5);
}

function p90(values: number[]): number {
  return quantile(values, 0.9);
}

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

function ms(value: number): string {
  return `${value.toFixed(0)} ms`;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
