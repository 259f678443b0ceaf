/**
 * Every endpoint of the HTTP API, free and paid, once: its path, its parameters (the handlers'
 * zod schemas, with their examples), its answers, its price, and what each published document
 * says about it. /openapi.json, /llms.txt, /v1/pricing, /.well-known/x402,
 * /.well-known/agent.json and /docs are generated from this list, in its order.
 */
import { z } from "zod";
import { SIGN_IN_WITH_X } from "./headers";
import { ALERT_PACK, priceLabel, PRICE_PER_SUMMARY_USDC, PURCHASED_CONTENT_MAX, type PricingMode } from "./pricing";
import * as s from "./schemas";
import * as w from "./watchlists";

/** A 200 answer in the OpenAPI document: a component schema by id, or a free-form JSON document. */
type OkAnswer = string | { document: string };

export interface Endpoint {
  path: string;
  /**
   * The method of its main operation, when not GET: buying alert credit changes state, which a
   * GET must never do. The documents describe this operation; `writes` are any others.
   */
  method?: "post";
  /** The OpenAPI operationId (fixed by the spec); absent for the documents OpenAPI does not describe. */
  operationId?: string;
  /** One line: the OpenAPI summary and the /docs heading (a paid one gets its price appended). */
  summary?: string;
  /**
   * What it gives, in a sentence: /v1/pricing's free endpoints and the cards on /docs; for a
   * paid endpoint, its description in every document and in its challenges.
   */
  description: string;
  /** The query parameters, as the handler validates them. */
  query?: z.ZodObject;
  /** The path parameters, as the handler validates them. */
  pathParams?: z.ZodObject;
  /** The OpenAPI answers: what 200 returns, and each error's description (paid ones also answer 402 and 422). */
  responses?: { 200: OkAnswer } & Partial<Record<400 | 401 | 404 | 503, string>>;
  /**
   * Takes a wallet sign-in (the SIGN-IN-WITH-X header): `redelivery` on a paid endpoint (what the
   * wallet paid for, again, without paying), `required` where it is the only identity asked for.
   */
  signIn?: "redelivery" | "required";
  /** Its own line in /llms.txt, after the example call; the documents without one share a line. */
  guide?: string;
  /**
   * Sold per call: its id (its action in /.well-known/agent.json), how its price counts, and the
   * schema of its 200 answer (the OpenAPI component, the Bazaar declaration's output schema).
   */
  paid?: { id: PaidEndpointId; pricingMode: PricingMode; priceUsdc: string; response: z.ZodType };
  /** A discovery document: a card on /docs. */
  discovery?: boolean;
  /**
   * Operations other than GET on the same path (the watchlists, issue 36): in /openapi.json and
   * /llms.txt. Everything else in the documents is about the path's GET.
   */
  writes?: readonly WriteOperation[];
}

/** A POST, PATCH or DELETE of a path: its JSON body and its answers (the 2xx first). */
export interface WriteOperation {
  method: "post" | "patch" | "delete";
  operationId: string;
  summary: string;
  body?: z.ZodType;
  /** The success status and its component schema (none: an empty answer). */
  ok: { status: 200 | 201 | 204; schema?: string };
  errors: Partial<Record<400 | 401 | 404 | 503, string>>;
}

const SIGNED_IN = `unauthorized: no valid ${SIGN_IN_WITH_X.proof} sign-in (a nonce from /v1/auth/nonce, signed by the wallet)`;
const NOT_OWN = "not_found: no such watchlist for this wallet (another wallet's included)";

export type PaidEndpointId = "get-summary" | "get-facts" | "get-by-ticker" | "buy-alert-credit";

export const ENDPOINTS: readonly Endpoint[] = [
  {
    path: "/v1/disclosures/recent",
    operationId: "getRecent",
    summary: "Recent filings, newest first (free)",
    description: "Newest filings first, market-wide or for one ticker; never charged.",
    query: s.recentQuery,
    responses: { 200: "RecentFilingsResponse", 400: "validation_failed" },
    guide:
      "newest filings first. limit 1-100, since_hours 1-168 (clamped, never an error). since_hours counts from when the service first saw each filing, never later than the end of its receipt day (KST).",
  },
  {
    path: "/v1/filings",
    operationId: "searchFilings",
    summary: "Filing history and search over every stored filing (free)",
    description:
      "Every stored filing of listed companies, over any date range: by ticker, event type, importance, market and words in the title or company name; paged; never charged.",
    query: s.filingsQuery,
    responses: { 200: "FilingsResponse", 400: "validation_failed" },
    guide: `history and search. from/to KST days (YYYY-MM-DD), q words (each must appear in the English label, the Korean title or a company name; ranked: filings of companies named by the words first, then newest), ticker, eventType (repeat or comma-separate), minImportance 1-10, market, limit 1-100 (clamped), cursor (nextCursor of the previous page, opaque). Newest first without q. total is exact up to ${s.FILINGS_TOTAL_CAP}. Bad filters answer 400 validation_failed.`,
  },
  {
    path: "/v1/companies",
    operationId: "search",
    summary: "Fuzzy company search over Korean name, English name and ticker (free)",
    description: "Fuzzy company search: Korean name, English name or ticker.",
    query: s.companySearchQuery,
    responses: { 200: "CompanySearchResponse", 400: "validation_failed" },
    guide:
      'fuzzy search by Korean name, English name or ticker; {"matches":[...]}, exact matches first with isExactMatch true.',
  },
  {
    path: "/v1/companies/{ticker}",
    operationId: "getByTicker_1",
    summary: "One company by ticker (free)",
    description: "One listed company; 404 when the ticker is unknown.",
    pathParams: s.tickerPath,
    responses: { 200: "CompanyDto", 400: "validation_failed", 404: "not_found" },
    guide: "one company; 404 if unknown.",
  },
  {
    path: "/v1/disclosures/sample",
    operationId: "getSample",
    summary: "A constant sample of the paid summary response (free)",
    description: "A constant paid summary response, free.",
    responses: { 200: "DisclosureSummaryDto" },
    guide: "what a paid summary looks like (free, constant).",
  },
  {
    path: "/v1/disclosures/availability",
    operationId: "getSummaryAvailability",
    summary: "Whether a filing's summary can be bought, is cached, and who wrote it (free)",
    description: "Whether the filing's summary can be bought, is cached, and who wrote it; never charged.",
    query: s.availabilityQuery,
    responses: { 200: "SummaryAvailability", 400: "validation_failed", 404: "not_found" },
    guide:
      "before paying: whether that filing's summary can be had (summaryAvailable; availability available, unknown — DART not asked yet, with payerRisk — or unavailable; cached, basis, reason, generator).",
  },
  {
    path: "/v1/vocabulary",
    operationId: "vocabulary",
    summary: "Event types, audience tags, sector tags and markets",
    description: "Every event type, audience tag, sector tag and market.",
    responses: { 200: { document: "Vocabulary document" } },
    guide: "every eventType, audience tag, sector tag and market, with the importance rubric.",
  },
  {
    path: "/v1/pricing",
    operationId: "pricing",
    summary: "Prices, payment headers and workflow",
    description: "This document.",
    responses: { 200: { document: "PricingResponse" } },
  },
  {
    path: "/.well-known/x402",
    operationId: "discoveryDocument",
    summary: "x402 discovery document: paid resources, payTo, asset and network (also at /.well-known/x402.json)",
    description: "x402 discovery document: the paid resources, payTo, asset and network.",
    responses: { 200: { document: "Discovery document (version 1)" } },
    discovery: true,
  },
  {
    path: "/.well-known/agent.json",
    operationId: "agentJsonDocument",
    summary: "Agent Web Protocol 0.2 manifest",
    description: "Agent Web Protocol manifest.",
    responses: { 200: { document: "Agent manifest" } },
    discovery: true,
  },
  {
    path: "/openapi.json",
    description: "OpenAPI 3.1 description, with x-payment-info on the paid operations.",
    discovery: true,
  },
  {
    path: "/llms.txt",
    description: "Plain-English guide for language models.",
    discovery: true,
  },
  {
    path: "/v1/disclosures/summary",
    operationId: "getSummary",
    summary: "English summary of one filing",
    description:
      "English summary of one filing, composed from its facts, grounded in its body or DART's structured record; generated on the first paid request, then served from the shared cache at the same price. A filing with neither is answered 422 summary_not_available before any payment (check for free at /v1/disclosures/availability).",
    query: s.summaryQuery,
    responses: {
      200: "DisclosureSummaryDto",
      400: "validation_failed (never charged)",
      404: "receipt number not ingested yet (never charged)",
      503: "summary_unavailable (with retryAfter: DART unreachable, or generation past its deadline) or payments_unavailable (never charged)",
    },
    paid: {
      id: "get-summary",
      pricingMode: "fixed",
      priceUsdc: PRICE_PER_SUMMARY_USDC,
      response: s.disclosureSummaryDto,
    },
    signIn: "redelivery",
  },
  {
    path: "/v1/disclosures/facts",
    operationId: "getFacts",
    summary: "English summary of one filing with its fact sheet",
    description:
      "The filing's English summary with its fact sheet: every figure, date, party and term the filing states, each with its role, canonical value, rendered text and the Korean label and value cells it was read from, verbatim. Every figure in the summary is one of the facts' texts. Priced, paid and generated like /v1/disclosures/summary (one purchase of either fills the shared cache); a filing with nothing to ground a summary in is answered 422 summary_not_available before any payment.",
    query: s.summaryQuery,
    responses: {
      200: "DisclosureFactsResponse",
      400: "validation_failed (never charged)",
      404: "receipt number not ingested yet (never charged)",
      503: "summary_unavailable (with retryAfter: DART unreachable, or generation past its deadline) or payments_unavailable (never charged)",
    },
    paid: {
      id: "get-facts",
      pricingMode: "fixed",
      priceUsdc: PRICE_PER_SUMMARY_USDC,
      response: s.disclosureFactsResponse,
    },
    signIn: "redelivery",
  },
  {
    path: "/v1/disclosures/by-ticker",
    operationId: "getByTicker",
    summary: "Newest filings of one company with summaries",
    description: `The newest \`limit\` filings of one company that can be summarised (body or DART's structured record available), with their English summaries, newest first. Charged for \`limit\` (${priceLabel("fixed")} each), whatever is delivered; a company with no such filing is answered 422 before any payment.`,
    query: s.byTickerQuery,
    responses: {
      200: "ByTickerResponse",
      400: "validation_failed (never charged)",
      404: "unknown ticker (never charged)",
      503: "summary_unavailable: none of the summaries could be produced; or payments_unavailable (never charged)",
    },
    paid: {
      id: "get-by-ticker",
      pricingMode: "per_result",
      priceUsdc: PRICE_PER_SUMMARY_USDC,
      response: s.byTickerResponse,
    },
    signIn: "redelivery",
  },
  {
    path: "/v1/auth/nonce",
    operationId: "getSignInNonce",
    summary: "A single-use wallet sign-in challenge, for having again what a wallet paid for (free)",
    description: `A single-use nonce with the sign-in-with-x (EIP-4361) message fields, valid 5 minutes: signed by the wallet that paid and sent in the ${SIGN_IN_WITH_X.proof} header, it has a paid endpoint deliver again what that wallet bought, without paying.`,
    responses: { 200: "SignInChallenge", 503: "service_unavailable (the database cannot be reached)" },
    guide: `a single-use sign-in challenge (5 minutes): sign it with the wallet that paid and send it in ${SIGN_IN_WITH_X.proof} to a paid endpoint to have again, free, what that wallet bought there.`,
  },
  {
    path: "/v1/auth/purchases",
    operationId: "listPurchases",
    summary: "What a wallet bought, proved by its sign-in (free)",
    description: `The paid calls a wallet settled, newest first (what it bought and can have again); proved by a sign-in in the ${SIGN_IN_WITH_X.proof} header. With include=content the same single sign-in also delivers again, free, each filing the wallet bought (its summary with its fact sheet, as /v1/disclosures/facts answers it; alone, as facts, or in a by-ticker set), up to ${PURCHASED_CONTENT_MAX} per call (rcptNo= narrows them, contentsLeft names the rest); a filing that cannot be produced right now is listed with its error in unavailable, never failing the answer.`,
    query: s.purchasesQuery,
    responses: {
      200: "PurchasesResponse",
      400: "validation_failed (a bad rcptNo list, or rcptNo without include=content)",
      401: `unauthorized: no valid ${SIGN_IN_WITH_X.proof} sign-in (a nonce from /v1/auth/nonce, signed by the wallet)`,
      503: "service_unavailable or payments_unavailable",
    },
    signIn: "required",
    guide: `what the wallet signed in with ${SIGN_IN_WITH_X.proof} bought, newest first; add include=content to have the bought filings again (summary and facts) under that one signature.`,
  },
  {
    path: "/v1/watchlists",
    operationId: "listWatchlists",
    summary: "The signed-in wallet's watchlists and alert credit (free)",
    description: `Watchlists of the wallet signed in with ${SIGN_IN_WITH_X.proof} (a new sign-in per request): filters over the feed (tickers, event types, minimum importance, markets, audience tags, title words) and an optional webhook endpoint that receives each new matching filing, signed per Standard Webhooks.`,
    responses: { 200: "WatchlistsResponse", 400: "validation_failed", 401: SIGNED_IN, 503: "service_unavailable" },
    signIn: "required",
    guide: `your wallet's watchlists (sign in with ${SIGN_IN_WITH_X.proof}, a fresh nonce each request). POST one {tickers, eventTypes, minImportance, markets, audiences, titleWords, webhookUrl}: new filings that match are pushed as Standard Webhooks (whsec_ secret shown once) and kept in /v1/alerts. At most ${w.WATCHLIST_LIMITS.perWallet} per wallet.`,
    writes: [
      {
        method: "post",
        operationId: "createWatchlist",
        summary: "Create a watchlist; its whsec_ signing secret is in this answer only (free)",
        body: w.watchlistCreate,
        ok: { status: 201, schema: "WatchlistWithSecret" },
        errors: {
          400: `validation_failed, naming the field: a bad filter, a webhook URL that is not https or points at a private, loopback, link-local or metadata address, or more than ${w.WATCHLIST_LIMITS.perWallet} watchlists`,
          401: SIGNED_IN,
          503: "service_unavailable",
        },
      },
    ],
  },
  {
    path: "/v1/watchlists/{id}",
    operationId: "getWatchlist",
    summary: "One watchlist of the signed-in wallet (free)",
    description: "A watchlist of the signed-in wallet; another wallet's is a 404.",
    pathParams: w.watchlistPath,
    responses: { 200: "Watchlist", 400: "validation_failed", 401: SIGNED_IN, 404: NOT_OWN },
    signIn: "required",
    writes: [
      {
        method: "patch",
        operationId: "changeWatchlist",
        summary: "Change a watchlist's filters or endpoint, resume a disabled one, or rotate its secret (free)",
        body: w.watchlistChange,
        ok: { status: 200, schema: "WatchlistWithSecret" },
        errors: { 400: "validation_failed, naming the field", 401: SIGNED_IN, 404: NOT_OWN },
      },
      {
        method: "delete",
        operationId: "deleteWatchlist",
        summary: "Delete a watchlist and its alerts (free)",
        ok: { status: 204 },
        errors: { 401: SIGNED_IN, 404: NOT_OWN },
      },
    ],
  },
  {
    path: "/v1/watchlists/{id}/deliveries",
    operationId: "listWatchlistDeliveries",
    summary: "A watchlist's latest webhook delivery attempts (free)",
    description:
      "The latest 50 delivery attempts of the watchlist's alerts, newest first: status code, error, duration.",
    pathParams: w.watchlistPath,
    responses: { 200: "DeliveriesResponse", 400: "validation_failed", 401: SIGNED_IN, 404: NOT_OWN },
    signIn: "required",
    writes: [
      {
        method: "post",
        operationId: "testWatchlistDelivery",
        summary: "Send a signed watchlist.test delivery to the endpoint now (free)",
        ok: { status: 200, schema: "TestDelivery" },
        errors: { 400: "validation_failed (the watchlist has no endpoint)", 401: SIGNED_IN, 404: NOT_OWN },
      },
    ],
  },
  {
    path: "/v1/alerts",
    operationId: "listAlerts",
    summary: "A watchlist's alerts in order, after a cursor (free)",
    description:
      "Every match of a watchlist in the order it was made, with its delivery status and the filing's free row: the durable record a client catches up from, filled whether or not anything is pushed.",
    query: w.alertsQuery,
    responses: { 200: "AlertsResponse", 400: "validation_failed", 401: SIGNED_IN, 404: NOT_OWN },
    signIn: "required",
    guide: "a watchlist's alerts, oldest first; pass nextCursor back as cursor to catch up (signed in).",
  },
  {
    path: "/v1/alerts/credit",
    method: "post",
    operationId: "buyAlertCredit",
    summary: `A pack of ${ALERT_PACK.alerts} webhook alerts for the paying wallet`,
    description: `${ALERT_PACK.alerts} webhook alerts for the paying wallet's watchlists: one is spent per alert its receiver answered 2xx, or whose last retry failed. A match with no credit left still fills the watchlist's alert feed (GET /v1/alerts) but is not pushed. Credit is the wallet's once the payment settles, never expires and is not refunded; its balance is in GET /v1/watchlists.`,
    query: w.alertPackQuery,
    responses: {
      200: "AlertPackResponse",
      400: "validation_failed (never charged)",
      503: "payments_unavailable or service_unavailable (never charged)",
    },
    paid: { id: "buy-alert-credit", pricingMode: "fixed", priceUsdc: ALERT_PACK.usdc, response: w.alertPackResponse },
  },
  {
    path: "/v1/freshness",
    operationId: "getFreshness",
    summary: "Proof of freshness: last poll, ingest lag and alert delivery percentiles (free)",
    description:
      "The last successful poll of DART, p50/p95 ingest lag over the newest 200 filings and p50/p95 alert delivery time over the newest 200 delivered alerts.",
    responses: { 200: "Freshness", 503: "service_unavailable" },
    guide: "when DART was last polled, how late filings are first seen, and how fast alerts reach receivers.",
  },
  {
    path: "/v1/stream",
    operationId: "streamFilings",
    summary: "Server-sent events of new filings (free)",
    description:
      "text/event-stream: each new filing as it is stored (event: filing, data: the feed's row, id: its event id); Last-Event-ID resumes after an event; heartbeats every 15 s; the stream ends after about 50 s, and clients reconnect with Last-Event-ID.",
    responses: {
      200: { document: "text/event-stream of RecentFilingDto events" },
      400: "validation_failed (Last-Event-ID)",
    },
    guide: "server-sent events of new filings with their labels; send Last-Event-ID to resume.",
  },
];

/** A parameter as the documents list it: from the handler's schema, with a value to try. */
export interface EndpointParam {
  name: string;
  in: "query" | "path";
  type: string;
  required: boolean;
  description: string;
  /** The schema's example, else its default. */
  example?: string;
  default?: string;
}

function paramsOf(object: z.ZodObject | undefined, where: EndpointParam["in"]): EndpointParam[] {
  return Object.entries(object?.shape ?? {}).map(([name, field]) => {
    const schema = field as z.ZodType;
    const json = z.toJSONSchema(schema, { io: "output", unrepresentable: "any" }) as {
      type?: string;
      description?: string;
      example?: unknown;
      default?: unknown;
    };
    const example = json.example ?? json.default;
    return {
      name,
      in: where,
      type: json.type ?? "string",
      // Required when a missing value is refused.
      required: !schema.safeParse(undefined).success,
      description: json.description ?? "",
      ...(example !== undefined ? { example: String(example) } : {}),
      ...(json.default !== undefined ? { default: String(json.default) } : {}),
    };
  });
}

/** An endpoint's path parameters, then its query parameters. */
export function endpointParams(endpoint: Endpoint): EndpointParam[] {
  return [...paramsOf(endpoint.pathParams, "path"), ...paramsOf(endpoint.query, "query")];
}

/**
 * An endpoint's example call: path and required parameters by example, defaults spelled out,
 * optional ones in brackets ("?limit=20&since_hours=24[&ticker=005930]"). A paid endpoint has no
 * optional one without a default, so its example is a URL an indexer can probe: it names a real
 * filing or listed ticker, and answers 402, not 400 or 404.
 */
export function exampleUrl(baseUrl: string, endpoint: Endpoint): string {
  let path = endpoint.path;
  const query: string[] = [];
  let optional = "";
  for (const p of endpointParams(endpoint)) {
    if (p.example === undefined) continue;
    if (p.in === "path") path = path.replace(`{${p.name}}`, encodeURIComponent(p.example));
    else if (p.required) query.push(`${p.name}=${encodeURIComponent(p.example)}`);
    else if (p.default !== undefined) query.push(`${p.name}=${encodeURIComponent(p.default)}`);
    else optional += `[&${p.name}=${encodeURIComponent(p.example)}]`;
  }
  return `${baseUrl}${path}${query.length > 0 ? `?${query.join("&")}` : ""}${optional}`;
}

/** A paid endpoint: what the paid-call core sells, and what every document and challenge says about it. */
export interface PaidEndpointSpec {
  id: PaidEndpointId;
  path: string;
  method: "GET" | "POST";
  pricingMode: PricingMode;
  /** Its price (per result for `per_result`), as a decimal USDC string. */
  priceUsdc: string;
  /** The schema of its 200 answer. */
  response: z.ZodType;
  description: string;
  endpoint: Endpoint;
}

export const PAID_ENDPOINTS: readonly PaidEndpointSpec[] = ENDPOINTS.flatMap((endpoint) =>
  endpoint.paid
    ? [
        {
          ...endpoint.paid,
          path: endpoint.path,
          method: endpoint.method === "post" ? ("POST" as const) : ("GET" as const),
          description: endpoint.description,
          endpoint,
        },
      ]
    : [],
);

export function paidEndpoint(id: PaidEndpointId): PaidEndpointSpec {
  return PAID_ENDPOINTS.find((e) => e.id === id)!;
}

/** The endpoint at `path`. */
export function endpointAt(path: string): Endpoint {
  const endpoint = ENDPOINTS.find((e) => e.path === path);
  if (!endpoint) throw new Error(`${path} is not an endpoint of the published interface`);
  return endpoint;
}

/** The free endpoints, in order. */
export const FREE_ENDPOINTS: readonly Endpoint[] = ENDPOINTS.filter((e) => !e.paid);
