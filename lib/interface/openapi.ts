/**
 * The OpenAPI 3.1 document, generated from the same zod schemas the handlers validate with,
 * the paid-endpoint catalogue, and the published vocabularies.
 */
import { z } from "zod";
import { AUDIENCE_TAGS, EVENT_TYPES, MARKETS, SECTOR_TAGS } from "@/lib/classify";
import { PAID_ENDPOINTS, PRICE_PER_SUMMARY_UNITS, USDC_EIP712, MAX_TIMEOUT_SECONDS, BY_TICKER_LIMIT } from "@/lib/interface/pricing";
import * as s from "./schemas";

export const API_VERSION = "0.0.1";

interface NetworkInfo {
  network: string;
  asset: string;
  payTo: string;
}

type JsonSchema = Record<string, unknown>;

function schemaOf(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, { io: "output", unrepresentable: "any" }) as JsonSchema;
  delete json.$schema;
  return json;
}

function queryParameters(object: z.ZodObject, required: string[] = [], examples: Record<string, unknown> = {}) {
  return Object.entries(object.shape).map(([name, field]) => {
    const meta = (field as z.ZodType).meta() ?? {};
    const schema = schemaOf(field as z.ZodType);
    if (meta.default !== undefined) schema.default = meta.default;
    const example = examples[name] ?? meta.example;
    if (example !== undefined) schema.example = example;
    return {
      name,
      in: "query",
      required: required.includes(name),
      description: meta.description,
      schema,
      ...(example !== undefined ? { example } : {}),
    };
  });
}

/**
 * A paid operation's parameter examples from the catalogue: a real filing and a listed ticker,
 * so an indexer trying the example gets the 402 challenge, not a 404.
 */
function paidExamples(id: (typeof PAID_ENDPOINTS)[number]["id"]): Record<string, unknown> {
  const endpoint = PAID_ENDPOINTS.find((e) => e.id === id)!;
  return Object.fromEntries(endpoint.params.map((p) => [p.name, p.type === "integer" ? Number(p.example) : p.example]));
}

/** The x402 v2 challenge, as the 402 body and (base64) the PAYMENT-REQUIRED header carry it. */
const PAYMENT_REQUIRED_SCHEMA = {
  type: "object",
  required: ["x402Version", "resource", "accepts"],
  properties: {
    x402Version: { type: "integer", const: 2 },
    error: { type: "string", description: "Why the request was not served: a missing, invalid, refused or unsettled payment" },
    resource: {
      type: "object",
      required: ["url"],
      properties: { url: { type: "string", format: "uri" }, description: { type: "string" }, mimeType: { type: "string" } },
    },
    accepts: {
      type: "array",
      items: {
        type: "object",
        required: ["scheme", "network", "asset", "amount", "payTo", "maxTimeoutSeconds"],
        properties: {
          scheme: { type: "string", const: "exact" },
          network: { type: "string", description: "CAIP-2 network id" },
          asset: { type: "string", description: "Token contract address" },
          amount: { type: "string", description: "Token units (6 decimals): 5000 per summary" },
          payTo: { type: "string", description: "Recipient wallet" },
          maxTimeoutSeconds: { type: "integer" },
          extra: {
            type: "object",
            properties: { name: { type: "string" }, version: { type: "string" } },
            description: "EIP-712 domain of the token: name and version",
          },
        },
      },
    },
    extensions: { type: "object", description: "Discovery metadata (bazaar)" },
  },
};

const json = (ref: string, description = "OK") => ({
  description,
  content: { "application/json": { schema: { $ref: `#/components/schemas/${ref}` } } },
});
const error = (description: string) => json("Error", description);
const freeDocument = (description: string) => ({ description, content: { "application/json": { schema: { type: "object" } } } });

export function buildOpenApiDocument(baseUrl: string, payment: NetworkInfo) {
  const paymentInfo = (id: (typeof PAID_ENDPOINTS)[number]["id"]) => ({
    scheme: "exact",
    network: payment.network,
    asset: payment.asset,
    payTo: payment.payTo,
    amount: PRICE_PER_SUMMARY_UNITS.toString(),
    amountMode: id === "get-summary" ? "fixed" : "perResult",
    ...(id === "get-by-ticker"
      ? { countParam: "limit", defaultCount: BY_TICKER_LIMIT.default, maxCount: BY_TICKER_LIMIT.max }
      : {}),
    tokenName: USDC_EIP712.name,
    tokenVersion: USDC_EIP712.version,
    maxTimeoutSeconds: MAX_TIMEOUT_SECONDS,
    protocol: "x402",
    x402Version: 2,
  });
  const paid402 = {
    description:
      "Payment required. The challenge is base64 JSON in the PAYMENT-REQUIRED header and the same payload in the body; sign it (EIP-3009) and repeat the request with PAYMENT-SIGNATURE.",
    headers: { "PAYMENT-REQUIRED": { schema: { type: "string" }, description: "base64 PaymentRequired (x402 v2)" } },
    content: { "application/json": { schema: { $ref: "#/components/schemas/PaymentRequired" } } },
  };
  const paidOk = (ref: string) => ({
    ...json(ref),
    headers: {
      "PAYMENT-RESPONSE": { schema: { type: "string" }, description: "base64 settlement result" },
      "X-PAYMENT-RESPONSE": { schema: { type: "string" }, description: "legacy alias of PAYMENT-RESPONSE" },
      "X-Summary-Generator": {
        schema: { type: "string" },
        description:
          "Who wrote each summary and from what: '<model id or offline-extractive version>; basis=<body|structured|body+structured>[; fallback]' (fallback: written while the model was failing; replaced once it answers). by-ticker: one comma-separated entry per summary, ending '; rcptNo=<no>'",
      },
    },
  });
  const notSellable = error(
    "summary_not_available, with reason: not_in_snapshot (the offline snapshot lacks the filing's body) or no_document (DART has no document or structured record). Answered before any payment; never charged",
  );
  const paymentHeaders = [
    { name: "PAYMENT-SIGNATURE", in: "header", required: false, schema: { type: "string" }, description: "Signed x402 v2 payment (base64)" },
    { name: "X-PAYMENT", in: "header", required: false, schema: { type: "string" }, description: "Legacy name, also accepted" },
  ];

  const registry = z.registry<{ id: string }>();
  for (const schema of [s.recentFilingDto, s.recentFilingsResponse, s.disclosureSummaryDto, s.byTickerResponse, s.companyDto, s.companySearchResponse, s.summaryAvailabilityResponse, s.errorBody]) {
    registry.add(schema, { id: (schema.meta() as { id: string }).id });
  }
  const { schemas } = z.toJSONSchema(registry, { io: "output", uri: (id) => `#/components/schemas/${id}` }) as {
    schemas: Record<string, JsonSchema>;
  };
  for (const schema of Object.values(schemas)) delete schema.$schema;

  // Vocabularies as enums on the resources that carry them.
  const enums = {
    EventType: { type: "string", enum: EVENT_TYPES.map((e) => e.eventType) },
    AudienceTag: { type: "string", enum: AUDIENCE_TAGS.map((a) => a.tag) },
    SectorTag: { type: "string", enum: SECTOR_TAGS.map((t) => t.tag) },
    Market: { type: "string", enum: MARKETS.map((m) => m.market) },
  };
  for (const name of ["RecentFilingDto", "DisclosureSummaryDto"]) {
    const props = schemas[name].properties as Record<string, JsonSchema>;
    props.eventType = { $ref: "#/components/schemas/EventType" };
    props.actionableFor = { type: "array", items: { $ref: "#/components/schemas/AudienceTag" } };
    props.sectorTags = { ...props.sectorTags, type: "array", items: { $ref: "#/components/schemas/SectorTag" } };
  }
  (schemas.CompanyDto.properties as Record<string, JsonSchema>).market = { $ref: "#/components/schemas/Market" };

  const get = (operationId: string, summary: string, extra: Record<string, unknown>) => ({
    get: { operationId, summary, ...extra },
  });

  return {
    openapi: "3.1.0",
    info: {
      title: "DART in English: Korean corporate disclosures API",
      version: API_VERSION,
      description:
        "Filings of Korean listed companies from DART with English names, English filing-type labels, event types and importance scores. Free feed and directory; English summaries paid per call in USDC on Base over x402 v2.",
    },
    servers: [{ url: baseUrl }],
    paths: {
      "/v1/pricing": get("pricing", "Prices, payment headers and workflow", { responses: { 200: { description: "PricingResponse", content: { "application/json": { schema: { type: "object" } } } } } }),
      "/v1/vocabulary": get("vocabulary", "Event types, audience tags, sector tags and markets", { responses: { 200: { description: "Vocabulary document", content: { "application/json": { schema: { type: "object" } } } } } }),
      "/v1/disclosures/sample": get("getSample", "A constant sample of the paid summary response (free)", { responses: { 200: json("DisclosureSummaryDto") } }),
      "/v1/disclosures/availability": get("getSummaryAvailability", "Whether a filing's summary can be bought, is cached, and who wrote it (free)", {
        parameters: queryParameters(s.availabilityQuery, ["rcptNo"]),
        responses: { 200: json("SummaryAvailability"), 400: error("validation_failed"), 404: error("not_found") },
      }),
      "/v1/disclosures/recent": get("getRecent", "Recent filings, newest first (free)", {
        parameters: queryParameters(s.recentQuery),
        responses: { 200: json("RecentFilingsResponse"), 400: error("validation_failed") },
      }),
      "/v1/companies": get("search", "Fuzzy company search over Korean name, English name and ticker (free)", {
        parameters: queryParameters(s.companySearchQuery, ["q"]),
        responses: { 200: json("CompanySearchResponse"), 400: error("validation_failed") },
      }),
      "/v1/companies/{ticker}": get("getByTicker_1", "One company by ticker (free)", {
        parameters: [{ name: "ticker", in: "path", required: true, schema: schemaOf(s.tickerParam) }],
        responses: { 200: json("CompanyDto"), 400: error("validation_failed"), 404: error("not_found") },
      }),
      "/v1/disclosures/summary": get("getSummary", "English summary of one filing (paid, 0.005 USDC)", {
        parameters: [...queryParameters(s.summaryQuery, ["rcptNo"], paidExamples("get-summary")), ...paymentHeaders],
        responses: {
          200: paidOk("DisclosureSummaryDto"),
          400: error("validation_failed (never charged)"),
          402: paid402,
          404: error("receipt number not ingested yet (never charged)"),
          422: notSellable,
          503: error("summary_unavailable (with retryAfter: DART unreachable, or generation past its deadline) or payments_unavailable (never charged)"),
        },
        "x-payment-info": paymentInfo("get-summary"),
      }),
      "/v1/disclosures/by-ticker": get("getByTicker", "Newest filings of one company with summaries (paid, 0.005 USDC × limit)", {
        parameters: [...queryParameters(s.byTickerQuery, ["ticker"], paidExamples("get-by-ticker")), ...paymentHeaders],
        responses: {
          200: paidOk("ByTickerResponse"),
          400: error("validation_failed (never charged)"),
          402: paid402,
          404: error("unknown ticker (never charged)"),
          422: notSellable,
          503: error("summary_unavailable: none of the summaries could be produced; or payments_unavailable (never charged)"),
        },
        "x-payment-info": paymentInfo("get-by-ticker"),
      }),
      "/.well-known/x402": get("discoveryDocument", "x402 discovery document: paid resources, payTo, asset and network (also at /.well-known/x402.json)", {
        responses: { 200: freeDocument("Discovery document (version 1)") },
      }),
      "/.well-known/agent.json": get("agentJsonDocument", "Agent Web Protocol 0.2 manifest", {
        responses: { 200: freeDocument("Agent manifest") },
      }),
    },
    components: { schemas: { ...schemas, ...enums, PaymentRequired: PAYMENT_REQUIRED_SCHEMA } },
  };
}
