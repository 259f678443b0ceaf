/**
 * The payment ledger written ahead of settlement, with real parts: the route handlers in-process,
 * @x402/next and the @x402 facilitator settling on a Hardhat chain, and the app's own database
 * (PGlite, or PostgreSQL with DATABASE_URL). A process dying mid-payment is played by the
 * resource server's own hooks stopping the payment where a crash would.
 */
import { decodePaymentResponseHeader, encodePaymentSignatureHeader } from "@x402/core/http";
import { SettleError, type PaymentPayload } from "@x402/core/types";
import { and, eq } from "drizzle-orm";
import { createPublicClient, http, type Hex } from "viem";
import { generatePrivateKey } from "viem/accounts";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as summary } from "@/app/v1/disclosures/summary/route";
import { GET as ledgerCron } from "@/app/api/cron/payments/route";
import { notePaymentFailure, recordPendingPayment } from "@/db/queries";
import { payments } from "@/db/schema";
import { getDb } from "@/lib/database";
import { resetEnv } from "@/lib/env";
import { createLocalFacilitator } from "@/lib/payments/facilitator";
import { resolvePendingPayments } from "@/lib/payments/ledger-resolution";
import { paymentStack } from "@/lib/payments/stack";
import {
  addressOf,
  appFetch,
  challengeFrom,
  exactRequirements,
  measureBalances,
  payingAgent,
  signPayment,
  setUpPaymentTestStack,
} from "../support/payments";

const BASE = "http://localhost:3000";
const RCPT_NO = "20260730800123";
const app = appFetch({ "/v1/disclosures/summary": summary });
const summaryUrl = `${BASE}/v1/disclosures/summary?rcptNo=${RCPT_NO}`;

const stack = setUpPaymentTestStack();
/** Runs inside the resource server's settlement, after the ledger's own hook: where a crash would strike. */
let beforeSettle: (() => Promise<{ abort: true; reason: string } | void>) | undefined;
beforeAll(async () => {
  (await paymentStack()).server.onBeforeSettle(async () => beforeSettle?.());
});

const chainClient = () => createPublicClient({ transport: http(stack.chain.rpcUrl) });

async function rowsOf(payer: string) {
  return (await getDb()).select().from(payments).where(eq(payments.payer, payer));
}

function authorizationOf(payload: PaymentPayload) {
  return (payload.payload as { authorization: { from: string; nonce: Hex; validBefore: string } }).authorization;
}

/** A payment for the summary whose process dies after recording it and before settling it. */
async function paymentLeftPending(key: Hex) {
  const { payload, header } = await signPayment(stack.chain, key, challengeFrom(await app(summaryUrl)));
  beforeSettle = async () => ({ abort: true, reason: "process_died" });
  try {
    const { result, paid } = await measureBalances(stack, key, () =>
      app(summaryUrl, { headers: { "PAYMENT-SIGNATURE": header } }),
    );
    expect(result.status).toBe(402);
    expect(paid).toBe(0n);
  } finally {
    beforeSettle = undefined;
  }
  return { payload, header };
}

describe("the ledger, written ahead of settlement", () => {
  it("holds the payment as pending before the settlement is sent, then settled with its transaction", async () => {
    const [key] = await stack.fundedWallets(1);
    const seenBeforeSettling: string[] = [];
    beforeSettle = async () => {
      for (const row of await rowsOf(addressOf(key))) seenBeforeSettling.push(row.status);
    };
    let response: Response;
    try {
      response = await payingAgent(app, stack.chain, key)(summaryUrl);
    } finally {
      beforeSettle = undefined;
    }
    expect(response.status).toBe(200);
    expect(seenBeforeSettling).toEqual(["pending"]);

    const { transaction } = decodePaymentResponseHeader(response.headers.get("PAYMENT-RESPONSE")!);
    const [row] = await rowsOf(addressOf(key));
    expect(row).toMatchObject({
      status: "settled",
      txHash: transaction,
      payer: addressOf(key),
      paidEndpoint: "get-summary",
      endpoint: "/v1/disclosures/summary",
      params: { rcptNo: RCPT_NO },
      delivered: [RCPT_NO],
      amount: 5000n,
      nonce: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      failure: null,
      resolvedAt: null,
    });
    expect(row.validBefore!.getTime()).toBeGreaterThan(Date.now());
    expect(row.settledAt!.getTime()).toBeGreaterThanOrEqual(row.recordedAt.getTime());
  });

  it("resolves a payment whose process died after sending it as settled, with its transaction", async () => {
    const [key] = await stack.fundedWallets(1);
    const { payload } = await paymentLeftPending(key);
    const [pending] = await rowsOf(addressOf(key));
    expect(pending).toMatchObject({ status: "pending", nonce: authorizationOf(payload).nonce.toLowerCase() });

    // The transaction the dead process sent before it could mark the row.
    const facilitator = createLocalFacilitator({
      rpcUrl: stack.chain.rpcUrl,
      // Another sender than the server's facilitator, whose cached transaction nonce this would take.
      privateKey: stack.chain.payerPrivateKeys[2],
      network: stack.chain.network,
      pollingIntervalMs: 50,
    });
    const settlement = await facilitator.settle(payload, exactRequirements(stack.chain));
    expect(settlement.success).toBe(true);

    expect(await resolvePendingPayments(await getDb(), chainClient(), stack.chain.network)).toMatchObject({
      settled: 1,
    });
    const [row] = await rowsOf(addressOf(key));
    expect(row).toMatchObject({ status: "settled", txHash: settlement.transaction });
    expect(row.resolvedAt).toBeInstanceOf(Date);
  });

  it("keeps a payment that was never sent pending while it could still settle, and voids it after", async () => {
    const [key] = await stack.fundedWallets(1);
    await paymentLeftPending(key);
    const db = await getDb();
    expect(await resolvePendingPayments(db, chainClient(), stack.chain.network)).toMatchObject({ settled: 0, void: 0 });
    expect((await rowsOf(addressOf(key)))[0].status).toBe("pending");

    // Another one, recorded long ago: the chain is past its validBefore, and its nonce was never used.
    const latest = await chainClient().getBlock({ blockTag: "latest" });
    const stale = addressOf(generatePrivateKey());
    await recordPendingPayment(db, {
      network: stack.chain.network,
      payer: stale,
      payTo: stack.chain.payTo,
      asset: stack.chain.asset,
      amount: 5000n,
      paidEndpoint: "get-summary",
      endpoint: "/v1/disclosures/summary",
      params: { rcptNo: RCPT_NO },
      delivered: [RCPT_NO],
      nonce: `0x${"ab".repeat(32)}`,
      validBefore: new Date(Number(latest.timestamp) * 1000 - 1000),
    });
    expect(await resolvePendingPayments(db, chainClient(), stack.chain.network)).toMatchObject({ void: 1 });
    expect((await rowsOf(stale))[0]).toMatchObject({ status: "void", txHash: null });
    expect((await rowsOf(addressOf(key)))[0].status).toBe("pending");
  });

  it("settles, once and in the same row, the same payment sent again after its call died with the row pending", async () => {
    const [key] = await stack.fundedWallets(1);
    const { header } = await paymentLeftPending(key);
    const [pending] = await rowsOf(addressOf(key));
    const { result, paid, received } = await measureBalances(stack, key, () =>
      app(summaryUrl, { headers: { "PAYMENT-SIGNATURE": header } }),
    );
    expect(result.status).toBe(200);
    expect([paid, received]).toEqual([5000n, 5000n]);
    const { transaction } = decodePaymentResponseHeader(result.headers.get("PAYMENT-RESPONSE")!);
    expect(await rowsOf(addressOf(key))).toMatchObject([{ id: pending.id, status: "settled", txHash: transaction }]);
  });

  it("does not settle, for another purchase, an authorization the ledger holds pending for one", async () => {
    const [key] = await stack.fundedWallets(1);
    const { payload } = await paymentLeftPending(key);
    // Same price, another filing; without the echo of the sign-in extension, which names the first filing.
    const other = `${BASE}/v1/disclosures/summary?rcptNo=20260424000778`;
    const bare = encodePaymentSignatureHeader({ ...payload, extensions: undefined });
    const { result, paid, received } = await measureBalances(stack, key, () =>
      app(other, { headers: { "PAYMENT-SIGNATURE": bare } }),
    );
    expect(result.status).toBe(402);
    expect((await result.json()).error).toMatch(/^payment_in_use: .*sign a new payment/);
    expect([paid, received]).toEqual([0n, 0n]);
    expect(await rowsOf(addressOf(key))).toMatchObject([{ status: "pending", params: { rcptNo: RCPT_NO } }]);
  });

  it("settles an authorization again once its earlier settlement failed, in the same row", async () => {
    const [key] = await stack.fundedWallets(1);
    const { header } = await paymentLeftPending(key);
    const [pending] = await rowsOf(addressOf(key));
    await notePaymentFailure(await getDb(), pending.id, "transaction_failed");
    const { result, paid } = await measureBalances(stack, key, () =>
      app(summaryUrl, { headers: { "PAYMENT-SIGNATURE": header } }),
    );
    expect(result.status).toBe(200);
    expect(paid).toBe(5000n);
    const { transaction } = decodePaymentResponseHeader(result.headers.get("PAYMENT-RESPONSE")!);
    expect(await rowsOf(addressOf(key))).toMatchObject([
      { id: pending.id, status: "settled", txHash: transaction, failure: null },
    ]);
  });

  it("settles nothing outside a paid call, where no ledger row could be written", async () => {
    const [key] = await stack.fundedWallets(1);
    const { payload } = await signPayment(stack.chain, key, challengeFrom(await app(summaryUrl)));
    const { server } = await paymentStack();
    const { result, paid } = await measureBalances(stack, key, () =>
      server.settlePayment(payload, exactRequirements(stack.chain)).catch((error: unknown) => error),
    );
    expect(result).toBeInstanceOf(SettleError);
    expect((result as SettleError).errorReason).toBe("unrecorded_settlement");
    expect(paid).toBe(0n);
  });
});

describe("/api/cron/payments", () => {
  const cron = (authorization?: string) =>
    ledgerCron(
      new Request("http://localhost/api/cron/payments", { headers: authorization ? { authorization } : {} }),
      undefined,
    );

  it("is the scheduler's only, and resolves pending payments", async () => {
    expect((await cron("Bearer nope")).status).toBe(401);
    process.env.CRON_SECRET = "cron-secret-for-tests";
    resetEnv();
    try {
      const [key] = await stack.fundedWallets(1);
      await paymentLeftPending(key);
      const response = await cron("Bearer cron-secret-for-tests");
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ status: "completed", pending: expect.any(Number) });
      const db = await getDb();
      const [row] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.payer, addressOf(key)), eq(payments.status, "pending")));
      expect(row).toBeDefined(); // still within its validBefore: rightly pending
    } finally {
      delete process.env.CRON_SECRET;
      resetEnv();
    }
  });
});
