import "server-only";
import type { z } from "zod";
import { ApiError, type ValidationDetail } from "@/lib/api/errors";
import { CACHE_POLICIES, CORS_HEADERS, JSON_CONTENT_TYPE, type CachePolicy } from "@/lib/api/http";
import { dataFreshnessHeaders } from "@/lib/api/freshness";
import { notModified, ReadyBody, readyJson } from "@/lib/api/ready";
import { perRequest } from "./per-request";

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
  /** Sold per call (lib/payments/paid-route.ts): a payment it carries is judged by the payment budget. */
  paid?: boolean;
  /** Query parameters that may be repeated: read as every value given (others: the last one). */
  repeatable?: readonly string[];
}

type Out<S> = S extends z.ZodType ? z.output<S> : Record<string, never>;

/**
 * Wraps a GET handler in the per-request concerns (./per-request.ts: request id, limit,
 * security headers, log), validates the query and path with zod (400 `validation_failed`), turns
 * errors into their JSON shape (ApiErrors as they say, an unreachable database 503 with
 * Retry-After, anything else `internal_error`), and sets the JSON, CORS, cache and
 * data-freshness headers. A result object is served as a ready body with an ETag (304 on
 * If-None-Match) when the route is cacheable; a handler that returns a Response (the paid
 * routes) has the same headers added.
 */
export function apiRoute<QS extends z.ZodType | undefined = undefined, PS extends z.ZodType | undefined = undefined>(
  config: RouteConfig<QS, PS>,
  handler: (input: RouteInput<Out<QS>, Out<PS>>) => Promise<unknown>,
): (request: Request, context: RouteContext) => Promise<Response> {
  const routeHeaders = { ...CORS_HEADERS, "Cache-Control": CACHE_POLICIES[config.cache] };
  const validates = config.cache !== "none";
  return perRequest<RouteContext>(
    async (request, context, requestId) => {
      const search = request.url.indexOf("?");
      const query = config.query
        ? parseWith(config.query, queryObject(search < 0 ? "" : request.url.slice(search + 1), config.repeatable))
        : {};
      const params = config.params ? parseWith(config.params, (await context?.params) ?? {}) : {};
      const result = await handler({ query: query as Out<QS>, params: params as Out<PS>, request, requestId });
      const headers: Record<string, string> = { ...routeHeaders, ...(await dataFreshnessHeaders()) };
      if (result instanceof Response) return withHeaders(result, headers);
      const ready = result instanceof ReadyBody ? result : readyJson(result as object);
      headers["Content-Type"] = ready.contentType;
      if (validates) {
        headers.ETag = ready.etag;
        if (notModified(request.headers.get("if-none-match"), ready))
          return new Response(null, { status: 304, headers });
      }
      return new Response(ready.bytes, { status: 200, headers });
    },
    { paid: config.paid },
  );
}

function queryObject(search: string, repeatable: readonly string[] = []): Record<string, unknown> {
  const params = new URLSearchParams(search);
  const query: Record<string, unknown> = Object.fromEntries(params);
  for (const name of repeatable) if (params.has(name)) query[name] = params.getAll(name);
  return query;
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
