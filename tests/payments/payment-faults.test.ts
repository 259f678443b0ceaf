/**
 * A payment caught in trouble is answered for what happened, never as the payer's fault, and the
 * same signed payment sent again is settled once and delivered, or told exactly why not:
 *
 * - the chain stopping between verification and settlement is an outage (503 with Retry-After),
 *   never `invalid_exact_evm_signature`; a settlement sent but not mined in time says it may
 *   still be charged, and how to have the content then;
 * - a call that stopped after the ledger recorded its payment (its process killed there) leaves a
 *   pending row: the same payment again settles it now, once, and delivers; one that stopped
 *   after settling is told it was charged, and to sign in for the content;
 * - an authorization whose fields the ledger cannot store (validBefore ≥ 2^40) is a refused
 *   payment (402 with a reason) that spends the refused-payment budget, never a 503.
 *
 * Real parts: the route handlers in-process, @x402/next and the @x402 facilitator on a Hardhat
 * chain (frozen with SIGSTOP, or mining switched off), PAYMENT_FAULT_POINT's stops, the app's database.
 */
import { encodePaymentSignatureHeader } from "@x402/core/http";
import { createSIWxPayload, encodeSIWxHeader } from "@x402/extensions/sign-in-with-x";
import { and, eq } from "drizzle-orm";
import { createTestClient, http, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as nonce } from "@/app/v1/auth/nonce/route";
import { GET as summary } from "@/app/v1/disclosures/summary/route";
import { payments } from "@/db/schema";
import { getDb } from "@/lib/database";
import { resetEnv } from "@/lib/env";
import { signInChallenge } from "@/lib/interface/schemas";
import { FAULT_POINT_MESSAGE } from "@/lib/payments/fault-points";
import { paymentStack } from "@/lib/payments/stack";
import {
  addressOf,
  appFetch,
  challengeFrom,
  measureBalances,
  signPayment,
  setUpPaymentTestStack,
  rebuildPaymentStack,
} from "../support/payments";

const TIMEOUT_MS = 1_000;
const BASE = "http://localhost:3000";
const URL_ = `${BASE}/v1/disclosures/summary?rcptNo=20260730800123`;
const app = appFetch({ "/v1/disclosures/summary": summary, "/v1/auth/nonce": nonce });

const stack = setUpPaymentTestStack();
beforeAll(async () => {
  process.env.PAYMENT_TIMEOUT_MS = String(TIMEOUT_MS);
  rebuildPaymentStack();
});
afterEach(() => {
  stack.chain.resume();
  delete process.env.PAYMENT_FAULT_POINT;
  rebuildPaymentStack();
});
afterAll(async () => {
  for (const name of ["PAYMENT_TIMEOUT_MS", "RATE_LIMIT_PER_MINUTE"]) delete process.env[name];
  resetEnv();
});

async function signedPayment(key: Hex, changes = {}) {
  return (await signPayment(stack.chain, key, challengeFrom(await app(URL_)), changes)).header;
}

const send = (payment: string, headers: Record<string, string> = {}) =>
  app(URL_, { headers: { ...headers, "PAYMENT-SIGNATURE": payment } });

async function ledgerRowsOf(key: Hex) {
  return (await getDb())
    .select()
    .from(payments)
    .where(and(eq(payments.payer, addressOf(key))));
}

async function until(condition: () => Promise<boolean>) {
  for (let i = 0; i < 400 && !(await condition()); i++) await new Promise((resolve) => setTimeout(resolve, 25));
}

async function expectOutage(response: Response, startedAt: number) {
  expect(response.status).toBe(503);
  expect(performance.now() - startedAt).toBeLessThan(TIMEOUT_MS * 4);
  expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
  const body = await response.json();
  expect(body.error).toBe("payments_unavailable");
  return body.message as string;
}

async function signInHeader(key: Hex) {
  const { info, supportedChains } = signInChallenge.parse(await (await app(`${BASE}/v1/auth/nonce`)).json());
  const chain = supportedChains[0];
  return encodeSIWxHeader(
    await createSIWxPayload(
      { ...info, chainId: chain.chainId, type: chain.type },
      privateKeyToAccount(key),
      `${BASE}/`,
    ),
  );
}

describe("the chain stopping during settlement", () => {
  it("between verification and settlement: 503, not invalid_exact_evm_signature; the same payment then buys once", async () => {
    const [key] = await stack.fundedWallets(1);
    const payment = await signedPayment(key);
    const { server } = await paymentStack();
    let freeze = true;
    // After the ledger recorded the payment: the chain stops answering as the settlement starts.
    server.onBeforeSettle(async () => {
      if (freeze) stack.chain.pause();
      freeze = false;
    });
    const first = await measureBalances(stack, key, async () => {
      const startedAt = performance.now();
      const response = await send(payment).finally(() => stack.chain.resume());
      return expectOutage(response, startedAt);
    });
    expect(first.result).toContain("Nothing was charged");
    expect(first.paid).toBe(0n);

    const again = await measureBalances(stack, key, () => send(payment));
    expect(again.result.status).toBe(200);
    expect(again.paid).toBe(5000n);
    expect((await ledgerRowsOf(key)).map((row) => row.status)).toEqual(["settled"]);
  }, 30_000);

  it("after the broadcast, never mined in time: 503 saying it may still be charged; once mined, the payer is told and has it by signing in", async () => {
    const [key] = await stack.fundedWallets(1);
    const payment = await signedPayment(key);
    const node = createTestClient({ mode: "hardhat", transport: http(stack.chain.rpcUrl) });
    await node.setAutomine(false);
    let message: string;
    try {
      const startedAt = performance.now();
      message = await expectOutage(await send(payment), startedAt);
    } finally {
      await node.setAutomine(true);
    }
    expect(message).toMatch(/did not confirm the settlement in time/);
    expect(message).toMatch(/send the same payment again, or sign in/);
    await node.mine({ blocks: 1 });

    const again = await measureBalances(stack, key, () => send(payment));
    expect(again.result.status).toBe(402);
    expect(challengeFrom(again.result).error).toMatch(/^payment_already_settled: .* in 0x[0-9a-f]{64}.*sign in/);
    expect(again.paid).toBe(0n);
    const [row] = await ledgerRowsOf(key);
    expect(row.status).toBe("settled");
    const signedIn = await app(URL_, { headers: { "SIGN-IN-WITH-X": await signInHeader(key) } });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get("X-Redelivered-Payment")).toBe(row.txHash);
  }, 30_000);
});

describe("the same payment after its call was killed", () => {
  /** Sends `payment` with the server stopping for good at `point`; resolves once the stop is reached. */
  async function stopAt(point: "verify" | "settle" | "settled", key: Hex, payment: string) {
    process.env.PAYMENT_FAULT_POINT = point;
    resetEnv();
    // The call says when it stops there: the fault is lifted only then, never while the call
    // could still pass the point (a settlement mined before the call reaches "settled" did).
    const log = vi.spyOn(console, "log");
    const stopped = () =>
      log.mock.calls.some(
        (call) =>
          String(call[0]) === `${FAULT_POINT_MESSAGE} ${point} (PAYMENT_FAULT_POINT), until the process is killed`,
      );
    try {
      void send(payment); // never answers: the process "died" there
      await until(async () => stopped());
    } finally {
      log.mockRestore();
      delete process.env.PAYMENT_FAULT_POINT;
      resetEnv();
    }
  }

  it("stopped after the ledger recorded it (nothing sent): settled now, once, and delivered", async () => {
    const [key] = await stack.fundedWallets(1);
    const payment = await signedPayment(key);
    await stopAt("settle", key, payment);
    expect((await ledgerRowsOf(key)).map((row) => row.status)).toEqual(["pending"]);

    const { result, paid, received } = await measureBalances(stack, key, () => send(payment));
    expect(result.status).toBe(200);
    expect([paid, received]).toEqual([5000n, 5000n]);
    const rows = await ledgerRowsOf(key);
    expect(rows.map((row) => row.status)).toEqual(["settled"]);
    // And once more: refused as settled, nothing moves.
    const third = await measureBalances(stack, key, () => send(payment));
    expect(third.result.status).toBe(402);
    expect(challengeFrom(third.result).error).toContain(
      `payment_already_settled: this payment was settled in ${rows[0].txHash}`,
    );
    expect(third.paid).toBe(0n);
  }, 30_000);

  it("stopped before verification (nothing recorded): settled once and delivered", async () => {
    const [key] = await stack.fundedWallets(1);
    const payment = await signedPayment(key);
    await stopAt("verify", key, payment);
    const { result, paid } = await measureBalances(stack, key, () => send(payment));
    expect(result.status).toBe(200);
    expect(paid).toBe(5000n);
  }, 30_000);

  it("stopped after settling (charged, row pending): told it was charged and how to have it, never charged again", async () => {
    const [key] = await stack.fundedWallets(1);
    const payment = await signedPayment(key);
    await stopAt("settled", key, payment);
    expect((await ledgerRowsOf(key)).map((row) => row.status)).toEqual(["pending"]);
    const { result, paid } = await measureBalances(stack, key, () => send(payment));
    expect(result.status).toBe(402);
    expect(challengeFrom(result).error).toMatch(
      /^payment_already_settled: this payment was settled in 0x.*SIGN-IN-WITH-X/,
    );
    expect(paid).toBe(0n);
    expect((await ledgerRowsOf(key)).map((row) => row.status)).toEqual(["settled"]);
  }, 30_000);
});

/** A payment for the challenge's own offer, its authorization signed anew with `validBefore`. */
async function withValidBefore(key: Hex, validBefore: bigint): Promise<string> {
  const { payload } = await signPayment(stack.chain, key, challengeFrom(await app(URL_)));
  type Authorization = { from: Hex; to: Hex; value: string; validAfter: string; validBefore: string; nonce: Hex };
  const { authorization } = payload.payload as { authorization: Authorization };
  const changed = { ...authorization, validBefore: validBefore.toString() };
  const signature = await privateKeyToAccount(key).signTypedData({
    domain: { name: "USD Coin", version: "2", chainId: 8453, verifyingContract: stack.chain.asset },
    types: {
      TransferWithAuthorization: [
        { name: "from", type: "address" },
        { name: "to", type: "address" },
        { name: "value", type: "uint256" },
        { name: "validAfter", type: "uint256" },
        { name: "validBefore", type: "uint256" },
        { name: "nonce", type: "bytes32" },
      ],
    },
    primaryType: "TransferWithAuthorization",
    message: {
      from: changed.from,
      to: changed.to,
      value: BigInt(changed.value),
      validAfter: BigInt(changed.validAfter),
      validBefore,
      nonce: changed.nonce,
    },
  });
  return encodePaymentSignatureHeader({ ...payload, payload: { authorization: changed, signature } });
}

describe("an authorization the ledger cannot store", () => {
  it("validBefore ≥ 2^40 is a refused payment (402 naming it) that spends the refused-payment budget", async () => {
    const BUDGET = 3;
    const [key] = await stack.fundedWallets(1);
    const payment = await withValidBefore(key, 2n ** 40n);
    rebuildPaymentStack(BUDGET);
    const client = { "X-Forwarded-For": "203.0.113.44" };
    const statuses: number[] = [];
    for (let i = 0; i < BUDGET + 2; i++) {
      const response = await send(payment, client);
      statuses.push(response.status);
      if (response.status === 402)
        expect(challengeFrom(response).error).toMatch(/invalid_payment_payload.*validBefore/);
    }
    expect(statuses.slice(0, BUDGET)).toEqual(Array(BUDGET).fill(402));
    expect(statuses.at(-1)).toBe(429);
    expect(await ledgerRowsOf(key)).toEqual([]);
  });
});
