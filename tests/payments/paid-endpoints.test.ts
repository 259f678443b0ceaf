/**
 * The paid endpoints with real parts only: the route handlers in-process, @x402/next and the
 * @x402 facilitator settling on a Hardhat chain, an agent paying with @x402/fetch and a viem
 * account, and the app's own database (PGlite, or PostgreSQL with DATABASE_URL).
 */
import { decodePaymentResponseHeader, encodePaymentSignatureHeader } from "@x402/core/http";
import { validateDiscoveryExtension, type DiscoveryExtension } from "@x402/extensions/bazaar";
import { sql } from "drizzle-orm";
import pino, { type Logger } from "pino";
import { describe, expect, it, vi } from "vitest";
import { GET as byTicker } from "@/app/v1/disclosures/by-ticker/route";
import { GET as summary } from "@/app/v1/disclosures/summary/route";
import { getDb } from "@/lib/database";
import { latestSellableFilingsForTicker } from "@/db/queries";
import { payments } from "@/db/schema";
import { byTickerResponse, disclosureSummaryDto } from "@/lib/interface/schemas";
import { snapshotClock } from "@/lib/clock";
import { resetEnv } from "@/lib/env";
import { loadPaymentConfig, reconcilePayments } from "@/lib/payments";
import { OFFLINE_GENERATOR_ID } from "@/lib/summaries";
import { startFakeDartServer, type FakeDartServer } from "../../dev/support/fake-dart-server";
import { answer, startFakeOpenAiServer } from "../support/fake-openai-server";
import {
  addressOf,
  appFetch,
  challengeFrom,
  ledgerRow,
  measureBalances,
  payingAgent,
  signPayment,
  setUpPaymentTestStack,
} from "../support/payments";

const BASE = "http://localhost:3000"; // publicBaseUrl() without PUBLIC_BASE_URL
const RCPT_NO = "20260730800123"; // the catalogue's example filing: a real body bundled in the seed
const TICKER = "005930"; // 12 filings in the bundled snapshot week, 2 of them (up to its "now") with a bundled body
/** A filing of the snapshot week: its body is not bundled, so no grounded summary can be sold. */
const TITLE_ONLY_RCPT_NO = "20260716900971";
const app = appFetch({ "/v1/disclosures/summary": summary, "/v1/disclosures/by-ticker": byTicker });
const summaryUrl = (rcptNo = RCPT_NO) => `${BASE}/v1/disclosures/summary?rcptNo=${rcptNo}`;
const byTickerUrl = (query: string) => `${BASE}/v1/disclosures/by-ticker?${query}`;

const stack = setUpPaymentTestStack();

const payer = (index: number) => stack.chain.payerPrivateKeys[index];

/** Runs `run` and returns its result with how much the payer's and payTo's balances changed. */
const measure = <T>(payerKey: `0x${string}`, run: () => Promise<T>) => measureBalances(stack, payerKey, run);

/** A 402 whose JSON body is exactly its decoded PAYMENT-REQUIRED header. */
async function expectChallenge(response: Response) {
  expect(response.status).toBe(402);
  expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
  expect(response.headers.get("access-control-allow-origin")).toBe("*");
  expect(response.headers.get("cache-control")).toBe("no-store");
  const challenge = challengeFrom(response);
  expect(await response.json()).toEqual(challenge);
  return challenge;
}

/** Sends `header` as the payment for `url` and expects a refusal with a reason, moving nothing. */
async function expectRefused(url: string, header: string, payerKey = payer(1)) {
  const { result, paid, received } = await measure(payerKey, () =>
    app(url, { headers: { "PAYMENT-SIGNATURE": header } }),
  );
  const challenge = await expectChallenge(result);
  expect(challenge.error).toBeTruthy();
  expect(challenge.error).not.toBe("Payment required");
  expect([paid, received]).toEqual([0n, 0n]);
  return challenge.error!;
}

describe("the challenge", () => {
  it("asks for 0.005 USDC in the spec's terms, in the header and identically in the body", async () => {
    const challenge = await expectChallenge(await app(summaryUrl()));
    expect(challenge).toMatchObject({
      x402Version: 2,
      error: "Payment required",
      resource: { url: summaryUrl(), mimeType: "application/json" },
    });
    expect(challenge.accepts).toEqual([
      {
        scheme: "exact",
        network: "eip155:8453",
        asset: stack.chain.asset,
        amount: "5000",
        payTo: stack.chain.payTo,
        maxTimeoutSeconds: 300,
        extra: { name: "USD Coin", version: "2" },
      },
    ]);
    const bazaar = challenge.extensions?.bazaar as DiscoveryExtension;
    expect(validateDiscoveryExtension(bazaar)).toEqual({ valid: true });
    expect(bazaar.info.input).toMatchObject({ type: "http", method: "GET", queryParams: { rcptNo: RCPT_NO } });
    expect(disclosureSummaryDto.parse((bazaar.info as { output: { example: unknown } }).output.example)).toBeTruthy();
  });

  it("scales by-ticker's amount by the clamped limit", async () => {
    const amountFor = async (query: string) => (await expectChallenge(await app(byTickerUrl(query)))).accepts[0].amount;
    expect(await amountFor(`ticker=${TICKER}`)).toBe("25000");
    expect(await amountFor(`ticker=${TICKER}&limit=3`)).toBe("15000");
    expect(await amountFor(`ticker=${TICKER}&limit=999`)).toBe("250000");
    expect(await amountFor(`ticker=${TICKER}&limit=0`)).toBe("5000");
    expect(await amountFor(`ticker=${TICKER}&limit=abc`)).toBe("25000");
  });

  it("stays JSON for a browser", async () => {
    const response = await app(summaryUrl(), {
      headers: { Accept: "text/html,application/xhtml+xml", "User-Agent": "Mozilla/5.0 (X11; Linux x86_64)" },
    });
    await expectChallenge(response);
  });

  it("is never issued for invalid input or what does not exist", async () => {
    for (const [url, status, error] of [
      [`${BASE}/v1/disclosures/summary?rcptNo=2026071690097`, 400, "validation_failed"],
      [`${BASE}/v1/disclosures/summary`, 400, "validation_failed"],
      [byTickerUrl("ticker=00593!"), 400, "validation_failed"],
      [summaryUrl("20991231000001"), 404, "not_found"],
      [byTickerUrl("ticker=999999"), 404, "not_found"],
      [summaryUrl(TITLE_ONLY_RCPT_NO), 422, "summary_not_available"],
      [byTickerUrl("ticker=215480&limit=2"), 422, "summary_not_available"],
    ] as const) {
      const response = await app(url);
      expect(response.status, url).toBe(status);
      expect(response.headers.get("PAYMENT-REQUIRED")).toBeNull();
      expect(response.headers.get("access-control-allow-origin")).toBe("*");
      expect((await response.json()).error).toBe(error);
    }
  });
});

describe("a paid summary", () => {
  it("is delivered for exactly 0.005 USDC, with the settlement in both headers and the ledger", async () => {
    const key = payer(0);
    const {
      result: response,
      paid,
      received,
    } = await measure(key, () => payingAgent(app, stack.chain, key)(summaryUrl()));
    expect(response.status).toBe(200);
    expect([paid, received]).toEqual([5000n, 5000n]);
    expect(response.headers.get("cache-control")).toBe("no-store, private");
    expect(response.headers.get("access-control-expose-headers")).toContain("X-PAYMENT-RESPONSE");

    const body = disclosureSummaryDto.parse(await response.json()); // strict: exactly the spec's fields
    expect(body.rcptNo).toBe(RCPT_NO);

    const settlement = decodePaymentResponseHeader(response.headers.get("PAYMENT-RESPONSE")!);
    expect(response.headers.get("X-PAYMENT-RESPONSE")).toBe(response.headers.get("PAYMENT-RESPONSE"));
    expect(settlement).toMatchObject({ success: true, network: "eip155:8453", payer: addressOf(key) });
    expect(settlement.transaction).toMatch(/^0x[0-9a-f]{64}$/);

    expect(await ledgerRow(settlement.transaction)).toMatchObject({
      network: "eip155:8453",
      payer: addressOf(key),
      payTo: stack.chain.payTo,
      asset: stack.chain.asset,
      amount: 5000n,
      endpoint: "/v1/disclosures/summary",
      params: { rcptNo: RCPT_NO },
      delivered: [RCPT_NO],
    });
  });

  it("logs one line per paid call with its request id and verify, deliver and settle timings", async () => {
    const lines: Record<string, unknown>[] = [];
    const state = globalThis as { __log?: Logger };
    const previous = state.__log;
    state.__log = pino({ base: undefined }, { write: (line: string) => lines.push(JSON.parse(line)) });
    try {
      await app(summaryUrl(), { headers: { "X-Request-Id": "unpaid-1" } });
      const paidResponse = await payingAgent(
        app,
        stack.chain,
        payer(2),
      )(summaryUrl(), { headers: { "X-Request-Id": "paid-1" } });
      expect(paidResponse.status).toBe(200);
    } finally {
      state.__log = previous;
    }
    const paidCalls = lines.filter((line) => line.msg === "paid call");
    const unpaid = paidCalls.find((line) => line.requestId === "unpaid-1");
    expect(unpaid).toMatchObject({
      endpoint: "/v1/disclosures/summary",
      channel: "http",
      status: 402,
      outcome: "refused",
    });
    expect(unpaid).not.toHaveProperty("settle");
    const paid = paidCalls.filter((line) => line.requestId === "paid-1");
    // @x402/fetch sends the request twice: unpaid (402), then with the signed payment (200).
    expect(paid.map((line) => line.outcome)).toEqual(["refused", "delivered"]);
    const delivered = paid[1] as Record<string, number>;
    for (const phase of ["verify", "deliver", "settle"]) expect(delivered[phase]).toBeGreaterThan(0);
    expect(delivered.totalMs).toBeGreaterThanOrEqual(delivered.verify + delivered.deliver + delivered.settle);
  });

  it("accepts the payment under the legacy X-PAYMENT header", async () => {
    const key = payer(1);
    const challenge = challengeFrom(await app(summaryUrl()));
    const { header } = await signPayment(stack.chain, key, challenge);
    const { result: response, paid } = await measure(key, () =>
      app(summaryUrl(), { headers: { "X-PAYMENT": header } }),
    );
    expect(response.status).toBe(200);
    expect(paid).toBe(5000n);
    const settlement = decodePaymentResponseHeader(response.headers.get("X-PAYMENT-RESPONSE")!);
    expect(settlement.success).toBe(true);
    expect(await ledgerRow(settlement.transaction)).toBeDefined();
  });

  it("does not charge for invalid input or an unknown filing, even with a valid payment attached", async () => {
    const key = payer(1);
    const { header } = await signPayment(stack.chain, key, challengeFrom(await app(summaryUrl())));
    for (const [url, status] of [
      [`${BASE}/v1/disclosures/summary?rcptNo=abc`, 400],
      [summaryUrl("20991231000001"), 404],
    ] as const) {
      const { result, paid, received } = await measure(key, () =>
        app(url, { headers: { "PAYMENT-SIGNATURE": header } }),
      );
      expect(result.status).toBe(status);
      expect([paid, received]).toEqual([0n, 0n]);
    }
  });

  it("does not sell a filing whose body is not in the snapshot: 422 before any challenge, whatever is attached", async () => {
    const key = payer(1);
    const { header } = await signPayment(stack.chain, key, challengeFrom(await app(summaryUrl())));
    const { result, paid, received } = await measure(key, () =>
      app(summaryUrl(TITLE_ONLY_RCPT_NO), { headers: { "PAYMENT-SIGNATURE": header } }),
    );
    expect(result.status).toBe(422);
    expect(result.headers.get("PAYMENT-REQUIRED")).toBeNull();
    expect(await result.json()).toMatchObject({
      error: "summary_not_available",
      reason: "not_in_snapshot",
      message: expect.stringMatching(/DART API key/),
    });
    expect([paid, received]).toEqual([0n, 0n]);
  });

  it("answers 503 with Retry-After before any challenge when DART cannot be reached, and 503 unsettled when generation fails", async () => {
    // Live mode: a filing whose body was never fetched. The preflight asks DART for it before
    // any challenge; DART failing means 503, nothing stored, nothing charged.
    const dart: FakeDartServer = await startFakeDartServer();
    process.env.DART_API_KEY = dart.apiKey;
    process.env.DART_API_BASE_URL = dart.baseUrl;
    resetEnv();
    try {
      dart.inject({ endpoint: "document.xml", kind: "status", status: "800", times: 100 });
      const key = payer(1);
      const url = summaryUrl("20260716900946");
      const { header } = await signPayment(stack.chain, key, challengeFrom(await app(summaryUrl())));
      const { result, paid, received } = await measure(key, () =>
        app(url, { headers: { "PAYMENT-SIGNATURE": header } }),
      );
      expect(result.status).toBe(503);
      expect(result.headers.get("retry-after")).toBe("60");
      expect(result.headers.get("PAYMENT-REQUIRED")).toBeNull();
      expect(result.headers.get("PAYMENT-RESPONSE")).toBeNull();
      expect(await result.json()).toMatchObject({ error: "summary_unavailable", retryAfter: 60 });
      expect([paid, received]).toEqual([0n, 0n]);
      const recorded = await (
        await getDb()
      )
        .select()
        .from(payments)
        .where(sql`${payments.params}->>'rcptNo' = '20260716900946'`);
      expect(recorded).toEqual([]);

      // by-ticker for a company whose only filing was never fetched: sellable as far as the
      // preflight knows, so it is challenged; the delivery then cannot fetch it: 503, unsettled.
      const lonely = byTickerUrl("ticker=215480&limit=2");
      const byTickerPayment = await signPayment(stack.chain, key, challengeFrom(await app(lonely)));
      const unavailable = await measure(key, () =>
        app(lonely, { headers: { "PAYMENT-SIGNATURE": byTickerPayment.header } }),
      );
      expect(unavailable.result.status).toBe(503);
      expect((await unavailable.result.json()).error).toBe("summary_unavailable");
      expect([unavailable.paid, unavailable.received]).toEqual([0n, 0n]);
    } finally {
      delete process.env.DART_API_KEY;
      delete process.env.DART_API_BASE_URL;
      resetEnv();
      await dart.close();
    }
  });

  it("says who wrote the summary and from what in X-Summary-Generator, readable cross-origin", async () => {
    const response = await payingAgent(app, stack.chain, payer(0))(summaryUrl("20260424000778"));
    expect(response.status).toBe(200);
    expect(response.headers.get("X-Summary-Generator")).toBe(`${OFFLINE_GENERATOR_ID}; basis=body`);
    expect(response.headers.get("access-control-expose-headers")).toContain("X-Summary-Generator");
  });
});

describe("a paid summary while the model is slow", () => {
  it("is answered by the deadline from the fallback, charged once, and says so in X-Summary-Generator", async () => {
    const openai = await startFakeOpenAiServer();
    openai.setDefault({ kind: "slow", delayMs: 30_000, reply: answer("{}") });
    Object.assign(process.env, {
      OPENAI_API_KEY: "sk-test-slow-model",
      OPENAI_BASE_URL: openai.baseUrl,
      SUMMARY_DEADLINE_SECONDS: "2",
    });
    resetEnv();
    try {
      const key = payer(2);
      const { result: response, paid } = await measure(key, () =>
        payingAgent(app, stack.chain, key)(summaryUrl("20260814903169")),
      );
      expect(response.status).toBe(200);
      expect(paid).toBe(5000n);
      expect(response.headers.get("X-Summary-Generator")).toBe(`${OFFLINE_GENERATOR_ID}; basis=body; fallback`);
      expect(openai.requests).toHaveLength(1); // aborted at the deadline, not retried
    } finally {
      for (const name of ["OPENAI_API_KEY", "OPENAI_BASE_URL", "SUMMARY_DEADLINE_SECONDS"]) delete process.env[name];
      resetEnv();
      await openai.close();
    }
  });
});

describe("a paid by-ticker call", () => {
  it.each([1, 5, 50])(
    "with limit=%i delivers the newest summarisable filings' summaries and charges 0.005 × limit",
    async (limit) => {
      const key = payer(2);
      const {
        result: response,
        paid,
        received,
      } = await measure(key, () => payingAgent(app, stack.chain, key)(byTickerUrl(`ticker=${TICKER}&limit=${limit}`)));
      expect(response.status).toBe(200);
      expect([paid, received]).toEqual([5000n * BigInt(limit), 5000n * BigInt(limit)]);

      const body = byTickerResponse.parse(await response.json());
      const newest = await latestSellableFilingsForTicker(await getDb(), TICKER, limit, snapshotClock().now(), false);
      const expected = newest.map((view) => view.filing.rcptNo);
      expect(expected).toEqual(["20260424000778", "20220816001711"].slice(0, limit));
      expect(body).toMatchObject({
        ticker: TICKER,
        chargedFor: limit,
        delivered: expected.length,
        count: expected.length,
      });
      expect(body.summaries.map((s) => s.rcptNo)).toEqual(expected);

      const settlement = decodePaymentResponseHeader(response.headers.get("X-PAYMENT-RESPONSE")!);
      expect(await ledgerRow(settlement.transaction)).toMatchObject({
        amount: 5000n * BigInt(limit),
        endpoint: "/v1/disclosures/by-ticker",
        params: { ticker: TICKER, limit },
        delivered: expected,
      });
    },
  );
});

describe("payments that are refused with a reason, never a 500, moving nothing", () => {
  it("a payment signed for limit=3 sent with limit=4", async () => {
    const challenge = challengeFrom(await app(byTickerUrl(`ticker=${TICKER}&limit=3`)));
    const { header } = await signPayment(stack.chain, payer(1), challenge);
    const reason = await expectRefused(byTickerUrl(`ticker=${TICKER}&limit=4`), header);
    expect(reason).toBe("No matching payment requirements");
  });

  it("a replayed signature, which gets no content", async () => {
    const key = payer(1);
    const { header } = await signPayment(stack.chain, key, challengeFrom(await app(summaryUrl())));
    const first = await app(summaryUrl(), { headers: { "PAYMENT-SIGNATURE": header } });
    expect(first.status).toBe(200);
    const reason = await expectRefused(summaryUrl(), header, key);
    // Charged once already: the payer is told so, and how to have the content again.
    expect(reason).toMatch(/^payment_already_settled: this payment was settled in 0x.*sign in/);
  });

  it("the same payment sent twice at once, which is settled once", async () => {
    const key = payer(1);
    const { header } = await signPayment(stack.chain, key, challengeFrom(await app(summaryUrl())));
    const { result: responses, paid } = await measure(key, () =>
      Promise.all([0, 1].map(() => app(summaryUrl(), { headers: { "PAYMENT-SIGNATURE": header } }))),
    );
    expect(responses.map((r) => r.status).sort()).toEqual([200, 402]);
    expect(paid).toBe(5000n);
    // Both usually pass verification before either settles; the loser then fails settlement.
    const refused = responses.find((r) => r.status === 402)!;
    expect((await expectChallenge(refused)).error).toMatch(/nonce|payment_already_settled|payment_pending/);
    const failedSettlement = refused.headers.get("PAYMENT-RESPONSE");
    if (failedSettlement) {
      expect(refused.headers.get("X-PAYMENT-RESPONSE")).toBe(failedSettlement);
      expect(decodePaymentResponseHeader(failedSettlement)).toMatchObject({
        success: false,
        errorReason: expect.stringMatching(/nonce/),
      });
    }
  });

  it("a payment to another wallet, or of another amount", async () => {
    const challenge = challengeFrom(await app(summaryUrl()));
    const elsewhere = addressOf(stack.chain.payerPrivateKeys[2]);
    const toElsewhere = await signPayment(stack.chain, payer(1), challenge, { payTo: elsewhere });
    expect(await expectRefused(summaryUrl(), toElsewhere.header)).toBe("No matching payment requirements");
    const underpaid = await signPayment(stack.chain, payer(1), challenge, { amount: "4999" });
    expect(await expectRefused(summaryUrl(), underpaid.header)).toBe("No matching payment requirements");
  });

  it("an expired authorization", async () => {
    const challenge = challengeFrom(await app(summaryUrl()));
    // Signed 400 s ago, so its validBefore (signing time + 300 s) has passed.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() - 400_000 });
    const stale = await signPayment(stack.chain, payer(1), challenge).finally(() => vi.useRealTimers());
    expect(await expectRefused(summaryUrl(), stale.header)).toMatch(/valid_before/);
  });

  it("a payer without enough tokens", async () => {
    const [poor] = await stack.fundedWallets(1, 4_999n);
    const { header } = await signPayment(stack.chain, poor, challengeFrom(await app(summaryUrl())));
    expect(await expectRefused(summaryUrl(), header, poor)).toMatch(/insufficient_balance/);
  });

  it("garbage in the payment header", async () => {
    const base64 = (text: string) => Buffer.from(text).toString("base64");
    expect(await expectRefused(summaryUrl(), "not a payment!")).toMatch(/^invalid_payment_header/);
    expect(await expectRefused(summaryUrl(), base64("{not json"))).toMatch(/^invalid_payment_header/);
    expect(await expectRefused(summaryUrl(), base64(JSON.stringify({ x402Version: 1, scheme: "exact" })))).toMatch(
      /^invalid_payment_payload/,
    );
    // Well-formed, for the right offer, but with no authorization inside.
    const challenge = challengeFrom(await app(summaryUrl()));
    const hollow = encodePaymentSignatureHeader({
      x402Version: 2,
      accepted: challenge.accepts[0],
      payload: { signature: "0x00" },
    });
    expect(await expectRefused(summaryUrl(), hollow)).toBeTruthy();
  });
});

describe("the ledger", () => {
  it("records 20 concurrent payments from different wallets, and matches the chain", async () => {
    const wallets = await stack.fundedWallets(20);
    const fromBlock = (await stack.blockNumber()) + 1n;
    // Filings whose real bodies the seed bundles.
    const rcptNos = ["20260730800123", "20260424000778", "20260415900781", "20260729900778", "20260424801024"];
    const responses = await Promise.all(
      wallets.map((key, i) => payingAgent(app, stack.chain, key)(summaryUrl(rcptNos[i % rcptNos.length]))),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(200));
    const transactions = responses.map(
      (r) => decodePaymentResponseHeader(r.headers.get("PAYMENT-RESPONSE")!).transaction,
    );
    expect(new Set(transactions).size).toBe(20);
    for (const key of wallets) expect(await stack.balanceOf(addressOf(key))).toBe(10_000_000n - 5000n);

    const report = await reconcilePayments({
      db: await getDb(),
      rpcUrl: stack.chain.rpcUrl,
      terms: await loadPaymentConfig(),
      fromBlock,
    });
    expect(report).toMatchObject({ transfers: 20, ledgerRows: 20, gap: 0 });
  });

  it("refuses a payment before settling it when the ledger cannot be written: 503, nothing charged", async () => {
    const db = await getDb();
    const key = payer(0);
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    await db.execute(sql`alter table payments rename to payments_away`);
    try {
      const { result, paid, received } = await measure(key, () => payingAgent(app, stack.chain, key)(summaryUrl()));
      expect(result.status).toBe(503);
      expect(await result.json()).toMatchObject({ error: "payments_unavailable" });
      expect(result.headers.get("PAYMENT-RESPONSE")).toBeNull();
      expect([paid, received]).toEqual([0n, 0n]);
    } finally {
      await db.execute(sql`alter table payments_away rename to payments`);
      errors.mockRestore();
    }
  });
});
