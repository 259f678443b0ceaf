/**
 * The OpenAPI 3.1 document, generated from the endpoint list, the same zod schemas the handlers
 * validate with, and the published vocabularies.
 */
import { z } from "zod";
import { AUDIENCE_TAGS, EVENT_TYPES, MARKETS, SECTOR_TAGS } from "@/lib/classify";
import { endpointParams, ENDPOINTS, PAID_ENDPOINTS, type Endpoint } from "./endpoints";
import { PAYMENT_HEADERS, SIGN_IN_WITH_X, SUMMARY_GENERATOR_HEADER } from "./headers";
import {
  BY_TICKER_LIMIT,
  MAX_TIMEOUT_SECONDS,
  PRICE_PER_SUMMARY_UNITS,
  priceLabel,
  usdcToUnits,
  USDC_EIP712,
  type PaymentTerms,
} from "./pricing";
import * as s from "./schemas";
import * as w from "./watchlists";

export const API_VERSION = "0.0.1";

type JsonSchema = Record<string, unknown>;

function schemaOf(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, { io: "output", unrepresentable: "any" }) as JsonSchema;
  delete json.$schema;
  return json;
}

function queryParameters(object: z.ZodObject, examples: Record<string, unknown>) {
  return Object.entries(object.shape).map(([name, field]) => {
    const meta = (field as z.ZodType).meta() ?? {};
    const schema = schemaOf(field as z.ZodType);
    if (meta.default !== undefined) schema.default = meta.default;
    const example = examples[name] ?? meta.example;
    if (example !== undefined) schema.example = example;
    return {
      name,
      in: "query",
      required: !(field as z.ZodType).safeParse(undefined).success,
      description: meta.description,
      schema,
      ...(example !== undefined ? { example } : {}),
    };
  });
}

/**
 * A paid operation's parameter examples: a real filing and a listed ticker, so an indexer trying
 * the example gets the 402 challenge, not a 404.
 */
function paidExamples(endpoint: Endpoint): Record<string, unknown> {
  return Object.fromEntries(
    endpointParams(endpoint).map((p) => [p.name, p.type === "integer" ? Number(p.example) : p.example]),
  );
}

/** The x402 v2 challenge, as the 402 body and (base64) the PAYMENT-REQUIRED header carry it. */
const PAYMENT_REQUIRED_SCHEMA = {
  type: "object",
  required: ["x402Version", "resource", "accepts"],
  properties: {
    x402Version: { type: "integer", const: 2 },
    error: {
      type: "string",
      description: "Why the request was not served: a missing, invalid, refused or unsettled payment",
    },
    resource: {
      type: "object",
      required: ["url"],
      properties: {
        url: { type: "string", format: "uri" },
        description: { type: "string" },
        mimeType: { type: "string" },
      },
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
          amount: { type: "string", description: `Token units (6 decimals): ${PRICE_PER_SUMMARY_UNITS} per summary` },
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
    extensions: {
      type: "object",
      description: `Discovery metadata (bazaar), and a wallet sign-in challenge (sign-in-with-x, as GET /v1/auth/nonce answers it) for a wallet that already paid: sign it and send it in ${SIGN_IN_WITH_X.proof}`,
    },
  },
};

const idOf = (schema: z.ZodType) => (schema.meta() as { id: string }).id;
const json = (ref: string, description = "OK") => ({
  description,
  content: { "application/json": { schema: { $ref: `#/components/schemas/${ref}` } } },
});
const error = (description: string) => json("Error", description);
const freeDocument = (description: string) => ({
  description,
  content: { "application/json": { schema: { type: "object" } } },
});

export function buildOpenApiDocument(baseUrl: string, payment: PaymentTerms) {
  const paymentInfo = ({ pricingMode: mode, priceUsdc }: NonNullable<Endpoint["paid"]>) => ({
    scheme: "exact",
    network: payment.network,
    asset: payment.asset,
    payTo: payment.payTo,
    amount: usdcToUnits(priceUsdc).toString(),
    amountMode: mode === "fixed" ? "fixed" : "perResult",
    ...(mode === "per_result"
      ? { countParam: "limit", defaultCount: BY_TICKER_LIMIT.default, maxCount: BY_TICKER_LIMIT.max }
      : {}),
    tokenName: USDC_EIP712.name,
    tokenVersion: USDC_EIP712.version,
    maxTimeoutSeconds: MAX_TIMEOUT_SECONDS,
    protocol: "x402",
    x402Version: 2,
  });
  const paid402 = {
    description: `Payment required. The challenge is base64 JSON in the ${PAYMENT_HEADERS.challenge} header and the same payload in the body; sign it (EIP-3009) and repeat the request with ${PAYMENT_HEADERS.preferred}.`,
    headers: {
      [PAYMENT_HEADERS.challenge]: { schema: { type: "string" }, description: "base64 PaymentRequired (x402 v2)" },
    },
    content: { "application/json": { schema: { $ref: "#/components/schemas/PaymentRequired" } } },
  };
  const paidOk = (ref: string) => ({
    ...json(ref),
    headers: {
      [SIGN_IN_WITH_X.redelivered]: {
        schema: { type: "string" },
        description: `Set instead of the settlement headers when the answer was delivered again to a wallet that signed in (${SIGN_IN_WITH_X.proof}): the transaction that paid for it`,
      },
      [PAYMENT_HEADERS.settlement]: { schema: { type: "string" }, description: "base64 settlement result" },
      [PAYMENT_HEADERS.settlementAlias]: {
        schema: { type: "string" },
        description: `legacy alias of ${PAYMENT_HEADERS.settlement}`,
      },
      [SUMMARY_GENERATOR_HEADER]: {
        schema: { type: "string" },
        description:
          "Who wrote each summary and from what: '<model id or offline-extractive version>; basis=<body|structured|body+structured>[; fallback]' (fallback: written while the model was failing; replaced once it answers). by-ticker: one comma-separated entry per summary, ending '; rcptNo=<no>'",
      },
    },
  });
  const notSellable = error(
    "summary_not_available, with reason: not_in_snapshot (the offline snapshot lacks the filing's body), no_document (DART has no document or structured record) or no_facts (the body states none of the key facts of its type). Answered before any payment; never charged",
  );
  const paymentHeaders = [
    {
      name: PAYMENT_HEADERS.preferred,
      in: "header",
      required: false,
      schema: { type: "string" },
      description: "Signed x402 v2 payment (base64)",
    },
    {
      name: PAYMENT_HEADERS.legacy,
      in: "header",
      required: false,
      schema: { type: "string" },
      description: "Legacy name, also accepted",
    },
  ];

  const signInHeader = (signIn: NonNullable<Endpoint["signIn"]>) => ({
    name: SIGN_IN_WITH_X.proof,
    in: "header",
    required: signIn === "required",
    schema: { type: "string" },
    description:
      signIn === "redelivery"
        ? `A wallet sign-in (x402 sign-in-with-x: base64 JSON of the signed EIP-4361 message fields, over a nonce from GET /v1/auth/nonce or from a 402's extensions["sign-in-with-x"]). When that wallet already paid for this (a filing whose summary or facts it bought, alone or in a by-ticker set: either is had again; a by-ticker call with the same ticker and limit), the answer is 200 with the same content, nothing charged, and the paying transaction in ${SIGN_IN_WITH_X.redelivered}; otherwise the usual 402, whose error says why.`
        : "A wallet sign-in (x402 sign-in-with-x: base64 JSON of the signed EIP-4361 message fields, over a nonce from GET /v1/auth/nonce). Single use.",
  });

  const registry = z.registry<{ id: string }>();
  const resources = new Set<z.ZodType>([
    s.recentFilingDto,
    s.recentFilingsResponse,
    s.disclosureSummaryDto,
    s.companyDto,
    s.companySearchResponse,
    s.summaryAvailabilityResponse,
    s.signInChallenge,
    s.purchaseDto,
    s.purchasedContent,
    s.purchasesResponse,
    s.errorBody,
    s.factDto, // a component of its own, not inlined in each answer that lists facts
    // Watchlists and alerts (issue 36).
    w.watchlistCreate,
    w.watchlistChange,
    w.watchlistDto,
    w.watchlistWithSecret,
    w.watchlistsResponse,
    w.deliveryAttemptDto,
    w.deliveriesResponse,
    w.testDeliveryResponse,
    w.alertDto,
    w.alertsResponse,
    w.freshnessResponse,
    // What each paid endpoint answers, as its entry in endpoints.ts says.
    ...PAID_ENDPOINTS.map((paid) => paid.response),
  ]);
  for (const schema of resources) {
    registry.add(schema, { id: (schema.meta() as { id: string }).id });
  }
  const { schemas } = z.toJSONSchema(registry, { io: "output", uri: (id) => `#/components/schemas/${id}` }) as {
    schemas: Record<string, JsonSchema>;
  };
  // Request bodies are described as clients send them: fields with defaults are optional.
  for (const body of [w.watchlistCreate, w.watchlistChange]) {
    schemas[idOf(body)] = z.toJSONSchema(body, { io: "input", unrepresentable: "any" }) as JsonSchema;
  }
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

  const operation = (endpoint: Endpoint, responses: NonNullable<Endpoint["responses"]>) => {
    const { 200: ok, ...errors } = responses;
    const answers: Record<string, unknown> = Object.fromEntries(
      Object.entries(errors).map(([status, description]) => [status, error(description)]),
    );
    if (endpoint.paid) {
      answers[200] = paidOk(ok as string);
      answers[402] = paid402;
      // What sells a filing's summary (and may be had again by a sign-in) can find it not sellable.
      if (endpoint.signIn === "redelivery") answers[422] = notSellable;
    } else answers[200] = typeof ok === "string" ? json(ok) : freeDocument(ok.document);
    const parameters = [
      ...(endpoint.pathParams
        ? Object.entries(endpoint.pathParams.shape).map(([name, schema]) => ({
            name,
            in: "path",
            required: true,
            schema: schemaOf(schema as z.ZodType),
          }))
        : []),
      ...(endpoint.query ? queryParameters(endpoint.query, endpoint.paid ? paidExamples(endpoint) : {}) : []),
      ...(endpoint.paid ? paymentHeaders : []),
      ...(endpoint.signIn ? [signInHeader(endpoint.signIn)] : []),
    ];
    const writes = Object.fromEntries(
      (endpoint.writes ?? []).map((op) => [
        op.method,
        {
          operationId: op.operationId,
          summary: op.summary,
          parameters: [
            ...parameters.filter((p) => p.in === "path"),
            ...(endpoint.signIn ? [signInHeader(endpoint.signIn)] : []),
          ],
          ...(op.body
            ? {
                requestBody: {
                  required: true,
                  content: { "application/json": { schema: { $ref: `#/components/schemas/${idOf(op.body)}` } } },
                },
              }
            : {}),
          responses: {
            [op.ok.status]: op.ok.schema ? json(op.ok.schema) : { description: "Done (no body)" },
            ...Object.fromEntries(
              Object.entries(op.errors).map(([status, description]) => [status, error(description)]),
            ),
          },
        },
      ]),
    );
    return {
      ...writes,
      [endpoint.method ?? "get"]: {
        operationId: endpoint.operationId,
        summary: endpoint.paid
          ? `${endpoint.summary} (paid, ${priceLabel(endpoint.paid.pricingMode, endpoint.paid.priceUsdc)})`
          : endpoint.summary,
        ...(parameters.length > 0 ? { parameters } : {}),
        responses: answers,
        ...(endpoint.paid ? { "x-payment-info": paymentInfo(endpoint.paid) } : {}),
      },
    };
  };

  return {
    openapi: "3.1.0",
    info: {
      title: "DART in English: Korean corporate disclosures API",
      version: API_VERSION,
      description:
        "Filings of Korean listed companies from DART with English names, English filing-type labels, event types and importance scores. Free feed and directory; English summaries paid per call in USDC on Base over x402 v2.",
    },
    servers: [{ url: baseUrl }],
    // The documents OpenAPI does not describe (itself, llms.txt) have no answers listed.
    paths: Object.fromEntries(ENDPOINTS.flatMap((e) => (e.responses ? [[e.path, operation(e, e.responses)]] : []))),
    components: { schemas: { ...schemas, ...enums, PaymentRequired: PAYMENT_REQUIRED_SCHEMA } },
  };
}
