import type { Db } from "@/db";
import { vocabularyDocument } from "@/lib/classify";
import type { Clock } from "@/lib/clock";
import { listFilings, listRecentFilings, lookupCompany, searchDirectory } from "@/lib/disclosures";
import { env, publicBaseUrl } from "@/lib/env";
import {
  agentManifest,
  buildOpenApiDocument,
  endpointParams,
  paidEndpoint,
  paymentSteps,
  pricingDocument,
  priceUnits,
  sampleResponse,
  unitsToUsdc,
  x402DiscoveryDocument,
  type FreshnessResponse,
  type PaidEndpointId,
  type PaymentTerms,
  type RecentFilingDto,
  type WatchlistDto,
} from "@/lib/interface";
import { freshness } from "@/lib/alerts/freshness";
import { publishedPaymentTerms, signInChallengeOf } from "@/lib/payments";
import { summaryAvailability } from "@/lib/summaries";

/** What stands in for summary text in every example a free page shows: the text itself is paid. */
export const REDACTED_SUMMARY = "(English summary: paid, revealed only to the payer)";

export interface EndpointParameter {
  name: string;
  in: string;
  required: boolean;
  description: string;
  defaultValue?: string;
  example?: string;
}

export interface EndpointReference {
  path: string;
  /** The method of the operation described (the path's GET, or its POST when that is what it sells). */
  method: "GET" | "POST";
  operationId: string;
  summary: string;
  parameters: EndpointParameter[];
  responses: { status: string; description: string }[];
  /** "0.005 USDC" (per summary), absent when free. */
  price?: { usdc: string; mode: string };
  exampleUrl: string;
  /** The real answer of the function behind the route (summary text redacted); absent when none can be made now. */
  example?: { note?: string; body: unknown };
}

export interface ApiReference {
  baseUrl: string;
  title: string;
  version: string;
  endpoints: EndpointReference[];
  /** The x402 payment flow, step by step (lib/interface/how-to-pay.ts, as /v1/pricing publishes it). */
  paymentSteps: string[];
  terms: PaymentTerms;
}

type OpenApiOperation = {
  operationId: string;
  summary: string;
  parameters?: {
    name: string;
    in: string;
    required?: boolean;
    description?: string;
    schema?: { default?: unknown };
    example?: unknown;
  }[];
  responses: Record<string, { description: string }>;
  "x-payment-info"?: { amount: string; amountMode: string };
};

/** Replaces every `summaryEn` in a JSON value: examples on a free page never carry summary text. */
export function redactSummaries(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactSummaries);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, k === "summaryEn" ? REDACTED_SUMMARY : redactSummaries(v)]),
    );
  }
  return value;
}

/**
 * The API reference for /docs, generated from the OpenAPI document the API serves, with an
 * example answer per endpoint from the same functions the route handlers call.
 */
export async function apiReference(db: Db, clock: Clock): Promise<ApiReference> {
  const baseUrl = publicBaseUrl();
  const terms = await publishedPaymentTerms();
  const openapi = buildOpenApiDocument(baseUrl, terms);
  const examples = await exampleAnswers(db, clock, baseUrl, terms);

  const endpoints = Object.entries(openapi.paths).map(([path, item]): EndpointReference => {
    const { get, post } = item as { get?: OpenApiOperation; post?: OpenApiOperation };
    const op = (get ?? post)!;
    const parameters = (op.parameters ?? []).map((p) => ({
      name: p.name,
      in: p.in,
      required: Boolean(p.required),
      description: p.description ?? "",
      ...(p.schema?.default !== undefined ? { defaultValue: String(p.schema.default) } : {}),
      ...(p.example !== undefined ? { example: String(p.example) } : {}),
    }));
    const query = parameters
      .filter((p) => p.in === "query" && (p.required || p.example))
      .map((p) => `${p.name}=${encodeURIComponent(p.example ?? "")}`)
      .join("&");
    const paid = op["x-payment-info"];
    return {
      path,
      method: get ? "GET" : "POST",
      operationId: op.operationId,
      summary: op.summary,
      parameters,
      responses: Object.entries(op.responses).map(([status, r]) => ({ status, description: r.description })),
      ...(paid ? { price: { usdc: unitsToUsdc(BigInt(paid.amount)), mode: paid.amountMode } } : {}),
      exampleUrl: `${baseUrl}${path.replace("{ticker}", "005930")}${query ? `?${query}` : ""}`,
      ...(examples[op.operationId] ? { example: examples[op.operationId] } : {}),
    };
  });

  return {
    baseUrl,
    title: openapi.info.title,
    version: openapi.info.version,
    endpoints,
    paymentSteps: paymentSteps(terms.network),
    terms,
  };
}

/** The paid summary's example filing (its body is bundled, so its summary can be bought on any install). */
const AVAILABILITY_EXAMPLE_RCPT_NO = endpointParams(paidEndpoint("get-summary").endpoint)[0].example!;

/** Stand-ins in the sign-in examples: a nonce, a wallet and a transaction that are nobody's. */
const EXAMPLE_NONCE = "9f2c4e1ab07d53e68c1f0a2b4d6e8f10";
const EXAMPLE_WALLET = "0x0000000000000000000000000000000000000001";
const EXAMPLE_TRANSACTION = `0x${"ab".repeat(32)}`;

const EXAMPLE_WATCHLIST = "wl_0123456789abcdef01234567";
/** A stand-in private feed token (a real one is an HMAC of the id under the watchlist's secret). */
const EXAMPLE_FEED_TOKEN = "kT8v2bW3XyQ1rN0mZcL5aH7eJ4uD9sG6fP2iV8oK1qE";

/**
 * The watchlist routes' examples: illustrative (they answer only a signed-in wallet), built
 * around a real feed row; freshness is this server's own.
 */
function watchlistExamples(
  baseUrl: string,
  clock: Clock,
  filing: RecentFilingDto | null,
  freshnessNow: FreshnessResponse | undefined,
): [string, { note?: string; body: unknown } | undefined][] {
  const at = clock.now().toISOString();
  const watchlist: WatchlistDto = {
    id: EXAMPLE_WATCHLIST,
    name: "Samsung Electronics, importance 6+",
    tickers: ["005930"],
    eventTypes: [],
    minImportance: 6,
    markets: [],
    audiences: [],
    titleWords: [],
    webhookUrl: "https://example.com/hooks/dart",
    secretHint: "whsec_Zm9v…",
    atomUrl: `${baseUrl}/feeds/watchlists/${EXAMPLE_WATCHLIST}.atom?token=${EXAMPLE_FEED_TOKEN}`,
    disabled: null,
    createdAt: at,
  };
  const note = "Illustrative: a wallet with one watchlist.";
  const rcptNo = filing?.rcptNo ?? AVAILABILITY_EXAMPLE_RCPT_NO;
  const webhookId = `msg_${EXAMPLE_WATCHLIST}_${rcptNo}`;
  return [
    ["listWatchlists", { note, body: { wallet: EXAMPLE_WALLET, watchlists: [watchlist], limit: 20, credit: 0 } }],
    ["getWatchlist", { note, body: watchlist }],
    [
      "listWatchlistDeliveries",
      {
        note,
        body: {
          watchlist: EXAMPLE_WATCHLIST,
          deliveries: [
            { webhookId, rcptNo, attempt: 1, attemptedAt: at, statusCode: 200, error: null, durationMs: 84 },
          ],
        },
      },
    ],
    [
      "listAlerts",
      {
        note,
        body: {
          watchlist: EXAMPLE_WATCHLIST,
          alerts: [
            {
              id: webhookId,
              rcptNo,
              matchedAt: at,
              status: "delivered",
              attempts: 1,
              deliveredAt: at,
              lastError: null,
              charged: false,
              filing,
            },
          ],
          nextCursor: "1",
        },
      },
    ],
    ["getFreshness", freshnessNow && { note: "This server, now.", body: freshnessNow }],
    [
      "streamFilings",
      {
        note: "One event of the text/event-stream, its data shown as JSON (each event is one line of data).",
        body: { event: "filing", id: "1", data: filing },
      },
    ],
  ];
}

async function exampleAnswers(
  db: Db,
  clock: Clock,
  baseUrl: string,
  terms: PaymentTerms,
): Promise<Record<string, { note?: string; body: unknown }>> {
  const settle = <T>(p: Promise<T>) => p.catch(() => undefined);
  const [recent, history, search, company, availability, freshnessNow] = await Promise.all([
    settle(listRecentFilings(db, clock, { limit: 2, since_hours: 24 })),
    settle(listFilings(db, clock, { q: ["유상증자"], limit: 2, eventType: [], market: [] })),
    settle(searchDirectory(db, "samsung elec", 2)),
    settle(lookupCompany(db, "005930")),
    settle(summaryAvailability(db, [AVAILABILITY_EXAMPLE_RCPT_NO])),
    settle(freshness(db)),
  ]);
  const vocabulary = vocabularyDocument();
  const pricing = pricingDocument(baseUrl, terms, env().X402_SAMPLE_SETTLEMENT_TX);
  const paid = (id: PaidEndpointId) => ({
    note: "The answer after payment. The summary text itself is never shown on a free page.",
    body: sampleResponse(id),
  });
  const entries: [string, { note?: string; body: unknown } | undefined][] = [
    ["getRecent", recent && { note: "limit=2", body: recent }],
    ["searchFilings", history && { note: "q=유상증자, limit=2", body: history }],
    ["search", search && { note: "q=samsung elec, limit=2", body: search }],
    ["getByTicker_1", company && { body: company }],
    [
      "getSummaryAvailability",
      availability?.[0] && { note: `rcptNo=${AVAILABILITY_EXAMPLE_RCPT_NO}`, body: availability[0] },
    ],
    [
      "getSample",
      { note: "Summary text left out here; the endpoint itself returns it.", body: sampleResponse("get-summary") },
    ],
    [
      "vocabulary",
      {
        note: `The first 2 of ${vocabulary.eventTypes.length} event types; the other lists shortened the same way.`,
        body: {
          ...vocabulary,
          eventTypes: vocabulary.eventTypes.slice(0, 2),
          audienceTags: vocabulary.audienceTags.slice(0, 2),
          sectorTags: vocabulary.sectorTags.slice(0, 2),
          importanceRubric: `${vocabulary.importanceRubric.slice(0, 160)}…`,
        },
      },
    ],
    ["pricing", { body: pricing }],
    ["getSummary", paid("get-summary")],
    ["getFacts", paid("get-facts")],
    ["getByTicker", paid("get-by-ticker")],
    ["buyAlertCredit", { note: "Illustrative: a wallet's first pack.", body: sampleResponse("buy-alert-credit") }],
    [
      "getSignInNonce",
      {
        note: "Each call issues a new single-use nonce, valid 5 minutes.",
        body: signInChallengeOf(EXAMPLE_NONCE, clock.now(), { network: terms.network, uri: `${baseUrl}/` }),
      },
    ],
    [
      "listPurchases",
      {
        note: "Illustrative: a wallet that bought the example filing's summary.",
        body: {
          wallet: EXAMPLE_WALLET,
          purchases: [
            {
              paidEndpoint: "get-summary",
              path: paidEndpoint("get-summary").path,
              params: { rcptNo: AVAILABILITY_EXAMPLE_RCPT_NO },
              delivered: [AVAILABILITY_EXAMPLE_RCPT_NO],
              amount: priceUnits("fixed").toString(),
              transaction: EXAMPLE_TRANSACTION,
              settledAt: clock.now().toISOString(),
            },
          ],
        },
      },
    ],
    ...watchlistExamples(baseUrl, clock, recent?.filings[0] ?? null, freshnessNow),
    ["discoveryDocument", { body: x402DiscoveryDocument(baseUrl, terms) }],
    ["agentJsonDocument", { body: agentManifest(baseUrl, terms) }],
  ];
  // Every example is redacted, whatever it embeds (pricing and discovery documents carry sample answers).
  return Object.fromEntries(
    entries.flatMap(([id, example]) => (example ? [[id, { ...example, body: redactSummaries(example.body) }]] : [])),
  );
}
