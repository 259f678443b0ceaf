/**
 * What every answer of the service gets, once per request: its X-Request-Id, the anti-abuse
 * limit, the security headers (HSTS when the request came over HTTPS) and the access log line.
 * Two entries apply them, each to the answers only it sees, so no request passes through both:
 *
 * - `perRequest` wraps every route handler: the API and its documents (through apiRoute), Atom
 *   feeds, /mcp and /api/*;
 * - `perPage` is proxy.ts, whose matcher leaves out exactly the route handlers' paths: pages,
 *   Next.js's own 404s and the static assets (headers only: the files a page load brings along
 *   spend no budget); a page rendered from the database while it cannot be reached is answered
 *   503 with Retry-After and ./unavailable-page.ts, before Next.js would render it into a 500.
 *
 * Route handlers are not left to the proxy because a proxy pass costs about half again a cached
 * API answer's server time (BENCHMARKS.md). Headers are read through `get`, so a Request's and a
 * NextRequest's serve alike.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { NextResponse, type NextRequest } from "next/server";
import { DATABASE_RETRY_AFTER_SECONDS, errorResponse } from "@/lib/api/errors";
import { databaseAnswers } from "@/lib/database";
import { UNAVAILABLE_PAGE_HTML } from "./unavailable-page";
import { API_SECURITY_HEADERS, cameOverHttps, HSTS_HEADER, rateLimitedResponse } from "@/lib/api/http";
import { PAYMENT_REQUEST_HEADERS } from "@/lib/interface/headers";
import { describeError, log, requestLog } from "@/lib/log";
import { PAGE_SECURITY_HEADERS, pageContentSecurityPolicy, rendersPerRequest } from "@/lib/page-security";
import { clientKey, processRateLimit, type LimitVerdict } from "@/lib/rate-limit";
import { reportVerdict } from "./verdict-channel";

type RequestHeaders = Pick<Headers, "get">;

const production = process.env.NODE_ENV === "production";

/** The pages' headers for answers that cannot carry a script nonce (made before the request, or not HTML). */
const PAGE_HEADERS: Record<string, string> = {
  "Content-Security-Policy": pageContentSecurityPolicy({ production }),
  ...PAGE_SECURITY_HEADERS,
};

/**
 * Route handlers whose answers are the JSON API and its documents get its strictest policy;
 * the others (Atom feeds, /mcp, /api/*) the pages', as a browser may open them.
 */
const API_PATH = /^\/(?:v1(?:\/|$)|openapi\.json$|llms\.txt$|\.?well-known\/)/;

/** Files a browser fetches along with a page (Next.js's bundles, the icon, the favicon it asks for anyway). */
const PAGE_ASSET = /^\/(?:_next\/|icon\.svg$|favicon\.ico$|robots\.txt$|sitemap\.xml$)/;

/** Pages rendered from the database: the feed (`/` and its cached view), companies, filings, the API reference. */
const PAGE_FROM_DATABASE = /^\/(?:$|feed\/|companies(?:\/|$)|filings(?:\/|$)|docs$)/;

export interface PerRequestOptions {
  /**
   * A paid route: a request carrying a payment is not counted before it is verified, so a paid
   * answer is never lost to the limit; one that delivers nothing (4xx) costs a point of the
   * refused-payment budget. Free routes count every request, payment header or not.
   *
   * `true`: the payment travels in a payment header. A function: it travels in the body, and the
   * function says whether this request carries one (MCP's `_meta`, lib/mcp); the route then
   * charges a refused one itself (`chargeRefusedPayment`), as its answer is a 200 either way.
   */
  paid?: boolean | ((request: Request) => Promise<boolean>);
}

/** A route handler, given the request's id for its own log lines. */
export type AnswerFor<C> = (request: Request, context: C, requestId: string) => Promise<Response> | Response;

/** Wraps a route handler: the one place its answers get the per-request concerns. */
export function perRequest<C>(answer: AnswerFor<C | undefined>, { paid = false }: PerRequestOptions = {}) {
  return async (request: Request, context?: C): Promise<Response> => {
    const started = performance.now();
    const requestId = requestIdFrom(request.headers);
    const payment =
      typeof paid === "function"
        ? await paid(request)
        : paid && PAYMENT_REQUEST_HEADERS.some((name) => request.headers.has(name));
    const limit = await applyRateLimit(request.headers, payment, requestId);
    let response: Response;
    try {
      response = limit?.limited ? rateLimitedResponse(limit.headers) : await answer(request, context, requestId);
    } catch (err) {
      response = errorResponse(err, requestId);
    }
    if (payment && response.status >= 400 && response.status < 500 && response.status !== 429)
      await chargeRefusedPayment(request.headers);
    const path = new URL(request.url).pathname;
    setAll(response, API_PATH.test(path) ? API_SECURITY_HEADERS : PAGE_HEADERS);
    finish(response, request, requestId, limit);
    logAnswer(requestId, request.method, path, response.status, started);
    return response;
  };
}

/** proxy.ts: the per-request concerns of pages, and their script nonce when rendered per request. */
export async function perPage(request: NextRequest): Promise<Response> {
  const started = performance.now();
  const { pathname } = request.nextUrl;
  if (PAGE_ASSET.test(pathname)) return setAll(NextResponse.next(), PAGE_HEADERS);
  const requestId = requestIdFrom(request.headers);
  const limit = await applyRateLimit(request.headers, false, requestId);
  let response: Response;
  if (limit?.limited) {
    response = setAll(rateLimitedResponse(limit.headers), PAGE_HEADERS);
  } else if (PAGE_FROM_DATABASE.test(pathname) && !(await databaseAnswers())) {
    response = setAll(
      new NextResponse(UNAVAILABLE_PAGE_HTML, {
        status: 503,
        headers: {
          "Content-Type": "text/html; charset=utf-8",
          "Cache-Control": "no-store",
          "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS),
        },
      }),
      PAGE_HEADERS,
    );
  } else if (rendersPerRequest(request.nextUrl)) {
    const policy = pageContentSecurityPolicy({ nonce: randomBytes(16).toString("base64"), production });
    // Next.js reads the nonce from the request's policy; the browser enforces the response's.
    const headers = new Headers(request.headers);
    headers.set("Content-Security-Policy", policy);
    response = setAll(NextResponse.next({ request: { headers } }), {
      ...PAGE_HEADERS,
      "Content-Security-Policy": policy,
    });
  } else {
    response = setAll(NextResponse.next(), PAGE_HEADERS);
  }
  finish(response, request, requestId, limit);
  // The page's status is Next.js's to decide after this; only the proxy's own 429 and 503 are known.
  logAnswer(requestId, request.method, pathname, response.status === 200 ? undefined : response.status, started);
  return response;
}

function setAll<R extends Response>(response: R, headers: Record<string, string>): R {
  for (const name in headers) response.headers.set(name, headers[name]);
  return response;
}

/** The headers every answer ends with: its request id, the limit's, and HSTS over HTTPS. */
function finish(response: Response, request: Request, requestId: string, limit: LimitVerdict | undefined): void {
  response.headers.set("X-Request-Id", requestId);
  if (limit) setAll(response, limit.headers);
  if (cameOverHttps(request.headers.get("x-forwarded-proto")))
    response.headers.set("Strict-Transport-Security", HSTS_HEADER);
}

/** The client's X-Request-Id when it is a plain token, else a new one. */
export function requestIdFrom(headers: RequestHeaders): string {
  const given = headers.get("x-request-id");
  return given && /^[\w.:-]{1,64}$/.test(given) ? given : randomUUID();
}

/**
 * Free requests spend the client's budget before they run; a request with a payment is only
 * turned away when its earlier refused payments used up their own bucket. The limit lets
 * requests through while its store fails; a limit that cannot even be set up (its database
 * unreachable at first use) does the same: the limit never takes the service down.
 */
async function applyRateLimit(
  headers: RequestHeaders,
  payment: boolean,
  requestId: string,
): Promise<LimitVerdict | undefined> {
  try {
    const limit = await processRateLimit();
    if (!limit) return undefined;
    const client = clientKey(headers);
    const verdict = await (payment ? limit.checkPayment(client) : limit.take(client));
    reportVerdict(headers, { kind: payment ? "payment" : "free", verdict });
    return verdict;
  } catch (err) {
    requestLog(requestId).warn({ err: describeError(err) }, "rate limit unavailable; request let through");
    return undefined;
  }
}

/** After a payment was refused or delivered nothing; as above, never fails a request over the limit's store. */
export async function chargeRefusedPayment(headers: RequestHeaders): Promise<void> {
  try {
    reportVerdict(headers, { kind: "refused-payment" });
    await (await processRateLimit())?.chargeRefusedPayment(clientKey(headers));
  } catch {
    /* the store's outage is logged by the limit */
  }
}

/** The access log: one line per request at LOG_LEVEL=debug (off by default, it costs throughput). */
function logAnswer(requestId: string, method: string, path: string, status: number | undefined, started: number): void {
  if (!log().isLevelEnabled("debug")) return;
  const ms = Math.round((performance.now() - started) * 10) / 10;
  requestLog(requestId).debug({ method, path, status, ms }, "request");
}
