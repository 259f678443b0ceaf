/**
 * /mcp with real parts only: the official MCP SDK client over the route handler in-process,
 * the paid tools settling through the @x402 facilitator on a Hardhat chain, the app's own
 * database (PGlite, or PostgreSQL with DATABASE_URL). The free tools must answer exactly what
 * their HTTP routes answer; the paid tools must follow the HTTP API's rules of selling.
 */
import type { CallToolResult } from "@modelcontextprotocol/client";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as getCompanyRoute } from "@/app/v1/companies/[ticker]/route";
import { GET as searchRoute } from "@/app/v1/companies/route";
import { GET as recentRoute } from "@/app/v1/disclosures/recent/route";
import { GET as filingsRoute } from "@/app/v1/filings/route";
import { GET as sampleRoute } from "@/app/v1/disclosures/sample/route";
import { GET as pricingRoute } from "@/app/v1/pricing/route";
import { GET as vocabularyRoute } from "@/app/v1/vocabulary/route";
import { GET as llmsRoute } from "@/app/llms.txt/route";
import { GET as agentRoute } from "@/app/well-known/agent/route";
import { getDb } from "@/lib/database";
import { creditOf } from "@/db/queries";
import { payments } from "@/db/schema";
import { byTickerResponse, disclosureFactsResponse, disclosureSummaryDto } from "@/lib/interface/schemas";
import { alertPackResponse } from "@/lib/interface/watchlists";
import { resetEnv } from "@/lib/env";
import { resetRateLimit } from "@/lib/rate-limit";
import type { PayingMcpClient } from "@/dev/pay";
import { paymentRequiredOf, settlementOf, X402_META } from "@/lib/mcp/x402";
import { loadPaymentConfig, reconcilePayments } from "@/lib/payments";
import { call } from "../support/app";
import { startFakeDartServer } from "../../dev/support/fake-dart-server";
import { addressOf, ledgerRow, measureBalances, signPayment, setUpPaymentTestStack } from "../support/payments";
import { errorBodyOf, mcpClient, mcpRouteFetch, rawCall } from "./support";

/** A filing bundled with its real body (a treasury-share result), so its summary can be sold. */
const RCPT_NO = "20260424000778";
const TICKER = "005930";
/** The ticker's filings up to the snapshot's "now" whose bodies are bundled: by-ticker delivers at most these. */
const TICKER_SELLABLE = 2;
/** A corpus filing bundled with its real body (Hyosung Heavy Industries' new HVDC transformer plant). */
const CORPUS_RCPT_NO = "20250730800037";
/** A snapshot filing with its title only: never sold. */
const TITLE_ONLY_RCPT_NO = "20260716900971";
const FREE_TOOLS = [
  "search_companies",
  "get_company",
  "list_recent_filings",
  "search_filings",
  "get_pricing",
  "get_vocabulary",
  "get_sample_summary",
  "get_sign_in_challenge",
];
/** Free, acting for the wallet signed in in `_meta` (tests/mcp/watchlist-tools.test.ts). */
const WALLET_TOOLS = [
  "list_watchlists",
  "create_watchlist",
  "update_watchlist",
  "delete_watchlist",
  "list_watchlist_alerts",
  "list_watchlist_deliveries",
  "send_test_delivery",
];
const PAID_TOOLS = ["get_filing_summary", "get_filing_facts", "get_latest_summaries_for_ticker", "buy_alert_credit"];

const stack = setUpPaymentTestStack();
let anonymous: PayingMcpClient;
beforeAll(async () => {
  anonymous = await mcpClient();
});
afterAll(async () => {
  await anonymous?.close();
});

const payer = (index: number) => stack.chain.payerPrivateKeys[index];

/** Runs `run` and returns its result with how much the payer's and payTo's balances changed. */
const measure = <T>(payerKey: `0x${string}`, run: () => Promise<T>) => measureBalances(stack, payerKey, run);

/** An unpaid call's challenge, checked for the transport's shape. */
async function challenge(name: string, args: Record<string, unknown>) {
  const result = await rawCall(anonymous, name, args);
  expect(result.isError).toBe(true);
  const required = paymentRequiredOf(result)!;
  expect(required).toBeDefined();
  expect(result.structuredContent).toEqual(required);
  const text = JSON.parse((result.content[0] as { text: string }).text);
  expect(text[X402_META.error]).toEqual({ code: 402, message: required.error, data: required });
  return required;
}

/** A tool error that is not a payment challenge, with the HTTP API's error code. */
function expectToolError(result: CallToolResult, error: string) {
  expect(result.isError).toBe(true);
  expect(paymentRequiredOf(result)).toBeUndefined();
  expect(errorBodyOf(result)).toMatchObject({ error });
}

describe("tools/list", () => {
  it("lists the free, watchlist and paid tools with the HTTP API's input and output schemas", async () => {
    const { tools } = await anonymous.client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([...FREE_TOOLS, ...WALLET_TOOLS, ...PAID_TOOLS].sort());
    const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
    for (const tool of tools) {
      // Paid tools declare none: their error results carry the PaymentRequired as structuredContent.
      if (PAID_TOOLS.includes(tool.name)) expect(tool.outputSchema, tool.name).toBeUndefined();
      else expect(tool.outputSchema, tool.name).toMatchObject({ type: "object" });
      expect(tool.inputSchema.type).toBe("object");
    }
    expect(byName.get_filing_summary.inputSchema).toMatchObject({
      properties: { rcptNo: { type: "string", pattern: "^[0-9]{14}$" } },
      required: ["rcptNo"],
    });
    expect(byName.get_latest_summaries_for_ticker.inputSchema.properties).toMatchObject({
      ticker: { pattern: "^[0-9A-Z]{6,7}$" },
      limit: { type: "integer", minimum: 1, maximum: 50 },
    });
    expect(byName.list_recent_filings.inputSchema.properties).toMatchObject({
      limit: { maximum: 100 },
      since_hours: { maximum: 168 },
    });
    expect(byName.get_filing_summary.description).toContain("0.005 USDC");
    // The facts tool takes what get_filing_summary takes.
    expect(byName.get_filing_facts.inputSchema).toEqual(byName.get_filing_summary.inputSchema);
    expect(byName.get_filing_facts.description).toContain("0.005 USDC");
    expect(byName.get_latest_summaries_for_ticker.description).toContain("0.005 USDC × limit");
    expect(byName.get_filing_summary.annotations?.readOnlyHint).toBe(false);
    expect(byName.search_companies.annotations?.readOnlyHint).toBe(true);
  });
});

describe("discovery", () => {
  it("announces /mcp and every tool in agent.json and llms.txt", async () => {
    const { tools } = await anonymous.client.listTools();
    const names = tools.map((t) => t.name);
    const agent = await call(agentRoute, "/.well-known/agent.json");
    const mcp = agent.body.protocols.mcp;
    expect(mcp).toMatchObject({ transport: "streamable-http", endpoint: "http://localhost:3000/mcp" });
    expect([...mcp.freeTools, ...mcp.walletTools, ...Object.keys(mcp.paidTools)].sort()).toEqual([...names].sort());
    expect(mcp.walletTools).toEqual(WALLET_TOOLS);
    expect(mcp.payment).toContain("x402/payment");
    expect(mcp.signIn).toContain('_meta["sign-in-with-x"]');
    const llms = await (
      await llmsRoute(new Request("http://localhost/llms.txt"), { params: Promise.resolve({}) })
    ).text();
    expect(llms).toContain("http://localhost:3000/mcp");
    for (const name of names) expect(llms).toContain(name);
  });
});

describe("free tools", () => {
  it.each([
    ["search_companies", { q: "samsung elec", limit: 3 }, searchRoute, "/v1/companies?q=samsung%20elec&limit=3", {}],
    ["get_company", { ticker: "005930" }, getCompanyRoute, "/v1/companies/005930", { ticker: "005930" }],
    [
      "list_recent_filings",
      { limit: 5, since_hours: 168 },
      recentRoute,
      "/v1/disclosures/recent?limit=5&since_hours=168",
      {},
    ],
    [
      "list_recent_filings",
      { ticker: TICKER, since_hours: 168 },
      recentRoute,
      `/v1/disclosures/recent?ticker=${TICKER}&since_hours=168`,
      {},
    ],
    [
      "search_filings",
      { q: "전환사채", eventType: ["CONVERTIBLE_BOND_ISSUANCE"], limit: 3 },
      filingsRoute,
      "/v1/filings?q=%EC%A0%84%ED%99%98%EC%82%AC%EC%B1%84&eventType=CONVERTIBLE_BOND_ISSUANCE&limit=3",
      {},
    ],
    ["get_pricing", {}, pricingRoute, "/v1/pricing", {}],
    ["get_vocabulary", {}, vocabularyRoute, "/v1/vocabulary", {}],
    ["get_sample_summary", {}, sampleRoute, "/v1/disclosures/sample", {}],
  ] as const)("%s answers what its HTTP route answers", async (name, args, route, path, params) => {
    const result = await rawCall(anonymous, name, args);
    expect(result.isError).toBeFalsy();
    const http = await call(route, path, params);
    expect(http.status).toBe(200);
    expect(result.structuredContent).toEqual(http.body);
    expect((result.content[0] as { text: string }).text.length).toBeGreaterThan(0);
  });

  it("clamps limits as the HTTP API does, from JSON numbers or numeric strings", async () => {
    const rows = async (args: Record<string, unknown>) =>
      (
        (await rawCall(anonymous, "list_recent_filings", { since_hours: 168, ...args })).structuredContent as {
          filings: unknown[];
        }
      ).filings.length;
    expect(await rows({ limit: 0 })).toBe(1);
    expect(await rows({ limit: 2 })).toBe(2);
    expect(await rows({ limit: "3" })).toBe(3);
    const matches = await rawCall(anonymous, "search_companies", { q: "samsung", limit: 999 });
    const http = await call(searchRoute, "/v1/companies?q=samsung&limit=999");
    expect(matches.structuredContent).toEqual(http.body);
  });

  it("answers an unknown company or invalid input with a tool error", async () => {
    expectToolError(await rawCall(anonymous, "get_company", { ticker: "999999" }), "not_found");
    for (const [name, args] of [
      ["get_company", { ticker: "00593!" }],
      ["search_companies", { q: "" }],
      ["list_recent_filings", { ticker: "x" }],
      ["search_filings", { from: "2026-13-01" }],
      ["search_filings", { eventType: ["NOT_A_TYPE"] }],
    ] as const) {
      const result = await rawCall(anonymous, name, args);
      expect(result.isError, name).toBe(true);
      expect((result.content[0] as { text: string }).text).toMatch(/validation/i);
    }
  });

  it("never carries a paid summary on a free tool", async () => {
    const recent = await rawCall(anonymous, "list_recent_filings", { limit: 100, since_hours: 168 });
    expect(JSON.stringify(recent)).not.toContain("summaryEn");
  });
});

describe("a paid tool called without payment", () => {
  it("answers the PaymentRequired for 0.005 USDC at its mcp:// resource", async () => {
    const required = await challenge("get_filing_summary", { rcptNo: RCPT_NO });
    expect(required).toMatchObject({
      x402Version: 2,
      error: "Payment required",
      resource: { url: "mcp://tool/get_filing_summary", mimeType: "application/json" },
    });
    expect(required.accepts).toEqual([
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
  });

  it("asks the same for get_filing_facts, at its own resource", async () => {
    const required = await challenge("get_filing_facts", { rcptNo: CORPUS_RCPT_NO });
    expect(required.resource.url).toBe("mcp://tool/get_filing_facts");
    expect(required.accepts).toEqual((await challenge("get_filing_summary", { rcptNo: CORPUS_RCPT_NO })).accepts);
  });

  it("scales get_latest_summaries_for_ticker by the clamped limit", async () => {
    const amount = async (args: Record<string, unknown>) =>
      (await challenge("get_latest_summaries_for_ticker", { ticker: TICKER, ...args })).accepts[0].amount;
    expect(await amount({})).toBe("25000");
    expect(await amount({ limit: 3 })).toBe("15000");
    expect(await amount({ limit: 999 })).toBe("250000");
    expect(await amount({ limit: 0 })).toBe("5000");
    expect((await challenge("get_latest_summaries_for_ticker", { ticker: TICKER })).resource.url).toBe(
      "mcp://tool/get_latest_summaries_for_ticker",
    );
  });

  it("is never challenged for invalid arguments or what does not exist, even with a valid payment attached", async () => {
    const key = payer(1);
    const { payload } = await signPayment(stack.chain, key, await challenge("get_filing_summary", { rcptNo: RCPT_NO }));
    const paying = await mcpClient();
    try {
      for (const [name, args, error] of [
        ["get_filing_summary", { rcptNo: "2026071690097" }, undefined],
        ["get_filing_summary", {}, undefined],
        ["get_latest_summaries_for_ticker", { ticker: "00593!" }, undefined],
        ["get_filing_summary", { rcptNo: "20991231000001" }, "not_found"],
        ["get_filing_facts", { rcptNo: "2026071690097" }, undefined],
        ["get_filing_facts", { rcptNo: "20991231000001" }, "not_found"],
        ["get_filing_facts", { rcptNo: TITLE_ONLY_RCPT_NO }, "summary_not_available"],
        ["get_latest_summaries_for_ticker", { ticker: "999999" }, "not_found"],
      ] as const) {
        const { result, paid, received } = await measure(key, () =>
          rawCall(paying, name, args, { [X402_META.payment]: payload }),
        );
        expect(result.isError, JSON.stringify(args)).toBe(true);
        expect(paymentRequiredOf(result)).toBeUndefined();
        if (error) expectToolError(result, error);
        else expect((result.content[0] as { text: string }).text).toMatch(/validation/i);
        expect([paid, received]).toEqual([0n, 0n]);
      }
    } finally {
      await paying.close();
    }
  });
});

describe("a paid tool call", () => {
  it("buys a pack of 100 alerts for exactly 0.10 USDC, credited to the paying wallet; no sign-in is offered", async () => {
    const { result: unpaid } = await anonymous.callTool("buy_alert_credit", {});
    expect(unpaid.isError).toBe(true);
    const offered = unpaid.structuredContent as { accepts: { amount: string }[]; extensions?: object };
    expect(offered.accepts[0].amount).toBe("100000");
    expect(Object.keys(offered.extensions ?? {})).not.toContain("sign-in-with-x");

    const [key] = await stack.fundedWallets(1);
    const mcp = await mcpClient(stack.chain, key);
    try {
      const { result: paidCall, paid } = await measure(key, () => mcp.callTool("buy_alert_credit", {}));
      expect(paidCall.result.isError).toBeFalsy();
      expect(paid).toBe(100_000n);
      expect(alertPackResponse.parse(paidCall.result.structuredContent)).toEqual({
        wallet: addressOf(key),
        added: 100,
        bought: 100,
        spent: 0,
        balance: 100,
      });
      expect(await ledgerRow(paidCall.settlement!.transaction)).toMatchObject({
        paidEndpoint: "buy-alert-credit",
        endpoint: "mcp://tool/buy_alert_credit",
        params: { alerts: "100" },
        delivered: [],
      });
      expect((await creditOf(await getDb(), addressOf(key))).balance).toBe(100);
    } finally {
      await mcp.close();
    }
  });

  it("delivers a summary for exactly 0.005 USDC, with the settlement in _meta and the ledger", async () => {
    const key = payer(0);
    const mcp = await mcpClient(stack.chain, key);
    try {
      const {
        result: paidCall,
        paid,
        received,
      } = await measure(key, () => mcp.callTool("get_filing_summary", { rcptNo: RCPT_NO }));
      const { result, settlement } = paidCall;
      expect(result.isError).toBeFalsy();
      expect([paid, received]).toEqual([5000n, 5000n]);
      const body = disclosureSummaryDto.parse(result.structuredContent);
      expect(body.rcptNo).toBe(RCPT_NO);
      expect((result.content[0] as { text: string }).text).toContain(body.summaryEn);

      expect(settlementOf(result)).toEqual(settlement);
      expect(settlement).toMatchObject({ success: true, network: "eip155:8453", payer: addressOf(key) });
      expect(settlement!.transaction).toMatch(/^0x[0-9a-f]{64}$/);
      expect(await ledgerRow(settlement!.transaction)).toMatchObject({
        payer: addressOf(key),
        payTo: stack.chain.payTo,
        asset: stack.chain.asset,
        amount: 5000n,
        endpoint: "mcp://tool/get_filing_summary",
        params: { rcptNo: RCPT_NO },
        delivered: [RCPT_NO],
      });
    } finally {
      await mcp.close();
    }
  });

  it("delivers a summary with its fact sheet for exactly 0.005 USDC, the same cached summary", async () => {
    const key = payer(1);
    const mcp = await mcpClient(stack.chain, key);
    try {
      const {
        result: paidCall,
        paid,
        received,
      } = await measure(key, () => mcp.callTool("get_filing_facts", { rcptNo: CORPUS_RCPT_NO }));
      const { result, settlement } = paidCall;
      expect(result.isError).toBeFalsy();
      expect([paid, received]).toEqual([5000n, 5000n]);
      const body = disclosureFactsResponse.parse(result.structuredContent);
      expect(body.rcptNo).toBe(CORPUS_RCPT_NO);
      const text = (result.content[0] as { text: string }).text;
      expect(text).toContain(body.summary.summaryEn);
      for (const fact of body.facts)
        expect(text).toContain(`${fact.text} ← ${fact.source.label}: ${fact.source.value}`);
      expect(await ledgerRow(settlement!.transaction)).toMatchObject({
        amount: 5000n,
        endpoint: "mcp://tool/get_filing_facts",
        params: { rcptNo: CORPUS_RCPT_NO },
        delivered: [CORPUS_RCPT_NO],
      });
      const summary = await mcp.callTool("get_filing_summary", { rcptNo: CORPUS_RCPT_NO });
      expect(disclosureSummaryDto.parse(summary.result.structuredContent)).toEqual(body.summary);
    } finally {
      await mcp.close();
    }
  });

  it.each([1, 3])("delivers a ticker's %i newest summaries for 0.005 × limit", async (limit) => {
    const key = payer(2);
    const mcp = await mcpClient(stack.chain, key);
    try {
      const {
        result: paidCall,
        paid,
        received,
      } = await measure(key, () => mcp.callTool("get_latest_summaries_for_ticker", { ticker: TICKER, limit }));
      expect([paid, received]).toEqual([5000n * BigInt(limit), 5000n * BigInt(limit)]);
      const body = byTickerResponse.parse(paidCall.result.structuredContent);
      // Charged for `limit` (the interface's rule), delivered only what can be grounded.
      expect(body).toMatchObject({ ticker: TICKER, chargedFor: limit, delivered: Math.min(limit, TICKER_SELLABLE) });
      expect(await ledgerRow(paidCall.settlement!.transaction)).toMatchObject({
        amount: 5000n * BigInt(limit),
        endpoint: "mcp://tool/get_latest_summaries_for_ticker",
        params: { ticker: TICKER, limit },
        delivered: body.summaries.map((s) => s.rcptNo),
      });
    } finally {
      await mcp.close();
    }
  });

  it("refuses a replayed payment with a reason and no content, moving nothing", async () => {
    const key = payer(1);
    const { payload } = await signPayment(stack.chain, key, await challenge("get_filing_summary", { rcptNo: RCPT_NO }));
    const first = await rawCall(anonymous, "get_filing_summary", { rcptNo: RCPT_NO }, { [X402_META.payment]: payload });
    expect(first.isError).toBeFalsy();
    const {
      result: replay,
      paid,
      received,
    } = await measure(key, () =>
      rawCall(anonymous, "get_filing_summary", { rcptNo: RCPT_NO }, { [X402_META.payment]: payload }),
    );
    expect(replay.isError).toBe(true);
    expect(paymentRequiredOf(replay)?.error).toMatch(/^payment_already_settled: .*sign in/);
    expect(JSON.stringify(replay)).not.toContain("summaryEn");
    expect([paid, received]).toEqual([0n, 0n]);
  });

  it("refuses a payment signed for another limit, or that is not a PaymentPayload", async () => {
    const key = payer(1);
    const { payload } = await signPayment(
      stack.chain,
      key,
      await challenge("get_latest_summaries_for_ticker", { ticker: TICKER, limit: 3 }),
    );
    const { result, paid } = await measure(key, () =>
      rawCall(
        anonymous,
        "get_latest_summaries_for_ticker",
        { ticker: TICKER, limit: 4 },
        { [X402_META.payment]: payload },
      ),
    );
    expect(paymentRequiredOf(result)?.error).toBe("No matching payment requirements");
    expect(paid).toBe(0n);
    const garbage = await rawCall(
      anonymous,
      "get_filing_summary",
      { rcptNo: RCPT_NO },
      { [X402_META.payment]: { x402Version: 1 } },
    );
    expect(paymentRequiredOf(garbage)?.error).toMatch(/^invalid_payment_payload/);
  });

  it("settles the same payment sent twice at once only once, reporting the failed settlement", async () => {
    const key = payer(1);
    const { payload } = await signPayment(stack.chain, key, await challenge("get_filing_summary", { rcptNo: RCPT_NO }));
    const { result: results, paid } = await measure(key, () =>
      Promise.all(
        [0, 1].map(() =>
          rawCall(anonymous, "get_filing_summary", { rcptNo: RCPT_NO }, { [X402_META.payment]: payload }),
        ),
      ),
    );
    expect(paid).toBe(5000n);
    expect(results.map((r) => Boolean(r.isError)).sort()).toEqual([false, true]);
    const refused = results.find((r) => r.isError)!;
    expect(paymentRequiredOf(refused)?.error).toMatch(/nonce/);
    const failed = (refused.structuredContent as Record<string, unknown>)[X402_META.paymentResponse];
    if (failed) {
      expect(failed).toMatchObject({ success: false, errorReason: expect.stringMatching(/nonce/) });
      expect(refused._meta?.[X402_META.paymentResponse]).toEqual(failed);
    }
  });

  it("never challenges for a summary that cannot be grounded: title only, or the body unreachable", async () => {
    const titleOnly = await rawCall(anonymous, "get_filing_summary", { rcptNo: TITLE_ONLY_RCPT_NO });
    expectToolError(titleOnly, "summary_not_available");

    // As over HTTP: with a DART key, a filing whose body DART fails to serve is 503 before any challenge.
    const dart = await startFakeDartServer();
    process.env.DART_API_KEY = dart.apiKey;
    process.env.DART_API_BASE_URL = dart.baseUrl;
    resetEnv();
    try {
      dart.inject({ endpoint: "document.xml", kind: "status", status: "800", times: 10 });
      const key = payer(1);
      const rcptNo = "20260716900946";
      const { result, paid, received } = await measure(key, () => rawCall(anonymous, "get_filing_summary", { rcptNo }));
      expectToolError(result, "summary_unavailable");
      expect(result.structuredContent).toMatchObject({ retryAfter: 60 });
      expect(result._meta?.[X402_META.paymentResponse]).toBeUndefined();
      expect([paid, received]).toEqual([0n, 0n]);
      const recorded = await (
        await getDb()
      )
        .select()
        .from(payments)
        .where(sql`${payments.params}->>'rcptNo' = ${rcptNo}`);
      expect(recorded).toEqual([]);
    } finally {
      delete process.env.DART_API_KEY;
      delete process.env.DART_API_BASE_URL;
      resetEnv();
      await dart.close();
    }
  });
});

describe("the ledger", () => {
  it("charges concurrent calls from several payers once each, and reconciles with the chain", async () => {
    const wallets = await stack.fundedWallets(6);
    const fromBlock = (await stack.blockNumber()) + 1n;
    const rcptNos = ["20260424000778", "20260415900781", "20260424801024"]; // bundled with their bodies
    const clients = await Promise.all(wallets.map((key) => mcpClient(stack.chain, key)));
    try {
      const calls = await Promise.all(
        clients.map((mcp, i) => mcp.callTool("get_filing_summary", { rcptNo: rcptNos[i % rcptNos.length] })),
      );
      expect(calls.map((c) => c.settlement?.success)).toEqual(Array(6).fill(true));
      expect(new Set(calls.map((c) => c.settlement!.transaction)).size).toBe(6);
      for (const key of wallets) expect(await stack.balanceOf(addressOf(key))).toBe(10_000_000n - 5000n);
      const report = await reconcilePayments({
        db: await getDb(),
        rpcUrl: stack.chain.rpcUrl,
        terms: await loadPaymentConfig(),
        fromBlock,
      });
      expect(report).toMatchObject({ transfers: 6, ledgerRows: 6, gap: 0 });
    } finally {
      await Promise.all(clients.map((c) => c.close()));
    }
  });
});

describe("the rate limit", () => {
  it("counts a paid call carrying its payment as a payment, not as a free request", async () => {
    process.env.RATE_LIMIT_PER_MINUTE = "8";
    resetEnv();
    await resetRateLimit();
    const client = "198.51.100.77";
    const fromClient: typeof fetch = (url, init) => {
      const headers = new Headers(init?.headers);
      headers.set("x-forwarded-for", client);
      return mcpRouteFetch(url, { ...init, headers });
    };
    const mcp = await mcpClient(undefined, undefined, { fetch: fromClient });
    try {
      const vocabulary = () => call(vocabularyRoute, "/v1/vocabulary", {}, { headers: { "x-forwarded-for": client } });
      for (let i = 0; i < 10 && (await vocabulary()).status !== 429; i++);
      expect((await vocabulary()).status).toBe(429); // the free budget is spent
      await expect(rawCall(mcp, "get_pricing", {})).rejects.toThrow();

      // A payment still reaches verification; refused, it spends the refused-payment budget.
      const pay = () =>
        rawCall(mcp, "get_filing_summary", { rcptNo: RCPT_NO }, { [X402_META.payment]: { x402Version: 1 } });
      for (let i = 0; i < 8; i++) expect(paymentRequiredOf(await pay())?.error).toMatch(/^invalid_payment_payload/);
      await expect(pay()).rejects.toThrow();
    } finally {
      await mcp.close();
      delete process.env.RATE_LIMIT_PER_MINUTE;
      resetEnv();
      await resetRateLimit();
    }
  });
});
