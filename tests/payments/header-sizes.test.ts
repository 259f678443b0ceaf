/**
 * x402 headers stay well under the 8 KB many proxies allow per header: the challenge
 * (PAYMENT-REQUIRED) and the signed payment an @x402/fetch client sends back (PAYMENT-SIGNATURE),
 * for both paid endpoints at their largest price, while that client still parses the challenge,
 * pays, and gets the content. Real parts: route handlers, @x402 facilitator, Hardhat chain.
 */
import { validateDiscoveryExtension, type DiscoveryExtension } from "@x402/extensions/bazaar";
import { describe, expect, it } from "vitest";
import { GET as byTicker } from "@/app/v1/disclosures/by-ticker/route";
import { GET as summary } from "@/app/v1/disclosures/summary/route";
import { appFetch, challengeFrom, payingAgent, setUpPaymentTestStack } from "../support/payments";

/**
 * 2 KB below the common 8 KB proxy limit: room for a longer URL or another extension. (It was
 * 5 KB until every extension entry carried its JSON schema, as x402's sign-in-with-x entry now
 * does: about 600 bytes more in each header.)
 */
const HEADER_BUDGET = 6144;
const BASE = "http://localhost:3000";
const URLS = [
  `${BASE}/v1/disclosures/summary?rcptNo=20260424000778`,
  `${BASE}/v1/disclosures/by-ticker?ticker=005930&limit=50`,
];

const stack = setUpPaymentTestStack();

const routes = appFetch({ "/v1/disclosures/summary": summary, "/v1/disclosures/by-ticker": byTicker });

describe.each(URLS)("x402 headers of %s", (url) => {
  it("a challenge under the budget that still declares the endpoint for the Bazaar", async () => {
    const response = await routes(url);
    expect(response.status).toBe(402);
    expect(response.headers.get("PAYMENT-REQUIRED")!.length).toBeLessThan(HEADER_BUDGET);
    const bazaar = challengeFrom(response).extensions?.bazaar as DiscoveryExtension;
    expect(validateDiscoveryExtension(bazaar)).toEqual({ valid: true });
    expect(bazaar.info.input).toMatchObject({ type: "http", method: "GET" });
  }, 90_000); // the first request opens, migrates and seeds the app's database

  it("a signed payment under the budget, which @x402/fetch sends and the route settles", async () => {
    const sent: string[] = [];
    const recording: typeof fetch = async (input, init) => {
      const signature = new Request(input, init).headers.get("PAYMENT-SIGNATURE");
      if (signature) sent.push(signature);
      return routes(input, init);
    };
    const response = await payingAgent(recording, stack.chain, stack.chain.payerPrivateKeys[0])(url);
    expect(response.status).toBe(200);
    expect(response.headers.get("PAYMENT-RESPONSE")).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(sent[0].length).toBeLessThan(HEADER_BUDGET);
  });
});
