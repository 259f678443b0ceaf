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

export interface RouteInput<Q, P, B = Record<string, never>> {
  query: Q;
  params: P;
  /** The JSON body, validated (routes with a `body` schema: the watchlist operations). */
  body: B;
  request: Request;
  /** The X-Request-Id of this answer, for the handler's own log lines. */
  requestId: string;
}

interface RouteConfig<
  QS extends z.ZodType | undefined,
  PS extends z.ZodType | undefined,
  BS extends z.ZodType | undefined = undefined,
> {
  query?: QS;
  params?: PS;
  /** A JSON request body, validated like the query (400 `validation_failed` naming the field). */
  body?: BS;
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
export function apiRoute<
  QS extends z.ZodType | undefined = undefined,
  PS extends z.ZodType | undefined = undefined,
  BS extends z.ZodType | undefined = undefined,
>(
  config: RouteConfig<QS, PS, BS>,
  handler: (input: RouteInput<Out<QS>, Out<PS>, Out<BS>>) => Promise<unknown>,
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
      const body = config.body ? parseWith(config.body, await jsonBody(request)) : {};
      const result = await handler({
        query: query as Out<QS>,
        params: params as Out<PS>,
        body: body as Out<BS>,
        request,
        requestId,
      });
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

/** The most a JSON request body may be. */
export const BODY_MAX_BYTES = 16_384;

/** The request's JSON object body; anything else is 400 `validation_failed` on `(body)`. */
async function jsonBody(request: Request): Promise<Record<string, unknown>> {
  const refuse = (message: string) => ApiError.validation([{ field: "(body)", message }]);
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > BODY_MAX_BYTES) throw refuse(`must be at most ${BODY_MAX_BYTES} bytes`);
  const text = await request.text().catch(() => {
    throw refuse("could not be read");
  });
  if (Buffer.byteLength(text) > BODY_MAX_BYTES) throw refuse(`must be at most ${BODY_MAX_BYTES} bytes`);
  if (text.trim() === "") return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw refuse("must be a JSON object");
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw refuse("must be a JSON object");
  return parsed as Record<string, unknown>;
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
