/**
 * `npm run bench:paid -- [--runs N]`: what a paid call costs in latency, on the local stack.
 *
 * A cached summary is bought RUNS times (default 100) through the real route handler, in this
 * process, with a payment signed beforehand (signing is the client's time, not the server's);
 * each paid call is followed by a call of the free `recent` feed, so both see the same machine.
 * The paid call is split with the resource server's verify and settle hooks into:
 *   before verify  validation, the filing look-up, the challenge and matching the payment
 *   verify         the facilitator's signature, balance and simulation checks
 *   handler        the summary (a cache hit) and its response
 *   settle         transferWithAuthorization sent and its receipt awaited
 *   after settle   the ledger write and the settlement headers
 *
 * Everything is private to the run: a fresh Hardhat chain on a free port, an embedded database
 * in a temporary DATA_DIR (DATABASE_URL is ignored), snapshot data, the offline summariser.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { encodePaymentSignatureHeader, decodePaymentRequiredHeader } from "@x402/core/http";
import { createPaymentClient } from "@/dev/pay";
import { localChainStateFile, startLocalChain, USDC_UNIT, writeLocalChainState } from "@/dev/chain";
import { fmt, percentile } from "./support/stats";

const RCPT_NO = "20260730800123";
const BASE = "http://localhost:3000";

interface Timeline {
  beforeVerify?: number;
  afterVerify?: number;
  beforeSettle?: number;
  afterSettle?: number;
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { runs: { type: "string", default: "100" } } });
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) throw new Error("--runs must be a positive integer");

  const dataDir = await mkdtemp(join(tmpdir(), "bench-paid-"));
  for (const name of ["DATABASE_URL", "DB_DRIVER", "FACILITATOR_URL", "X402_PAY_TO", "X402_ASSET", "X402_NETWORK", "DART_API_KEY", "OPENAI_API_KEY", "PUBLIC_BASE_URL"]) {
    delete process.env[name];
  }
  process.env.DATA_DIR = dataDir;

  const chain = await startLocalChain({ payerCount: 1, payerBalance: 1_000n * USDC_UNIT });
  try {
    await writeLocalChainState(localChainStateFile(dataDir), chain);
    // Loaded only now: the app reads its environment on first use.
    const { GET: summary } = await import("@/app/v1/disclosures/summary/route");
    const { GET: recent } = await import("@/app/v1/disclosures/recent/route");
    const { paymentStack } = await import("@/lib/payments/stack");
    const { getDatabase } = await import("@/lib/database");
    const context = { params: Promise.resolve({}) };

    let timeline: Timeline = {};
    const { server } = await paymentStack();
    server
      .onBeforeVerify(async () => void (timeline.beforeVerify = performance.now()))
      .onAfterVerify(async () => void (timeline.afterVerify = performance.now()))
      .onBeforeSettle(async () => void (timeline.beforeSettle = performance.now()))
      .onAfterSettle(async () => void (timeline.afterSettle = performance.now()));

    const summaryUrl = `${BASE}/v1/disclosures/summary?rcptNo=${RCPT_NO}`;
    const challenge = decodePaymentRequiredHeader((await summary(new Request(summaryUrl), context)).headers.get("PAYMENT-REQUIRED")!);
    const payer = createPaymentClient({ privateKey: chain.payerPrivateKeys[0], network: chain.network, allowedAsset: chain.asset });

    const paidCall = async () => {
      const header = encodePaymentSignatureHeader(await payer.createPaymentPayload(challenge));
      timeline = {};
      const started = performance.now();
      const response = await summary(new Request(summaryUrl, { headers: { "PAYMENT-SIGNATURE": header } }), context);
      await response.text();
      const ended = performance.now();
      if (response.status !== 200) throw new Error(`paid call answered ${response.status}`);
      const t = timeline as Required<Timeline>;
      return {
        total: ended - started,
        beforeVerify: t.beforeVerify - started,
        verify: t.afterVerify - t.beforeVerify,
        handler: t.beforeSettle - t.afterVerify,
        settle: t.afterSettle - t.beforeSettle,
        afterSettle: ended - t.afterSettle,
      };
    };
    const freeCall = async () => {
      const started = performance.now();
      const response = await recent(new Request(`${BASE}/v1/disclosures/recent?limit=20`), context);
      const body = await response.text();
      const elapsed = performance.now() - started;
      if (response.status !== 200) throw new Error(`recent answered ${response.status}`);
      return { elapsed, body };
    };

    // Warm-up: the first paid call generates and caches the summary; JIT and pools settle in.
    for (let i = 0; i < 5; i++) {
      await paidCall();
      const { body } = await freeCall();
      if ((JSON.parse(body) as { filings: unknown[] }).filings.length !== 20) throw new Error("recent did not answer 20 filings");
    }

    const paid: Awaited<ReturnType<typeof paidCall>>[] = [];
    const free: number[] = [];
    for (let i = 0; i < runs; i++) {
      paid.push(await paidCall());
      free.push((await freeCall()).elapsed);
    }

    const row = (label: string, samples: number[]) =>
      `  ${label.padEnd(28)} ${fmt(percentile(samples, 50))} ${fmt(percentile(samples, 99))}`;
    const paidTotal = paid.map((p) => p.total);
    console.log(
      [
        `Paid cached summary vs free recent feed, ${runs} runs each, in-process (${new Date().toISOString()})`,
        `  ${"".padEnd(28)} ${"p50 ms".padStart(8)} ${"p99 ms".padStart(8)}`,
        row("paid summary, total", paidTotal),
        row("  before verify", paid.map((p) => p.beforeVerify)),
        row("  verify", paid.map((p) => p.verify)),
        row("  handler (cache hit)", paid.map((p) => p.handler)),
        row("  settle", paid.map((p) => p.settle)),
        row("  after settle (ledger)", paid.map((p) => p.afterSettle)),
        row("free recent (limit=20)", free),
        `  paid / free at p50: ${(percentile(paidTotal, 50) / percentile(free, 50)).toFixed(1)}x`,
      ].join("\n"),
    );
    await (await getDatabase()).close();
  } finally {
    await chain.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
