/**
 * The payment network in trouble is an outage, not the payer's fault: with the chain frozen
 * (SIGSTOP on the Hardhat node) between the challenge and the payment, with it gone, or with a
 * remote facilitator that hangs or answers 500, a paid call answers 503 payments_unavailable
 * with Retry-After within PAYMENT_TIMEOUT_MS, its body free of library text, nothing charged,
 * and the client's refused-payment budget untouched; once the chain runs again, the same signed
 * payment buys the summary. Over MCP the same is a payments_unavailable tool error, not a
 * PaymentRequired.
 *
 * Real parts: the route handlers, @x402/next, the @x402 facilitator code (in-process, or served
 * over HTTP by a small server here so it can be made to hang or fail), the Hardhat chain.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as summary } from "@/app/v1/disclosures/summary/route";
import { getDb } from "@/lib/database";
import { resetEnv } from "@/lib/env";
import { createLocalFacilitator } from "@/lib/payments/facilitator";
import { paymentRequiredOf, X402_META } from "@/lib/mcp/x402";
import { errorBodyOf, mcpClient, rawCall } from "../mcp/support";
import {
  appFetch,
  challengeFrom,
  measureBalances,
  signPayment,
  setUpPaymentTestStack,
  rebuildPaymentStack,
} from "../support/payments";

const TIMEOUT_MS = 1_000;
/** Refused payments a client may make per minute (and free requests). */
const BUDGET = 3;
const URL_ = "http://localhost:3000/v1/disclosures/summary?rcptNo=20260424000778";
const app = appFetch({ "/v1/disclosures/summary": summary });
const CLIENT = { "X-Forwarded-For": "203.0.113.9" };

const stack = setUpPaymentTestStack();
beforeAll(async () => {
  process.env.PAYMENT_TIMEOUT_MS = String(TIMEOUT_MS);
  resetEnv();
  await getDb();
});
afterAll(() => {
  stack.chain?.resume();
  delete process.env.PAYMENT_TIMEOUT_MS;
  delete process.env.RATE_LIMIT_PER_MINUTE;
});

const payer = (index: number) => stack.chain.payerPrivateKeys[index];

async function signedPayment(key: `0x${string}`) {
  const unpaid = await app(URL_, { headers: CLIENT });
  return (await signPayment(stack.chain, key, challengeFrom(unpaid))).header;
}

async function expectOutage(response: Response, startedAt: number) {
  expect(response.status).toBe(503);
  expect(performance.now() - startedAt).toBeLessThan(TIMEOUT_MS * 3);
  expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
  expect(response.headers.get("payment-required")).toBeNull();
  const text = await response.text();
  expect(JSON.parse(text)).toMatchObject({ error: "payments_unavailable", retryAfter: expect.any(Number) });
  expect(text).not.toMatch(/viem|Request body|URL:|Details|timed out|HTTP request failed|Version/i);
}

describe("the local chain frozen mid-payment", () => {
  it("answers 503 quickly, charges nothing, spends no refused-payment budget; the same payment buys once it runs", async () => {
    rebuildPaymentStack(BUDGET);
    const key = payer(0);
    expect((await app(URL_, { headers: CLIENT })).status).toBe(402); // the stack is up, the chain answers
    const payment = await signedPayment(key);

    stack.chain.pause();
    try {
      const attempts = BUDGET + 2; // more than the refused-payment budget allows
      for (let i = 0; i < attempts; i++) {
        const startedAt = performance.now();
        const response = await app(URL_, { headers: { ...CLIENT, "PAYMENT-SIGNATURE": payment } });
        await expectOutage(response, startedAt);
      }
    } finally {
      stack.chain.resume();
    }

    const {
      result: response,
      paid,
      received,
    } = await measureBalances(stack, key, () => app(URL_, { headers: { ...CLIENT, "PAYMENT-SIGNATURE": payment } }));
    expect(response.status).toBe(200);
    expect([paid, received]).toEqual([5000n, 5000n]);
  });

  it("over MCP: a payments_unavailable tool error, not a PaymentRequired", async () => {
    rebuildPaymentStack();
    const key = payer(1);
    const mcp = await mcpClient(stack.chain, key);
    try {
      const unpaid = await rawCall(mcp, "get_filing_summary", { rcptNo: "20260424000778" });
      const { payload } = await signPayment(stack.chain, key, paymentRequiredOf(unpaid)!);
      stack.chain.pause();
      const startedAt = performance.now();
      const result = await rawCall(
        mcp,
        "get_filing_summary",
        { rcptNo: "20260424000778" },
        { [X402_META.payment]: payload },
      ).finally(() => stack.chain.resume());
      expect(performance.now() - startedAt).toBeLessThan(TIMEOUT_MS * 3);
      expect(result.isError).toBe(true);
      expect(paymentRequiredOf(result)).toBeUndefined();
      expect(errorBodyOf(result)).toMatchObject({ error: "payments_unavailable", retryAfter: expect.any(Number) });
    } finally {
      await mcp.close();
    }
  });
});

describe("a remote facilitator in trouble", () => {
  let facilitatorServer: Server;
  let mode: "answer" | "hang" | "fail" = "answer";

  beforeAll(async () => {
    // The @x402 facilitator code itself, served over HTTP as a remote facilitator would be.
    const facilitator = createLocalFacilitator({
      rpcUrl: stack.chain.rpcUrl,
      privateKey: stack.chain.facilitatorPrivateKey,
      network: stack.chain.network,
      pollingIntervalMs: 50,
    });
    facilitatorServer = createServer(async (request, response) => {
      let body = "";
      for await (const chunk of request) body += chunk;
      const send = (status: number, value: unknown) =>
        response.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(value));
      if (request.url === "/supported") return send(200, await facilitator.getSupported());
      if (mode === "hang") return; // never answers
      if (mode === "fail") return response.writeHead(500).end("<html>upstream RPC error: connect ECONNREFUSED</html>");
      const { paymentPayload, paymentRequirements } = JSON.parse(body);
      if (request.url === "/verify") return send(200, await facilitator.verify(paymentPayload, paymentRequirements));
      send(200, await facilitator.settle(paymentPayload, paymentRequirements));
    });
    await new Promise<void>((resolve) => facilitatorServer.listen(0, "127.0.0.1", resolve));
    process.env.FACILITATOR_URL = `http://127.0.0.1:${(facilitatorServer.address() as AddressInfo).port}`;
    process.env.X402_PAY_TO = stack.chain.payTo;
    process.env.X402_ASSET = stack.chain.asset;
    rebuildPaymentStack();
  });
  afterAll(async () => {
    for (const name of ["FACILITATOR_URL", "X402_PAY_TO", "X402_ASSET"]) delete process.env[name];
    rebuildPaymentStack();
    facilitatorServer?.closeAllConnections();
    await new Promise((resolve) => facilitatorServer?.close(resolve));
  });

  it.each(["hang", "fail"] as const)("that %ss: 503, nothing charged, then a payment goes through", async (trouble) => {
    const key = payer(2);
    const payment = await signedPayment(key);
    mode = trouble;
    try {
      const { result, paid } = await measureBalances(stack, key, async () => {
        const startedAt = performance.now();
        await expectOutage(await app(URL_, { headers: { ...CLIENT, "PAYMENT-SIGNATURE": payment } }), startedAt);
      });
      expect(result).toBeUndefined();
      expect(paid).toBe(0n);
    } finally {
      mode = "answer";
    }
    const response = await app(URL_, { headers: { ...CLIENT, "PAYMENT-SIGNATURE": payment } });
    expect(response.status).toBe(200);
  });
});

describe("the chain gone", () => {
  it("answers 503 at once, with the payment stack built before or not", async () => {
    rebuildPaymentStack();
    const payment = await signedPayment(payer(1));
    await stack.chain.stop();
    for (const rebuild of [false, true]) {
      if (rebuild) rebuildPaymentStack();
      const startedAt = performance.now();
      await expectOutage(await app(URL_, { headers: { ...CLIENT, "PAYMENT-SIGNATURE": payment } }), startedAt);
    }
  });
});
