/**
 * The free documents about payment (/v1/pricing, /.well-known/x402, /.well-known/agent.json,
 * /openapi.json), the payment configuration, and what the paid routes answer when no payment
 * can be taken. No chain runs here: the terms come from a local chain state file whose node is
 * not running, which the documents need and the paid routes refuse.
 */
import { validateDiscoveryExtension, type DiscoveryExtension } from "@x402/extensions/bazaar";
import { getAddress } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { GET as summary } from "@/app/v1/disclosures/summary/route";
import { GET as openapi } from "@/app/openapi.json/route";
import { GET as pricing } from "@/app/v1/pricing/route";
import { GET as agent } from "@/app/well-known/agent/route";
import { GET as x402 } from "@/app/well-known/x402/route";
import seedFilings from "@/lib/seed/filings.json";
import {
  alertPackResponse,
  byTickerResponse,
  disclosureFactsResponse,
  disclosureSummaryDto,
  USDC_BY_NETWORK,
} from "@/lib/interface";
import { parseEnv, resetEnv } from "@/lib/env";
import {
  createPaymentStack,
  describePaymentConfig,
  PaymentsUnavailableError,
  resolvePaymentConfig,
} from "@/lib/payments";
import { localChainStateFile, writeLocalChainState, type LocalChainState } from "@/dev/chain";
import { call } from "../support/app";
import { freshPaymentApp } from "../support/payments";

const BASE = "http://localhost:3000";
const KEY = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d" as const;
/** The deterministic local chain's addresses; its RPC port is closed, so no node answers. */
const LOCAL_CHAIN: LocalChainState = {
  rpcUrl: "http://127.0.0.1:9",
  chainId: 8453,
  network: "eip155:8453",
  asset: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
  payTo: "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC",
  facilitatorPrivateKey: KEY,
  payerPrivateKeys: [KEY],
};
const PAY_TO = "0x1111111111111111111111111111111111111111";

let app: Awaited<ReturnType<typeof freshPaymentApp>>;
beforeAll(async () => {
  app = await freshPaymentApp();
});
afterAll(async () => app?.teardown());

/** Runs `run` without the errors and warnings it logs on purpose. */
async function quietly<T>(run: () => Promise<T>): Promise<T> {
  const errors = vi.spyOn(console, "error").mockImplementation(() => {});
  const warnings = vi.spyOn(console, "warn").mockImplementation(() => {});
  try {
    return await run();
  } finally {
    errors.mockRestore();
    warnings.mockRestore();
  }
}

describe("without a facilitator or a local chain", () => {
  it("answers 503 payments_unavailable on the paid routes and the payment documents, never free content", async () => {
    for (const [handler, path] of [
      [summary, "/v1/disclosures/summary?rcptNo=20260730800123"],
      [pricing, "/v1/pricing"],
      [x402, "/.well-known/x402"],
      [agent, "/.well-known/agent.json"],
      [openapi, "/openapi.json"],
    ] as const) {
      const res = await quietly(() => call(handler, path));
      expect(res.status, path).toBe(503);
      expect(res.body.error).toBe("payments_unavailable");
      expect(res.headers.get("access-control-allow-origin")).toBe("*");
    }
  });

  it("still validates first and answers 404 for an unknown filing", async () => {
    expect((await call(summary, "/v1/disclosures/summary?rcptNo=x")).status).toBe(400);
    expect((await call(summary, "/v1/disclosures/summary?rcptNo=20991231000001")).status).toBe(404);
  });
});

describe("with a local chain state file whose node is not running", () => {
  beforeAll(async () => {
    await writeLocalChainState(localChainStateFile(app.dataDir), LOCAL_CHAIN);
  });

  it("refuses the paid routes with 503, never a challenge it could not settle", async () => {
    const res = await quietly(() => call(summary, "/v1/disclosures/summary?rcptNo=20260730800123"));
    expect(res.status).toBe(503);
    expect(res.body.error).toBe("payments_unavailable");
    expect(res.headers.get("PAYMENT-REQUIRED")).toBeNull();
  });

  describe("GET /v1/pricing", () => {
    const requiredParam = z.strictObject({
      name: z.string(),
      in: z.literal("query"),
      type: z.string(),
      description: z.string(),
      example: z.string(),
      required: z.boolean(),
    });
    const paidEndpoint = z.strictObject({
      method: z.enum(["GET", "POST"]),
      path: z.string(),
      priceUsdc: z.string().regex(/^\d+\.\d+$/),
      pricingMode: z.enum(["fixed", "per_result"]),
      description: z.string(),
      requiredParams: z.array(requiredParam),
      exampleCall: z.string(),
      sampleResponse: z.object({}).loose(),
      sampleSettlementTxUrl: z.url(),
    });
    const pricingResponse = z.strictObject({
      x402Network: z.string(),
      x402Asset: z.string(),
      x402Recipient: z.string(),
      paymentHeaders: z.strictObject({
        preferred: z.string(),
        accepted: z.array(z.string()),
        challenge: z.string(),
        settlement: z.string(),
        settlementAliases: z.array(z.string()),
        spec: z.url(),
      }),
      workflow: z.strictObject({ steps: z.array(z.string()).min(3), freeEndpoints: z.record(z.string(), z.string()) }),
      endpoints: z.array(paidEndpoint),
    });

    it("is the spec's PricingResponse, in the local chain's terms", async () => {
      const res = await call(pricing, "/v1/pricing");
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("public, max-age=300, s-maxage=3600");
      const body = pricingResponse.parse(res.body);
      expect(body).toMatchObject({
        x402Network: "eip155:8453",
        x402Asset: LOCAL_CHAIN.asset,
        x402Recipient: LOCAL_CHAIN.payTo,
        paymentHeaders: {
          preferred: "PAYMENT-SIGNATURE",
          accepted: ["PAYMENT-SIGNATURE", "X-PAYMENT"],
          challenge: "PAYMENT-REQUIRED",
          settlement: "PAYMENT-RESPONSE",
          settlementAliases: ["X-PAYMENT-RESPONSE"],
        },
      });
      expect(
        Object.keys(body.workflow.freeEndpoints).some((call) => call.startsWith("GET /v1/disclosures/recent")),
      ).toBe(true);

      const [summaryEndpoint, factsEndpoint, byTickerEndpoint] = body.endpoints;
      expect(summaryEndpoint).toMatchObject({
        path: "/v1/disclosures/summary",
        priceUsdc: "0.005",
        pricingMode: "fixed",
        requiredParams: [{ name: "rcptNo", in: "query", type: "string", example: "20260730800123", required: true }],
        exampleCall: `GET ${BASE}/v1/disclosures/summary?rcptNo=20260730800123`,
        sampleSettlementTxUrl: `https://basescan.org/address/${LOCAL_CHAIN.payTo}#tokentxns`,
      });
      disclosureSummaryDto.parse(summaryEndpoint.sampleResponse);
      // The facts endpoint: the same price and parameter, its answer the sample summary with its fact sheet.
      expect(factsEndpoint).toMatchObject({
        path: "/v1/disclosures/facts",
        priceUsdc: "0.005",
        pricingMode: "fixed",
        requiredParams: [{ name: "rcptNo", in: "query", type: "string", example: "20260730800123", required: true }],
        exampleCall: `GET ${BASE}/v1/disclosures/facts?rcptNo=20260730800123`,
      });
      const sampleFacts = disclosureFactsResponse.parse(factsEndpoint.sampleResponse);
      expect(sampleFacts.summary).toEqual(summaryEndpoint.sampleResponse);
      expect(sampleFacts.facts.length).toBeGreaterThan(3);
      expect(byTickerEndpoint).toMatchObject({
        path: "/v1/disclosures/by-ticker",
        priceUsdc: "0.005",
        pricingMode: "per_result",
      });
      expect(byTickerEndpoint.requiredParams.map((p) => [p.name, p.required])).toEqual([
        ["ticker", true],
        ["limit", false],
      ]);
      expect(byTickerResponse.parse(byTickerEndpoint.sampleResponse)).toMatchObject({
        chargedFor: 1,
        delivered: 1,
        count: 1,
      });
    });

    it("links a configured real settlement", async () => {
      const tx = `0x${"ab".repeat(32)}`;
      process.env.X402_SAMPLE_SETTLEMENT_TX = tx;
      resetEnv();
      try {
        const res = await call(pricing, "/v1/pricing");
        expect(res.body.endpoints[0].sampleSettlementTxUrl).toBe(`https://basescan.org/tx/${tx}`);
      } finally {
        delete process.env.X402_SAMPLE_SETTLEMENT_TX;
        resetEnv();
      }
    });
  });

  describe("GET /.well-known/x402", () => {
    it("lists the paid resources with real example parameters, and the payment terms", async () => {
      const res = await call(x402, "/.well-known/x402");
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        version: 1,
        network: "eip155:8453",
        asset: LOCAL_CHAIN.asset,
        payTo: LOCAL_CHAIN.payTo,
      });
      expect(res.body.resources).toEqual([
        `${BASE}/v1/disclosures/summary?rcptNo=20260730800123`,
        `${BASE}/v1/disclosures/facts?rcptNo=20260730800123`,
        `${BASE}/v1/disclosures/by-ticker?ticker=005930&limit=5`,
      ]);
      expect(seedFilings.some((f) => f.rcptNo === "20260730800123")).toBe(true);
      // The alert pack is sold by POST: in `endpoints`, never among the GET-probed resources.
      expect(res.body.endpoints.map((e: { method: string; path: string }) => `${e.method} ${e.path}`)).toEqual([
        "GET /v1/disclosures/summary",
        "GET /v1/disclosures/facts",
        "GET /v1/disclosures/by-ticker",
        "POST /v1/alerts/credit",
      ]);
      expect(res.body.instructions).toMatch(/PAYMENT-SIGNATURE/);
    });

    it("publishes each paid endpoint's full Bazaar declaration, with the response schema the challenges leave out", async () => {
      const res = await call(x402, "/.well-known/x402");
      const [summaryEndpoint, factsEndpoint, byTickerEndpoint, packEndpoint] = res.body.endpoints;
      for (const [endpoint, dto] of [
        [summaryEndpoint, disclosureSummaryDto],
        [factsEndpoint, disclosureFactsResponse],
        [byTickerEndpoint, byTickerResponse],
        [packEndpoint, alertPackResponse],
      ] as const) {
        const bazaar = endpoint.extensions.bazaar as DiscoveryExtension;
        expect(validateDiscoveryExtension(bazaar)).toEqual({ valid: true });
        const example = (bazaar.info as { output: { example: unknown } }).output.example;
        expect(dto.parse(example)).toBeTruthy();
        const schema = bazaar.schema as unknown as {
          properties: { output: { properties: { example: { properties: object } } } };
        };
        const outputSchema = schema.properties.output.properties.example;
        expect(Object.keys(outputSchema.properties)).toEqual(Object.keys(example as object));
      }
    });
  });

  describe("GET /.well-known/agent.json", () => {
    const input = z.strictObject({ type: z.string(), required: z.boolean(), description: z.string() });
    const action = z.strictObject({
      id: z.string(),
      description: z.string(),
      intent: z.string(),
      method: z.enum(["GET", "POST"]),
      endpoint: z.url(),
      inputs: z.record(z.string(), input),
      parameters: z.array(
        z.strictObject({
          name: z.string(),
          in: z.literal("query"),
          type: z.string(),
          required: z.boolean(),
          description: z.string(),
        }),
      ),
      outputs: z.record(z.string(), z.string()),
      auth_required: z.literal(false),
      payment: z.object({ required: z.boolean() }).loose(),
    });
    const manifest = z.object({
      awp_version: z.literal("0.2"),
      domain: z.string(),
      intent: z.string(),
      actions: z.array(action),
      payment: z
        .object({
          protocol: z.literal("x402"),
          network: z.string(),
          asset: z.string(),
          payTo: z.string(),
          details: z.url(),
        })
        .loose(),
      protocols: z.object({ x402: z.object({ version: z.string(), endpoint: z.url() }).loose() }).loose(),
    });

    it("is an AWP 0.2 manifest whose paid actions point to /.well-known/x402", async () => {
      const res = await call(agent, "/.well-known/agent.json");
      expect(res.status).toBe(200);
      const body = manifest.parse(res.body);
      expect(body.domain).toBe("localhost:3000");
      expect(body.actions.map((a) => a.id)).toEqual([
        "find-company",
        "list-recent-filings",
        "check-summary-availability",
        "get-by-ticker",
        "get-summary",
        "get-facts",
        "buy-alert-credit",
      ]);
      const byId = Object.fromEntries(body.actions.map((a) => [a.id, a]));
      expect(byId["find-company"]).toMatchObject({ endpoint: `${BASE}/v1/companies`, payment: { required: false } });
      expect(byId["find-company"].inputs.q.required).toBe(true);
      expect(byId["list-recent-filings"].parameters.map((p) => [p.name, p.required])).toEqual([
        ["limit", false],
        ["since_hours", false],
        ["ticker", false],
      ]);
      for (const id of ["get-by-ticker", "get-summary", "get-facts"]) {
        expect(byId[id].payment).toMatchObject({
          required: true,
          protocol: "x402",
          details: `${BASE}/.well-known/x402`,
        });
      }
      expect(byId["get-by-ticker"].payment.pricingMode).toBe("per_result");
      for (const id of ["get-summary", "get-facts"]) {
        expect(byId[id].inputs).toEqual({ rcptNo: expect.objectContaining({ type: "string", required: true }) });
        expect(byId[id].payment).toMatchObject({ priceUsdc: "0.005", pricingMode: "fixed" });
      }
      expect(byId["get-facts"].endpoint).toBe(`${BASE}/v1/disclosures/facts`);
      expect(body.payment).toMatchObject({
        payTo: LOCAL_CHAIN.payTo,
        asset: LOCAL_CHAIN.asset,
        details: `${BASE}/.well-known/x402`,
      });
      expect(body.protocols.x402).toMatchObject({ version: "2", endpoint: `${BASE}/.well-known/x402` });
    });
  });

  describe("GET /openapi.json", () => {
    it("describes every public path, the paid operations' x-payment-info and 402, with real examples", async () => {
      const res = await call(openapi, "/openapi.json");
      expect(res.status).toBe(200);
      const doc = res.body;
      expect(doc.openapi).toBe("3.1.0");
      expect(doc.info.version).toBe("0.0.1");
      expect(Object.keys(doc.paths)).toEqual(
        expect.arrayContaining([
          "/v1/pricing",
          "/v1/disclosures/recent",
          "/v1/disclosures/summary",
          "/v1/disclosures/facts",
          "/v1/disclosures/by-ticker",
          "/v1/disclosures/availability",
          "/.well-known/x402",
          "/.well-known/agent.json",
        ]),
      );
      const getSummary = doc.paths["/v1/disclosures/summary"].get;
      expect(getSummary["x-payment-info"]).toMatchObject({
        scheme: "exact",
        network: "eip155:8453",
        asset: LOCAL_CHAIN.asset,
        payTo: LOCAL_CHAIN.payTo,
        amount: "5000",
        amountMode: "fixed",
        tokenName: "USD Coin",
        tokenVersion: "2",
      });
      expect(getSummary.parameters[0]).toMatchObject({ name: "rcptNo", example: "20260730800123" });
      expect(getSummary.responses["402"].content["application/json"].schema).toEqual({
        $ref: "#/components/schemas/PaymentRequired",
      });
      expect(doc.components.schemas.PaymentRequired.required).toEqual(["x402Version", "resource", "accepts"]);
      const getByTicker = doc.paths["/v1/disclosures/by-ticker"].get;
      expect(getByTicker["x-payment-info"]).toMatchObject({
        amountMode: "perResult",
        countParam: "limit",
        defaultCount: 5,
        maxCount: 50,
      });
      expect(Object.keys(getByTicker.responses)).toEqual(["200", "400", "402", "404", "422", "503"]);
      expect(getSummary.responses["200"].headers).toHaveProperty("X-Summary-Generator");
      // The facts operation: paid and answered like the summary, its 200 the facts resource.
      const getFacts = doc.paths["/v1/disclosures/facts"].get;
      expect(getFacts.operationId).toBe("getFacts");
      expect(getFacts["x-payment-info"]).toEqual(getSummary["x-payment-info"]);
      expect(Object.keys(getFacts.responses)).toEqual(Object.keys(getSummary.responses));
      expect(getFacts.responses["200"].content["application/json"].schema).toEqual({
        $ref: "#/components/schemas/DisclosureFactsResponse",
      });
      const factsSchema = doc.components.schemas.DisclosureFactsResponse;
      expect(factsSchema.properties.summary).toEqual({ $ref: "#/components/schemas/DisclosureSummaryDto" });
      expect(factsSchema.properties.facts.items).toEqual({ $ref: "#/components/schemas/Fact" });
      expect(doc.components.schemas.Fact.required).toEqual(
        expect.arrayContaining(["id", "role", "label", "kind", "value", "unit", "text", "source"]),
      );
      expect(doc.components.schemas.SummaryAvailability.required).toEqual(
        expect.arrayContaining([
          "rcptNo",
          "summaryAvailable",
          "availability",
          "payerRisk",
          "cached",
          "basis",
          "reason",
          "generator",
        ]),
      );
    });
  });

  it("reads the state file again after a few seconds, so a restarted chain's new terms show", async () => {
    const payToOf = async () => (await call(x402, "/.well-known/x402")).body.payTo;
    expect(await payToOf()).toBe(LOCAL_CHAIN.payTo);
    const restarted = { ...LOCAL_CHAIN, payTo: getAddress(PAY_TO) };
    await writeLocalChainState(localChainStateFile(app.dataDir), restarted);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    try {
      expect(await payToOf()).toBe(LOCAL_CHAIN.payTo); // resolved terms are reused for a while
      vi.setSystemTime(Date.now() + 5_001);
      expect(await payToOf()).toBe(restarted.payTo);
    } finally {
      vi.useRealTimers();
      await writeLocalChainState(localChainStateFile(app.dataDir), LOCAL_CHAIN);
    }
  });
});

describe("payment configuration", () => {
  const environment = (vars: Record<string, string>) => parseEnv({ DATA_DIR: "/nonexistent", ...vars });

  it("uses a remote facilitator, USDC of the network and X402_PAY_TO when FACILITATOR_URL is set", () => {
    const config = resolvePaymentConfig(
      environment({ FACILITATOR_URL: "https://facilitator.example/x402", X402_PAY_TO: PAY_TO }),
      undefined,
    );
    expect(config).toEqual({
      network: "eip155:8453",
      asset: USDC_BY_NETWORK["eip155:8453"],
      payTo: getAddress(PAY_TO),
      facilitator: { facilitatorUrl: "https://facilitator.example/x402" },
    });
    const sepolia = resolvePaymentConfig(
      environment({ FACILITATOR_URL: "https://f.example", X402_PAY_TO: PAY_TO, X402_NETWORK: "eip155:84532" }),
      LOCAL_CHAIN,
    );
    expect(sepolia).toMatchObject({ network: "eip155:84532", asset: USDC_BY_NETWORK["eip155:84532"] });
  });

  it("uses the local chain's token and wallet otherwise, unless X402_ASSET / X402_PAY_TO say otherwise", () => {
    const local = resolvePaymentConfig(environment({}), LOCAL_CHAIN);
    expect(local).toMatchObject({ network: "eip155:8453", asset: LOCAL_CHAIN.asset, payTo: LOCAL_CHAIN.payTo });
    expect(local.facilitator.local).toEqual({ rpcUrl: LOCAL_CHAIN.rpcUrl, privateKey: KEY, network: "eip155:8453" });
    expect(resolvePaymentConfig(environment({ X402_PAY_TO: PAY_TO }), LOCAL_CHAIN).payTo).toBe(getAddress(PAY_TO));
    expect(describePaymentConfig(local)).not.toContain(KEY.slice(2));
  });

  it("refuses nonsense, naming the variable", () => {
    expect(() => environment({ FACILITATOR_URL: "https://f.example" })).toThrow(
      /X402_PAY_TO: is required when FACILITATOR_URL is set/,
    );
    expect(() => environment({ X402_PAY_TO: `0x${"0".repeat(40)}` })).toThrow(
      /X402_PAY_TO: must not be the zero address/,
    );
    expect(() => environment({ X402_ASSET: `0x${"0".repeat(40)}` })).toThrow(
      /X402_ASSET: must not be the zero address/,
    );
    expect(() => environment({ X402_PAY_TO: "0x1234" })).toThrow(/X402_PAY_TO/);
    expect(() => resolvePaymentConfig(environment({}), undefined)).toThrow(PaymentsUnavailableError);
    expect(() => resolvePaymentConfig(environment({}), undefined)).toThrow(
      /FACILITATOR_URL is not set and no local chain/,
    );
    expect(() => resolvePaymentConfig(environment({ X402_NETWORK: "eip155:84532" }), LOCAL_CHAIN)).toThrow(
      /X402_NETWORK/,
    );
    expect(() =>
      resolvePaymentConfig(
        environment({ FACILITATOR_URL: "https://f.example", X402_PAY_TO: PAY_TO, CDP_API_KEY_ID: "id" }),
        undefined,
      ),
    ).toThrow(/CDP_API_KEY_SECRET/);
  });

  it("reports an unreachable facilitator as payments unavailable", async () => {
    const config = resolvePaymentConfig(
      environment({ FACILITATOR_URL: "http://127.0.0.1:9", X402_PAY_TO: PAY_TO }),
      undefined,
    );
    await expect(quietly(() => createPaymentStack(config))).rejects.toThrow(PaymentsUnavailableError);
  });

  it("never puts the facilitator key in a challenge or document", async () => {
    const documents = await Promise.all([
      call(pricing, "/v1/pricing"),
      call(x402, "/.well-known/x402"),
      call(agent, "/.well-known/agent.json"),
    ]);
    const address = privateKeyToAccount(KEY).address;
    for (const { body } of documents) {
      expect(JSON.stringify(body)).not.toContain(KEY.slice(2));
      expect(JSON.stringify(body)).not.toContain(address);
    }
  });
});
