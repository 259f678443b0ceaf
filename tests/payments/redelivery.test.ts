/**
 * Redelivery by wallet: a wallet that paid proves control of itself with x402's sign-in-with-x
 * (an EIP-4361 message over a nonce issued here) and has what it bought again, free, over HTTP
 * and MCP. Real parts: the route handlers in-process, @x402/next and the @x402 facilitator on a
 * Hardhat chain, the official MCP SDK client, @x402/extensions' own sign-in client code, and the
 * app's database (PGlite, or PostgreSQL with DATABASE_URL).
 */
import { decodePaymentResponseHeader } from "@x402/core/http";
import {
  createSIWxPayload,
  encodeSIWxHeader,
  wrapFetchWithSIWx,
  type SIWxExtensionInfo,
} from "@x402/extensions/sign-in-with-x";
import { eq, sql } from "drizzle-orm";
import type { Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { GET as nonce } from "@/app/v1/auth/nonce/route";
import { GET as purchases } from "@/app/v1/auth/purchases/route";
import { GET as byTicker } from "@/app/v1/disclosures/by-ticker/route";
import { GET as facts } from "@/app/v1/disclosures/facts/route";
import { GET as summary } from "@/app/v1/disclosures/summary/route";
import { payments, signInNonces } from "@/db/schema";
import { getDb } from "@/lib/database";
import { createLocalFacilitator } from "@/lib/payments/facilitator";
import { byTickerResponse, purchasesResponse, signInChallenge, type SignInChallenge } from "@/lib/interface/schemas";
import { paymentStack } from "@/lib/payments/stack";
import { paymentRequiredOf } from "@/lib/mcp/x402";
import { mcpClient, rawCall } from "../mcp/support";
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

const BASE = "http://localhost:3000"; // publicBaseUrl() without PUBLIC_BASE_URL
const RCPT_NO = "20260730800123";
const TICKER = "005930";
const app = appFetch({
  "/v1/disclosures/summary": summary,
  "/v1/disclosures/by-ticker": byTicker,
  "/v1/disclosures/facts": facts,
  "/v1/auth/nonce": nonce,
  "/v1/auth/purchases": purchases,
});
const summaryUrl = (rcptNo = RCPT_NO) => `${BASE}/v1/disclosures/summary?rcptNo=${rcptNo}`;
const factsUrl = (rcptNo = RCPT_NO) => `${BASE}/v1/disclosures/facts?rcptNo=${rcptNo}`;
const byTickerUrl = (limit: number) => `${BASE}/v1/disclosures/by-ticker?ticker=${TICKER}&limit=${limit}`;

const stack = setUpPaymentTestStack();

async function freshChallenge(): Promise<SignInChallenge> {
  const response = await app(`${BASE}/v1/auth/nonce`);
  expect(response.status).toBe(200);
  return signInChallenge.parse(await response.json());
}

/** The sign-in payload of `key` over `challenge` (by default a fresh one from /v1/auth/nonce), as @x402/extensions signs it. */
async function signIn(key: Hex, challenge?: SignInChallenge, changes: Partial<SIWxExtensionInfo> = {}) {
  const { info, supportedChains } = challenge ?? (await freshChallenge());
  const signed = { ...info, ...changes, chainId: supportedChains[0].chainId, type: supportedChains[0].type };
  return createSIWxPayload(signed, privateKeyToAccount(key), `${BASE}/`);
}

const signInHeader = async (key: Hex, challenge?: SignInChallenge, changes?: Partial<SIWxExtensionInfo>) =>
  encodeSIWxHeader(await signIn(key, challenge, changes));

/** Asks for `url` signed in as `key` (or with `header`): the answer, and what the wallet paid meanwhile. */
async function redeliver(key: Hex, url: string, header?: string) {
  const proof = header ?? (await signInHeader(key));
  return measureBalances(stack, key, () => app(url, { headers: { "SIGN-IN-WITH-X": proof } }));
}

async function pay(key: Hex, url: string) {
  const response = await payingAgent(app, stack.chain, key)(url);
  expect(response.status).toBe(200);
  return {
    body: await response.json(),
    transaction: decodePaymentResponseHeader(response.headers.get("PAYMENT-RESPONSE")!).transaction,
  };
}

describe("GET /v1/auth/nonce", () => {
  it("issues a single-use challenge bound to this service, on the payment network, for five minutes", async () => {
    const response = await app(`${BASE}/v1/auth/nonce`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const challenge = signInChallenge.parse(await response.json());
    expect(challenge.info).toMatchObject({ domain: "localhost:3000", uri: `${BASE}/`, version: "1" });
    expect(challenge.supportedChains).toEqual([{ chainId: "eip155:8453", type: "eip191" }]);
    const lifetime = Date.parse(challenge.info.expirationTime) - Date.parse(challenge.info.issuedAt);
    expect(lifetime).toBe(300_000);
    expect((await freshChallenge()).info.nonce).not.toBe(challenge.info.nonce);
    const [stored] = await (
      await getDb()
    )
      .select()
      .from(signInNonces)
      .where(eq(signInNonces.nonce, challenge.info.nonce));
    expect(stored.expiresAt.toISOString()).toBe(challenge.info.expirationTime);
  });
});

describe("a summary bought before", () => {
  it("comes again, free, to the wallet that paid, naming the payment", async () => {
    const [key] = await stack.fundedWallets(1);
    const bought = await pay(key, summaryUrl());
    const { result, paid, received } = await redeliver(key, summaryUrl());
    expect(result.status).toBe(200);
    expect([paid, received]).toEqual([0n, 0n]);
    expect(await result.json()).toEqual(bought.body);
    expect(result.headers.get("X-Redelivered-Payment")).toBe(bought.transaction);
    expect(result.headers.get("PAYMENT-RESPONSE")).toBeNull();
    expect(result.headers.get("cache-control")).toBe("no-store, private");
    expect(result.headers.get("access-control-expose-headers")).toContain("X-Redelivered-Payment");
  });

  it("comes again as its facts, and facts bought come again as the summary: one filing, one purchase", async () => {
    const [summaryBuyer, factsBuyer] = await stack.fundedWallets(2);
    const boughtSummary = await pay(summaryBuyer, summaryUrl());
    const asFacts = await redeliver(summaryBuyer, factsUrl());
    expect(asFacts.result.status).toBe(200);
    expect([asFacts.paid, asFacts.received]).toEqual([0n, 0n]);
    const factsBody = await asFacts.result.json();
    expect(factsBody.summary).toEqual(boughtSummary.body);
    expect(factsBody.facts.length).toBeGreaterThan(0);
    expect(asFacts.result.headers.get("X-Redelivered-Payment")).toBe(boughtSummary.transaction);

    const boughtFacts = await pay(factsBuyer, factsUrl());
    const asSummary = await redeliver(factsBuyer, summaryUrl());
    expect(asSummary.result.status).toBe(200);
    expect([asSummary.paid, asSummary.received]).toEqual([0n, 0n]);
    expect(await asSummary.result.json()).toEqual(boughtFacts.body.summary);
  });

  it("is refused (the usual 402, saying why) for a used nonce, another wallet, a forged signer or another domain", async () => {
    const [buyer, stranger] = await stack.fundedWallets(2);
    await pay(buyer, summaryUrl());

    const once = await signInHeader(buyer);
    expect((await redeliver(buyer, summaryUrl(), once)).result.status).toBe(200);
    const reasons: string[] = [];
    const refusal = async (key: Hex, header: string) => {
      const { result, paid } = await redeliver(key, summaryUrl(), header);
      expect(result.status).toBe(402);
      expect(paid).toBe(0n);
      const challenge = challengeFrom(result);
      expect(challenge.accepts[0].amount).toBe("5000"); // a payment still buys it
      reasons.push(challenge.error!);
    };
    await refusal(buyer, once); // replayed
    await refusal(stranger, await signInHeader(stranger)); // never paid for it
    // The stranger's signature over a message naming the buyer.
    const forged = { ...(await signIn(stranger)), address: addressOf(buyer) };
    await refusal(buyer, encodeSIWxHeader(forged));
    // Bound to another domain (a phishing site's message), and a nonce this service never issued.
    const challenge = await freshChallenge();
    const elsewhere = {
      ...challenge,
      info: { ...challenge.info, domain: "evil.example", uri: "https://evil.example/" },
    };
    const phished = await createSIWxPayload(
      { ...elsewhere.info, chainId: "eip155:8453", type: "eip191" },
      privateKeyToAccount(buyer),
      "https://evil.example/",
    );
    await refusal(buyer, encodeSIWxHeader(phished));
    await refusal(buyer, await signInHeader(buyer, challenge, { nonce: "0123456789abcdef0123456789abcdef" }));
    await refusal(buyer, "not base64 at all!");

    expect(reasons).toEqual([
      expect.stringContaining("invalid_siwx_nonce"),
      expect.stringMatching(/has no settled payment for this/),
      expect.stringContaining("invalid_siwx_signature"),
      expect.stringContaining("invalid_siwx_domain_mismatch"),
      expect.stringContaining("invalid_siwx_nonce"),
      expect.stringContaining("invalid_siwx_payload"),
    ]);
  });

  it("comes again to a wallet whose payment a dead process left pending, once the chain shows it settled", async () => {
    const [key] = await stack.fundedWallets(1);
    const { payload, header } = await signPayment(stack.chain, key, challengeFrom(await app(summaryUrl())));
    // The process records the payment, then dies before sending it...
    const { server } = await paymentStack();
    let dying = true;
    server.onBeforeSettle(async () => (dying ? { abort: true, reason: "process_died" } : undefined));
    try {
      expect((await app(summaryUrl(), { headers: { "PAYMENT-SIGNATURE": header } })).status).toBe(402);
    } finally {
      dying = false;
    }
    const before = await redeliver(key, summaryUrl());
    expect(before.result.status).toBe(402); // not charged (yet): nothing to have again

    // ...or, as here, after sending it: the payer was charged and has no answer.
    const settlement = await createLocalFacilitator({
      rpcUrl: stack.chain.rpcUrl,
      // Another sender than the server's facilitator, whose cached transaction nonce this would take.
      privateKey: stack.chain.payerPrivateKeys[2],
      network: stack.chain.network,
      pollingIntervalMs: 50,
    }).settle(payload, exactRequirements(stack.chain));
    expect(settlement.success).toBe(true);

    const { result, paid } = await redeliver(key, summaryUrl());
    expect(result.status).toBe(200);
    expect(paid).toBe(0n);
    expect(result.headers.get("X-Redelivered-Payment")).toBe(settlement.transaction);
    const [row] = await (
      await getDb()
    )
      .select()
      .from(payments)
      .where(eq(payments.payer, addressOf(key)));
    expect(row).toMatchObject({ status: "settled", txHash: settlement.transaction });
  });

  it("comes again to an x402 client with the sign-in extension, from the 402's own challenge", async () => {
    const [key] = await stack.fundedWallets(1);
    const unpaid = challengeFrom(await app(summaryUrl()));
    expect(unpaid.extensions?.["sign-in-with-x"]).toMatchObject({
      info: { domain: "localhost:3000", uri: summaryUrl(), resources: [summaryUrl()] },
      supportedChains: [{ chainId: "eip155:8453", type: "eip191" }],
    });
    const bought = await pay(key, summaryUrl());
    const client = wrapFetchWithSIWx(app, privateKeyToAccount(key));
    const { result, paid } = await measureBalances(stack, key, () => client(summaryUrl()));
    expect(result.status).toBe(200);
    expect(paid).toBe(0n);
    expect(await result.json()).toEqual(bought.body);
  });
});

describe("a by-ticker set bought before", () => {
  it("comes again as it was bought, and each of its summaries on its own; another limit is a new purchase", async () => {
    const [key] = await stack.fundedWallets(1);
    const bought = await pay(key, byTickerUrl(2));
    const set = byTickerResponse.parse(bought.body);
    expect(set.summaries).toHaveLength(2);

    const again = await redeliver(key, byTickerUrl(2));
    expect(again.result.status).toBe(200);
    expect(again.paid).toBe(0n);
    expect(await again.result.json()).toEqual(bought.body);

    const one = await redeliver(key, summaryUrl(set.summaries[1].rcptNo));
    expect(one.result.status).toBe(200);
    expect((await one.result.json()).rcptNo).toBe(set.summaries[1].rcptNo);

    const other = await redeliver(key, byTickerUrl(3));
    expect(other.result.status).toBe(402);
    expect(challengeFrom(other.result).accepts[0].amount).toBe("15000");
  });
});

describe("GET /v1/auth/purchases", () => {
  it("lists what the signed-in wallet bought, newest first, and nothing without a valid sign-in", async () => {
    const [key] = await stack.fundedWallets(1);
    const first = await pay(key, summaryUrl());
    const second = await pay(key, byTickerUrl(1));
    const response = await app(`${BASE}/v1/auth/purchases`, {
      headers: { "SIGN-IN-WITH-X": await signInHeader(key) },
    });
    expect(response.status).toBe(200);
    const listed = purchasesResponse.parse(await response.json());
    expect(listed.wallet).toBe(addressOf(key));
    expect(listed.purchases.map((p) => [p.paidEndpoint, p.path, p.transaction, p.amount])).toEqual([
      ["get-by-ticker", "/v1/disclosures/by-ticker", second.transaction, "5000"],
      ["get-summary", "/v1/disclosures/summary", first.transaction, "5000"],
    ]);
    expect(listed.purchases[1]).toMatchObject({ params: { rcptNo: RCPT_NO }, delivered: [RCPT_NO] });

    expect((await app(`${BASE}/v1/auth/purchases`)).status).toBe(401);
    const forged = encodeSIWxHeader({ ...(await signIn(key)), signature: `0x${"11".repeat(65)}` });
    const refused = await app(`${BASE}/v1/auth/purchases`, { headers: { "SIGN-IN-WITH-X": forged } });
    expect(refused.status).toBe(401);
    expect((await refused.json()).message).toContain("invalid_siwx_signature");
  });
});

describe("GET /v1/auth/purchases?include=content", () => {
  const listUrl = (query: string) => `${BASE}/v1/auth/purchases?${query}`;
  const signedList = async (key: Hex, query: string, header?: string) => {
    const proof = header ?? (await signInHeader(key));
    return measureBalances(stack, key, () => app(listUrl(query), { headers: { "SIGN-IN-WITH-X": proof } }));
  };

  it("delivers, under one sign-in, every filing the wallet bought (alone, as facts or in a set) as the facts route does", async () => {
    const [key] = await stack.fundedWallets(1);
    const single = await pay(key, summaryUrl());
    const set = byTickerResponse.parse((await pay(key, byTickerUrl(2))).body);
    const bought = [...new Set([...set.summaries.map((s) => s.rcptNo), RCPT_NO])];

    const header = await signInHeader(key);
    const { result, paid, received } = await signedList(key, "include=content", header);
    expect(result.status).toBe(200);
    expect(result.headers.get("cache-control")).toBe("no-store");
    expect([paid, received]).toEqual([0n, 0n]);
    const answer = purchasesResponse.parse(await result.json());
    expect(answer.purchases).toHaveLength(2);
    expect(answer.contentsLeft).toEqual([]);
    // Newest purchase first, each filing once.
    expect(answer.contents!.map((c) => c.rcptNo)).toEqual(bought);
    for (const item of answer.contents!) {
      expect(item.unavailable).toBeUndefined();
      expect(item.content!.rcptNo).toBe(item.rcptNo);
      expect(item.content!.facts.length).toBeGreaterThan(0);
      // The same content the facts route delivers again to this wallet.
      const viaRoute = await redeliver(key, factsUrl(item.rcptNo));
      expect(viaRoute.result.status).toBe(200);
      expect(await viaRoute.result.json()).toEqual(item.content);
    }
    expect(answer.contents!.find((c) => c.rcptNo === RCPT_NO)!.content!.summary).toEqual(single.body);

    // The nonce was used once, for the list and the content together.
    const replayed = await signedList(key, "include=content", header);
    expect(replayed.result.status).toBe(401);
    expect((await replayed.result.json()).message).toContain("invalid_siwx_nonce");
  });

  it("never delivers another wallet's purchase, even when asked for by receipt number", async () => {
    const [walletA, walletB] = await stack.fundedWallets(2);
    await pay(walletA, summaryUrl());
    const setB = byTickerResponse.parse((await pay(walletB, byTickerUrl(3))).body);
    const onlyB = setB.summaries.map((s) => s.rcptNo).find((rcptNo) => rcptNo !== RCPT_NO)!;
    expect(onlyB).toBeDefined();

    const all = purchasesResponse.parse(await (await signedList(walletA, "include=content")).result.json());
    expect(all.wallet).toBe(addressOf(walletA));
    expect(all.contents!.map((c) => c.rcptNo)).toEqual([RCPT_NO]);

    const asked = await signedList(walletA, `include=content&rcptNo=${onlyB},${RCPT_NO}`);
    expect(asked.paid).toBe(0n);
    const narrowed = purchasesResponse.parse(await asked.result.json());
    expect(narrowed.contents).toEqual([
      {
        rcptNo: onlyB,
        unavailable: { error: "not_purchased", message: expect.stringContaining(addressOf(walletA)) },
      },
      expect.objectContaining({ rcptNo: RCPT_NO, content: expect.objectContaining({ rcptNo: RCPT_NO }) }),
    ]);
    expect(JSON.stringify(narrowed)).not.toContain(setB.summaries.find((s) => s.rcptNo === onlyB)!.summaryEn);
  });

  it("lists a purchase whose content cannot be produced now with its reason, the rest delivered", async () => {
    const [key] = await stack.fundedWallets(1);
    await pay(key, summaryUrl());
    const db = await getDb();
    const [row] = await db
      .select()
      .from(payments)
      .where(eq(payments.payer, addressOf(key)));
    // A settled purchase of a filing no longer in the database: the facts route would answer 404.
    const gone = "20990101000001";
    await db.insert(payments).values({
      ...row,
      id: undefined,
      params: { rcptNo: gone },
      delivered: [gone],
      txHash: `0x${"ab".repeat(32)}`,
      nonce: `0x${"cd".repeat(32)}`,
      recordedAt: new Date(),
    });
    const { result } = await signedList(key, "include=content");
    expect(result.status).toBe(200);
    const answer = purchasesResponse.parse(await result.json());
    expect(answer.contents!.map((c) => [c.rcptNo, c.unavailable?.error, c.content?.rcptNo])).toEqual([
      [gone, "not_found", undefined],
      [RCPT_NO, undefined, RCPT_NO],
    ]);
  });

  it("is refused for an expired nonce, and bad parameters are 400 before any sign-in is used", async () => {
    const [key] = await stack.fundedWallets(1);
    await pay(key, summaryUrl());
    const challenge = await freshChallenge();
    await (
      await getDb()
    ).execute(
      sql`update sign_in_nonces set expires_at = now() - interval '1 second' where nonce = ${challenge.info.nonce}`,
    );
    const expired = await signedList(key, "include=content", await signInHeader(key, challenge));
    expect(expired.result.status).toBe(401);
    expect((await expired.result.json()).message).toContain("invalid_siwx_nonce");

    const header = await signInHeader(key);
    const tooMany = Array.from({ length: 51 }, (_, i) => String(20260101000000 + i)).join(",");
    for (const query of [
      "include=content&rcptNo=123",
      `include=content&rcptNo=${tooMany}`,
      `rcptNo=${RCPT_NO}`,
      "include=everything",
    ]) {
      const { result } = await signedList(key, query, header);
      expect(result.status, query).toBe(400);
      expect((await result.json()).error).toBe("validation_failed");
    }
    // None of those used the nonce up.
    expect((await signedList(key, "include=content", header)).result.status).toBe(200);
  });
});

describe("over MCP", () => {
  it("a paid tool delivers again, free, to a wallet signed in through _meta, from the tool's own challenge", async () => {
    const [key] = await stack.fundedWallets(1);
    const mcp = await mcpClient(stack.chain, key);
    try {
      const paid = await mcp.callTool("get_filing_summary", { rcptNo: RCPT_NO });
      expect(paid.result.isError).toBeFalsy();

      const unpaid = paymentRequiredOf(await rawCall(mcp, "get_filing_summary", { rcptNo: RCPT_NO }))!;
      const challenge = signInChallenge.parse(unpaid.extensions!["sign-in-with-x"]);
      expect(challenge.info).toMatchObject({ uri: `${BASE}/mcp`, resources: ["mcp://tool/get_filing_summary"] });
      const proof = await signIn(key, challenge);
      const { result: again, paid: charged } = await measureBalances(stack, key, () =>
        rawCall(mcp, "get_filing_summary", { rcptNo: RCPT_NO }, { "sign-in-with-x": proof }),
      );
      expect(again.isError).toBeFalsy();
      expect(charged).toBe(0n);
      expect(again.structuredContent).toEqual(paid.result.structuredContent);
      expect(again._meta?.["sign-in-with-x"]).toMatchObject({
        redelivered: true,
        transaction: paid.settlement!.transaction,
        payer: addressOf(key),
      });

      const replayed = await rawCall(mcp, "get_filing_summary", { rcptNo: RCPT_NO }, { "sign-in-with-x": proof });
      expect(paymentRequiredOf(replayed)?.error).toContain("invalid_siwx_nonce");
    } finally {
      await mcp.close();
    }
  });
});

describe("sign-in nonces", () => {
  it("are not kept past their expiry", async () => {
    const db = await getDb();
    const challenge = await freshChallenge();
    await db.execute(
      sql`update sign_in_nonces set expires_at = now() - interval '1 second' where nonce = ${challenge.info.nonce}`,
    );
    const [key] = await stack.fundedWallets(1);
    await pay(key, summaryUrl());
    const { result } = await redeliver(key, summaryUrl(), await signInHeader(key, challenge));
    expect(challengeFrom(result).error).toContain("invalid_siwx_nonce");
  });
});
