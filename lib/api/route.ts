import "server-only";
import type { z } from "zod";
import { describeError, requestLog } from "@/lib/log";
import type { LimitVerdict } from "@/lib/rate-limit";
import { ApiError, databaseUnavailable, isDatabaseUnavailable, type ValidationDetail } from "./errors";
import { API_HEADERS, CACHE_POLICIES, cameOverHttps, HSTS_HEADER, JSON_CONTENT_TYPE, jsonResponse, rateLimitedResponse, type CachePolicy } from "./http";
import { dataFreshnessHeaders } from "./freshness";
import { applyRateLimit, chargeRefusedPayment, logAnswer, PAYMENT_REQUEST_HEADERS, requestIdFrom } from "./per-request";
import { notModified, ReadyBody, readyJson } from "./ready";

interface RouteContext {
  params: Promise<Record<string, string | string[] | undefined>>;
}

export interface RouteInput<Q, P> {
  query: Q;
  params: P;
  request: Request;
  /** The X-Request-Id of this answer, for the handler's own log lines. */
  requestId: string;
}

interface RouteConfig<QS extends z.ZodType | undefined, PS extends z.ZodType | undefined> {
  query?: QS;
  params?: PS;
  cache: CachePolicy;
}

type Out<S> = S extends z.ZodType ? z.output<S> : Record<string, never>;

/**
 * Wraps a GET handler: applies the anti-abuse limit, validates the query and path with zod
 * (400 `validation_failed`), turns ApiErrors into their JSON shape (an unreachable database
 * into 503 with Retry-After), hides every other error behind `internal_error`, and sets the
 * JSON, CORS, security (HSTS over HTTPS), cache, data-freshness and X-Request-Id headers. A result object is served as
 * a ready body with an ETag (304 on If-None-Match) when the route is cacheable; a handler that
 * returns a Response (the paid routes) has the same headers added.
 */
export function apiRoute<QS extends z.ZodType | undefined = undefined, PS extends z.ZodType | undefined = undefined>(
  config: RouteConfig<QS, PS>,
  handler: (input: RouteInput<Out<QS>, Out<PS>>) => Promise<unknown>,
): (request: Request, context: RouteContext) => Promise<Response> {
  const routeHeaders = { ...API_HEADERS, "Cache-Control": CACHE_POLICIES[config.cache] };
  const validates = config.cache !== "none";
  const answer = async (request: Request, context: RouteContext, requestId: string): Promise<Response> => {
    let limit: LimitVerdict | undefined;
    try {
      const payment = PAYMENT_REQUEST_HEADERS.some((name) => request.headers.has(name));
      limit = await applyRateLimit(request.headers, payment, requestId);
      if (limit?.limited) return rateLimitedResponse(limit.headers, { "X-Request-Id": requestId });
      const search = request.url.indexOf("?");
      const query = config.query
        ? parseWith(config.query, search < 0 ? {} : Object.fromEntries(new URLSearchParams(request.url.slice(search + 1))))
        : {};
      const params = config.params ? parseWith(config.params, (await context?.params) ?? {}) : {};
      const result = await handler({ query: query as Out<QS>, params: params as Out<PS>, request, requestId });
      const headers: Record<string, string> = { ...routeHeaders, ...(await dataFreshnessHeaders()), ...limit?.headers };
      headers["X-Request-Id"] = requestId;
      if (result instanceof Response) {
        if (payment && (result.status === 402 || result.status === 400)) await chargeRefusedPayment(request.headers);
        return withHeaders(result, headers);
      }
      const ready = result instanceof ReadyBody ? result : readyJson(result as object);
      headers["Content-Type"] = ready.contentType;
      if (validates) {
        headers.ETag = ready.etag;
        if (notModified(request.headers.get("if-none-match"), ready)) return new Response(null, { status: 304, headers });
      }
      return new Response(ready.bytes, { status: 200, headers });
    } catch (err) {
      return errorResponse(err, requestId, limit?.headers);
    }
  };
  return async (request, context) => {
    const started = performance.now();
    const requestId = requestIdFrom(request.headers);
    const response = await answer(request, context, requestId);
    if (cameOverHttps(request.headers.get("x-forwarded-proto"))) response.headers.set("Strict-Transport-Security", HSTS_HEADER);
    logAnswer(requestId, request.method, request.url, response.status, started);
    return response;
  };
}

/** The JSON error answer for anything thrown while handling a request. */
export function errorResponse(err: unknown, requestId?: string, extraHeaders: Record<string, string> = {}): Response {
  const error = err instanceof ApiError ? err : isDatabaseUnavailable(err) ? databaseUnavailable() : undefined;
  const headers: Record<string, string> = { "Cache-Control": "no-store", ...extraHeaders };
  if (requestId) headers["X-Request-Id"] = requestId;
  const log = requestLog(requestId ?? "-");
  if (error) {
    if (typeof error.extra.retryAfter === "number") headers["Retry-After"] = String(error.extra.retryAfter);
    if (error.status >= 500) log.warn({ status: error.status, code: error.code, cause: describeError(err) }, error.message);
    return jsonResponse(error.toBody(), error.status, headers);
  }
  log.error({ err: describeError(err) }, "unhandled error");
  return jsonResponse({ error: "internal_error", message: "Something went wrong on our side." }, 500, headers);
}

function parseWith(schema: z.ZodType, input: Record<string, unknown>): unknown {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const details: ValidationDetail[] = result.error.issues.map((issue) => ({
    field: issue.path.join(".") || "(request)",
    message: issue.message,
  }));
  throw ApiError.validation(details);
}

/** The handler's own headers win; the route's fill in what it did not set. */
function withHeaders(response: Response, headers: Record<string, string>): Response {
  const merged = new Headers(response.headers);
  for (const [k, v] of Object.entries({ "Content-Type": JSON_CONTENT_TYPE, ...headers })) {
    if (!merged.has(k)) merged.set(k, v);
  }
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers: merged });
}
