/**
 * POST /v1/alerts/credit with real parts only: the route handler in-process, @x402/next and the
 * @x402 facilitator settling on a Hardhat chain, an agent paying with @x402/fetch, the app's own
 * database (PGlite, or PostgreSQL with DATABASE_URL), and a real webhook receiver.
 *
 * A pack is 0.10 USDC for 100 alerts, credited to the wallet that paid exactly when its ledger
 * row is settled; a sign-in never has it again; its alerts are pushed until it is spent.
 */
import { decodePaymentResponseHeader } from "@x402/core/http";
import { createSIWxPayload, encodeSIWxHeader } from "@x402/extensions/sign-in-with-x";
import { privateKeyToAccount } from "viem/accounts";
import type { Hex } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as credit from "@/app/v1/alerts/credit/route";
import * as watchlists from "@/app/v1/watchlists/route";
import { GET as nonce } from "@/app/v1/auth/nonce/route";
import { GET as purchases } from "@/app/v1/auth/purchases/route";
import { GET as pricing } from "@/app/v1/pricing/route";
import { creditOf } from "@/db/queries";
import { drainDeliveries } from "@/lib/alerts/worker";
import { getDb } from "@/lib/database";
import { resetEnv } from "@/lib/env";
import { storeFilings } from "@/lib/filing-store";
import { alertPackResponse, ALERT_PACK, usdcToUnits } from "@/lib/interface";
import { signInChallenge } from "@/lib/interface/schemas";
import { startReceiver, type Receiver } from "../../dev/support/webhook-receiver";
import {
  addressOf,
  appFetch,
  challengeFrom,
  ledgerRow,
  measureBalances,
  payingAgent,
  setUpPaymentTestStack,
} from "../support/payments";

const BASE = "http://localhost:3000";
const URL_ = `${BASE}/v1/alerts/credit`;
const PACK_UNITS = usdcToUnits(ALERT_PACK.usdc);
const app = appFetch({
  "/v1/alerts/credit": credit.POST,
  "/v1/watchlists": watchlists.POST,
  "/v1/pricing": pricing,
});

const stack = setUpPaymentTestStack();
let receiver: Receiver;
beforeAll(async () => {
  process.env.WEBHOOK_LOCAL_RECEIVERS = "true";
  resetEnv();
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  delete process.env.WEBHOOK_LOCAL_RECEIVERS;
  resetEnv();
});

const none = { params: Promise.resolve({}) };

async function signInHeader(key: Hex): Promise<string> {
  const response = await nonce(new Request(`${BASE}/v1/auth/nonce`), none);
  const { info, supportedChains } = signInChallenge.parse(await response.json());
  const signed = { ...info, chainId: supportedChains[0].chainId, type: supportedChains[0].type };
  return encodeSIWxHeader(await createSIWxPayload(signed, privateKeyToAccount(key), `${BASE}/`));
}

describe("buying alert credit", () => {
  it("challenges a POST for 0.10 USDC without offering a sign-in, and refuses a GET without a challenge", async () => {
    const response = await credit.POST(new Request(URL_, { method: "POST" }), none);
    expect(response.status).toBe(402);
    const challenge = challengeFrom(response);
    expect(challenge.accepts[0]).toMatchObject({ amount: PACK_UNITS.toString(), payTo: stack.chain.payTo });
    expect(challenge.resource?.url).toBe(URL_);
    // Credit is not content: there is nothing a sign-in could have again.
    expect(Object.keys(challenge.extensions ?? {})).not.toContain("sign-in-with-x");

    const get = await credit.GET(new Request(URL_), none);
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
    expect(get.headers.get("payment-required")).toBeNull();

    const bad = await credit.POST(new Request(`${URL_}?alerts=5`, { method: "POST" }), none);
    expect(bad.status).toBe(400);
    expect((await bad.json()).details[0].field).toBe("alerts");
  });

  it("credits the paying wallet with 100 alerts once settled, lists the purchase, and pushes alerts until spent", async () => {
    const [key] = await stack.fundedWallets(1);
    const wallet = addressOf(key);
    const agent = payingAgent(app, stack.chain, key);
    const { result: response, paid } = await measureBalances(stack, key, () => agent(URL_, { method: "POST" }));
    expect(response.status).toBe(200);
    expect(paid).toBe(PACK_UNITS);
    const body = alertPackResponse.parse(await response.json());
    expect(body).toEqual({ wallet, added: 100, bought: 100, spent: 0, balance: 100 });
    const settlement = decodePaymentResponseHeader(response.headers.get("PAYMENT-RESPONSE")!);
    expect(await ledgerRow(settlement.transaction)).toMatchObject({
      status: "settled",
      paidEndpoint: "buy-alert-credit",
      payer: wallet,
      params: { alerts: "100" },
      delivered: [],
    });
    expect(await creditOf(await getDb(), wallet)).toEqual({ bought: 100, spent: 0, balance: 100 });

    // A second pack adds up; the answer counts it.
    const again = await agent(URL_, { method: "POST" });
    expect(alertPackResponse.parse(await again.json())).toMatchObject({ added: 100, bought: 200, balance: 200 });

    // A sign-in alone buys nothing: it is answered with the challenge.
    const signedIn = await credit.POST(
      new Request(URL_, { method: "POST", headers: { "SIGN-IN-WITH-X": await signInHeader(key) } }),
      none,
    );
    expect(signedIn.status).toBe(402);
    expect((await creditOf(await getDb(), wallet)).bought).toBe(200);

    const listed = await purchases(
      new Request(`${BASE}/v1/auth/purchases`, { headers: { "SIGN-IN-WITH-X": await signInHeader(key) } }),
      none,
    );
    expect(listed.status).toBe(200);
    const bought = (await listed.json()).purchases.filter(
      (p: { paidEndpoint: string }) => p.paidEndpoint === "buy-alert-credit",
    );
    expect(bought).toHaveLength(2);
    expect(bought[0]).toMatchObject({ path: "/v1/alerts/credit", amount: PACK_UNITS.toString(), delivered: [] });

    // The wallet's watchlist pushes, spending one credit per 2xx.
    const created = await watchlists.POST(
      new Request(`${BASE}/v1/watchlists`, {
        method: "POST",
        headers: { "SIGN-IN-WITH-X": await signInHeader(key), "Content-Type": "application/json" },
        body: JSON.stringify({ tickers: ["005930"], webhookUrl: receiver.url }),
      }),
      none,
    );
    expect(created.status).toBe(201);
    const { id, secret } = await created.json();
    receiver.setSecret(secret);
    const now = new Date();
    const day = new Date(now.getTime() + 9 * 3600_000).toISOString().slice(0, 10).replaceAll("-", "");
    await storeFilings(
      await getDb(),
      [
        {
          rcept_no: `${day}770001`,
          rcept_dt: day,
          corp_code: "00126380",
          corp_name: "삼성전자",
          stock_code: "005930",
          report_nm: "단일판매ㆍ공급계약체결",
        },
      ],
      now,
    );
    expect(await drainDeliveries(await getDb(), { guard: { local: true } }, 20_000)).toMatchObject({ delivered: 1 });
    const pushed = receiver.deliveries.filter((d) => d.body.includes(id));
    expect(pushed.map((d) => d.verified)).toEqual([true]);
    const balance = await watchlists.GET(
      new Request(`${BASE}/v1/watchlists`, { headers: { "SIGN-IN-WITH-X": await signInHeader(key) } }),
      none,
    );
    expect((await balance.json()).credit).toBe(199);
  });

  it("is priced in /v1/pricing as a POST of 0.10 USDC", async () => {
    const document = await (await app(`${BASE}/v1/pricing`)).json();
    const pack = document.endpoints.find((e: { path: string }) => e.path === "/v1/alerts/credit");
    expect(pack).toMatchObject({ method: "POST", priceUsdc: "0.10", pricingMode: "fixed" });
    expect(pack.exampleCall).toBe(`POST ${BASE}/v1/alerts/credit?alerts=100`);
    expect(alertPackResponse.parse(pack.sampleResponse).balance).toBe(100);
  });
});
