/**
 * The paid path: what buying a cached summary costs, on the local payment stack (Hardhat chain,
 * TestUSDC, the in-process @x402 facilitator). Payments are signed before the clock starts:
 * signing is the client's time.
 *
 * - `parts` (in this process, the real route handler, no build needed): a cached paid call
 *   split with the resource server's hooks into before verify (validation, filing look-up,
 *   challenge), verify (the facilitator's signature and simulation checks), the handler (cache
 *   hit), settle (transferWithAuthorization and its receipt) and after settle (the ledger
 *   write), next to the free `recent` feed in the same run; the x402 header sizes (many proxies
 *   cap a header at 8 KB); and the same paid call 30 ms behind a storm of simultaneous copies of
 *   another payer's one signature (goal: at most 2× the call alone).
 * - `transports` (production build, `npm start`): the cached paid call over HTTP and over MCP
 *   (`get_filing_summary`), alternating, each settled on the chain (goal: MCP within 1.5× at p99).
 * - `reveal` (the same server, headless Chromium, the injected EIP-6963 wallet connected): click
 *   "Reveal" → summary on screen (since issue 26 the summary with its facts, paid through
 *   /v1/disclosures/facts, as the filing page's hero), and "Sign and pay" → summary on screen
 *   (goal: p50 < 500 ms); the JavaScript that the first click loads on demand.
 *
 *   npm run build && npm run bench:paid [-- --quick] [--sections parts,transports,reveal]
 *     [--runs 100 --rounds 10 --copies 11 --calls 50 --reveals 20]
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { decodePaymentRequiredHeader, encodePaymentSignatureHeader } from "@x402/core/http";
import type { PaymentPayload, PaymentRequired } from "@x402/core/types";
import type { Hex } from "viem";
import { connectPayingMcpClient } from "@/dev/pay";
import { paymentRequiredOf, X402_META } from "@/lib/mcp/x402";
import { createPaymentClient } from "@/dev/pay";
import { localChainStateFile, startLocalChain, USDC_UNIT, writeLocalChainState } from "@/dev/chain";
import { injectWallet } from "../dev/support/injected-wallet";
import { startPayStack, type PayStack } from "../dev/support/pay-stack";
import {
  benchOptions,
  chosenSections,
  latencyRow,
  launchChromium,
  median,
  percentile,
  runBench,
  runLabel,
  scriptsLoaded,
  timed,
} from "./kit";

const SECTIONS = ["parts", "transports", "reveal"] as const;
const { quick, sizes, texts } = benchOptions(
  { runs: [100, 5], rounds: [10, 2], copies: [11, 4], calls: [50, 3], reveals: [20, 2] },
  ["sections"],
);
const sections = chosenSections(SECTIONS, texts.sections);
/** A snapshot filing with a bundled body: its summary is generated offline on the first purchase. */
const RCPT_NO = "20260730800123";
/** How far behind the copies the honest payment is sent. */
const HEAD_START_MS = 30;

interface Timeline {
  beforeVerify?: number;
  afterVerify?: number;
  beforeSettle?: number;
  afterSettle?: number;
}

async function parts(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), "bench-paid-"));
  for (const name of [
    "DATABASE_URL",
    "DB_DRIVER",
    "FACILITATOR_URL",
    "X402_PAY_TO",
    "X402_ASSET",
    "X402_NETWORK",
    "DART_API_KEY",
    "OPENAI_API_KEY",
    "PUBLIC_BASE_URL",
  ]) {
    delete process.env[name];
  }
  process.env.DATA_DIR = dataDir;
  process.env.LOG_LEVEL ??= "warn"; // not a line per paid call
  const chain = await startLocalChain({ payerCount: 2, payerBalance: 1_000n * USDC_UNIT });
  try {
    await writeLocalChainState(localChainStateFile(dataDir), chain);
    // Loaded only now: the app reads its environment on first use.
    const { GET: summary } = await import("@/app/v1/disclosures/summary/route");
    const { GET: byTicker } = await import("@/app/v1/disclosures/by-ticker/route");
    const { GET: recent } = await import("@/app/v1/disclosures/recent/route");
    const { paymentStack } = await import("@/lib/payments/stack");
    const { getDatabase } = await import("@/lib/database");
    const context = { params: Promise.resolve({}) };
    const base = "http://localhost:3000";

    let timeline: Timeline = {};
    const { server } = await paymentStack();
    server
      .onBeforeVerify(async () => void (timeline.beforeVerify = performance.now()))
      .onAfterVerify(async () => void (timeline.afterVerify = performance.now()))
      .onBeforeSettle(async () => void (timeline.beforeSettle = performance.now()))
      .onAfterSettle(async () => void (timeline.afterSettle = performance.now()));

    const summaryUrl = `${base}/v1/disclosures/summary?rcptNo=${RCPT_NO}`;
    const challengeHeader = (await summary(new Request(summaryUrl), context)).headers.get("PAYMENT-REQUIRED")!;
    const challenge = decodePaymentRequiredHeader(challengeHeader);
    const payers = chain.payerPrivateKeys.map((key: Hex) =>
      createPaymentClient({ privateKey: key, network: chain.network, allowedAsset: chain.asset }),
    );
    const [honest, replayer] = payers;
    const sign = async (payer = honest) => encodePaymentSignatureHeader(await payer.createPaymentPayload(challenge));
    const buy = (signature: string) =>
      summary(new Request(summaryUrl, { headers: { "PAYMENT-SIGNATURE": signature } }), context);

    const paidCall = async () => {
      const signature = await sign();
      timeline = {};
      const started = performance.now();
      const response = await buy(signature);
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
    const freeCall = () =>
      timed(async () => {
        const response = await recent(new Request(`${base}/v1/disclosures/recent?limit=20`), context);
        const body = (await response.json()) as { filings: unknown[] };
        if (response.status !== 200 || body.filings.length !== 20)
          throw new Error(`recent answered ${response.status}`);
      });

    // Warm-up: the first paid call generates and caches the summary; JIT and pools settle in.
    for (let i = 0; i < 5; i++) {
      await paidCall();
      await freeCall();
    }
    const paid: Awaited<ReturnType<typeof paidCall>>[] = [];
    const free: number[] = [];
    for (let i = 0; i < sizes.runs; i++) {
      paid.push(await paidCall());
      free.push(await freeCall());
    }

    // The same call behind copies of another payer's one signature, sent at once: one settles,
    // the rest are refused, and none may hold up the honest payment.
    const underStorm: number[] = [];
    const copyStatuses = new Map<number, number>();
    for (let round = 0; round < sizes.rounds; round++) {
      const [copied, mine] = await Promise.all([sign(replayer), sign()]);
      const copies = Array.from({ length: sizes.copies }, () =>
        buy(copied).then(async (r) => (await r.text(), r.status)),
      );
      await new Promise((resolve) => setTimeout(resolve, HEAD_START_MS));
      underStorm.push(
        await timed(async () => {
          const response = await buy(mine);
          await response.text();
          if (response.status !== 200) throw new Error(`the honest payment answered ${response.status}`);
        }),
      );
      for (const status of await Promise.all(copies)) copyStatuses.set(status, (copyStatuses.get(status) ?? 0) + 1);
    }

    const byTickerUrl = `${base}/v1/disclosures/by-ticker?ticker=005930&limit=50`;
    const byTickerChallenge = (await byTicker(new Request(byTickerUrl), context)).headers.get("PAYMENT-REQUIRED")!;
    const byTickerSignature = encodePaymentSignatureHeader(
      await honest.createPaymentPayload(decodePaymentRequiredHeader(byTickerChallenge)),
    );

    const alone = paid.map((p) => p.total);
    console.log(
      `\nA cached paid summary in this process, ${sizes.runs} calls, next to the free feed; ${runLabel(quick)}`,
    );
    console.table({
      "paid summary, total": latencyRow(alone),
      "  before verify": latencyRow(paid.map((p) => p.beforeVerify)),
      "  verify": latencyRow(paid.map((p) => p.verify)),
      "  handler (cache hit)": latencyRow(paid.map((p) => p.handler)),
      "  settle": latencyRow(paid.map((p) => p.settle)),
      "  after settle (ledger)": latencyRow(paid.map((p) => p.afterSettle)),
      "free recent (limit=20)": latencyRow(free),
      [`paid, ${HEAD_START_MS} ms behind ${sizes.copies} copies of one signature`]: latencyRow(underStorm),
    });
    console.log(`paid ÷ free at p50: ${(percentile(alone, 50) / percentile(free, 50)).toFixed(1)}`);
    console.log(
      `behind the copies ÷ alone, medians: ${(median(underStorm) / median(alone)).toFixed(2)} (goal ≤ 2); the copies answered ${[...copyStatuses].map(([status, n]) => `${n}× ${status}`).join(", ")}`,
    );
    console.log("x402 header sizes (bytes; many proxies cap a header at 8 KB):");
    console.table({
      summary: { "PAYMENT-REQUIRED": challengeHeader.length, "PAYMENT-SIGNATURE": (await sign()).length },
      "by-ticker, limit=50": {
        "PAYMENT-REQUIRED": byTickerChallenge.length,
        "PAYMENT-SIGNATURE": byTickerSignature.length,
      },
    });
    await (await getDatabase()).close();
  } finally {
    await chain.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function transports(stack: PayStack): Promise<void> {
  const rcptNo = stack.filings.rcptNo;
  const summaryUrl = `${stack.baseURL}/v1/disclosures/summary?rcptNo=${rcptNo}`;
  const payer = createPaymentClient({
    privateKey: stack.chain.payerPrivateKeys[1],
    network: stack.chain.network,
    allowedAsset: stack.chain.asset,
  });
  const mcp = await connectPayingMcpClient({ url: `${stack.baseURL}/mcp` });
  try {
    const mcpChallenge = paymentRequiredOf((await mcp.callTool("get_filing_summary", { rcptNo })).result)!;
    const httpChallenge: PaymentRequired = decodePaymentRequiredHeader(
      (await fetch(summaryUrl)).headers.get("PAYMENT-REQUIRED")!,
    );
    const viaMcp = async (payment: PaymentPayload) => {
      const result = await mcp.client.callTool({
        name: "get_filing_summary",
        arguments: { rcptNo },
        _meta: { [X402_META.payment]: payment },
      });
      if (
        result.isError ||
        !(result._meta as Record<string, { success?: boolean }>)[X402_META.paymentResponse]?.success
      )
        throw new Error("paid MCP call failed");
    };
    const viaHttp = async (payment: PaymentPayload) => {
      const response = await fetch(summaryUrl, {
        headers: { "PAYMENT-SIGNATURE": encodePaymentSignatureHeader(payment) },
      });
      await response.json();
      if (response.status !== 200 || !response.headers.get("PAYMENT-RESPONSE"))
        throw new Error(`paid HTTP call answered ${response.status}`);
    };
    const warmUp = 3;
    const samples = { mcp: [] as number[], http: [] as number[] };
    for (let i = 0; i < sizes.calls + warmUp; i++) {
      const [forMcp, forHttp] = await Promise.all([
        payer.createPaymentPayload(mcpChallenge),
        payer.createPaymentPayload(httpChallenge),
      ]);
      const mcpMs = await timed(() => viaMcp(forMcp));
      const httpMs = await timed(() => viaHttp(forHttp));
      if (i >= warmUp) {
        samples.mcp.push(mcpMs);
        samples.http.push(httpMs);
      }
    }
    console.log(
      `\nThe cached paid call over HTTP and MCP, production build, settled on the local chain; ${runLabel(quick)}`,
    );
    console.table({
      "MCP get_filing_summary, paid, cached": latencyRow(samples.mcp),
      "HTTP GET /v1/disclosures/summary, paid, cached": latencyRow(samples.http),
    });
    console.log(
      `MCP ÷ HTTP at p99: ${(percentile(samples.mcp, 99) / percentile(samples.http, 99)).toFixed(2)} (goal ≤ 1.5)`,
    );
  } finally {
    await mcp.close().catch(() => {});
  }
}

/** The reader's side: the local storage key under which the explorer keeps revealed summaries. */
const KEPT_SUMMARIES_KEY = "dart-en.kept-summaries.v1";

async function reveal(stack: PayStack): Promise<void> {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage(); // a reader with a wallet installed
    const filingUrl = `${stack.baseURL}/filings/${stack.filings.rcptNo}`;
    await injectWallet(page, {
      privateKey: stack.chain.payerPrivateKeys[0],
      rpcUrl: stack.chain.rpcUrl,
      serviceChainId: stack.chain.chainId,
    });
    await page.goto(filingUrl, { waitUntil: "networkidle" });
    // Connect once (a returning reader's wallet reconnects by itself afterwards) and pay once, warming the route.
    const onDemand = await scriptsLoaded(page, async () => {
      await page.getByRole("button", { name: /Reveal English summary/ }).click();
      await page.getByRole("button", { name: "Test Wallet" }).click();
      await page.getByRole("button", { name: /Sign and pay/ }).click();
      await page.getByTestId("revealed-summary").waitFor();
    });

    const total: number[] = [];
    const afterSign: number[] = [];
    for (let run = 0; run < sizes.reveals; run++) {
      await page.evaluate((key) => localStorage.removeItem(key), KEPT_SUMMARIES_KEY);
      await page.goto(filingUrl); // not networkidle: a connected wallet keeps reading the chain
      await page.getByRole("button", { name: /Reveal English summary/ }).waitFor();
      // Timed in the page, clicking "Sign and pay" in the first frame it is enabled.
      const timing = await page.evaluate(
        () =>
          new Promise<{ total: number; afterSign: number }>((resolve, reject) => {
            const button = (label: string) =>
              [...document.querySelectorAll("button")].find((b) => b.textContent?.startsWith(label));
            const revealButton = button("Reveal English summary");
            if (!revealButton) return reject(new Error("no Reveal button"));
            const start = performance.now();
            let signedAt = 0;
            const tick = () => {
              if (document.querySelector('[data-testid="revealed-summary"]')) {
                return resolve({ total: performance.now() - start, afterSign: performance.now() - signedAt });
              }
              const pay = !signedAt && button("Sign and pay");
              if (pay && !pay.disabled) {
                signedAt = performance.now();
                pay.click();
              }
              if (performance.now() - start > 60_000) return reject(new Error("no summary within 60 s"));
              requestAnimationFrame(tick);
            };
            revealButton.click();
            requestAnimationFrame(tick);
          }),
      );
      total.push(timing.total);
      afterSign.push(timing.afterSign);
    }
    console.log(
      `\nPay to reveal in headless Chromium, injected wallet, cached summary, production build; ${runLabel(quick)}`,
    );
    console.table({
      "click Reveal → summary on screen (goal p50 < 500 ms)": latencyRow(total, 0),
      "click Sign and pay → summary on screen": latencyRow(afterSign, 0),
    });
    console.log(
      `loaded on demand by Reveal (wallets, x402 client): ${onDemand.gzipKb.toFixed(1)} KB gzip in ${onDemand.count} scripts`,
    );
  } finally {
    await browser.close();
  }
}

runBench(async () => {
  if (sections.has("parts")) await parts();
  if (sections.has("transports") || sections.has("reveal")) {
    const stack = await startPayStack({ env: { LOG_LEVEL: "warn" } }); // not a line per paid call
    try {
      if (sections.has("transports")) await transports(stack);
      if (sections.has("reveal")) await reveal(stack);
    } finally {
      await stack.stop();
    }
  }
});
