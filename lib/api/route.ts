import "server-only";
import type { z } from "zod";
import { ApiError, type ValidationDetail } from "./errors";
import { CACHE_POLICIES, jsonResponse, type CachePolicy } from "./http";
import { dataFreshnessHeaders } from "./freshness";

interface RouteContext {
  params: Promise<Record<string, string | string[] | undefined>>;
}

export interface RouteInput<Q, P> {
  query: Q;
  params: P;
  request: Request;
}

interface RouteConfig<QS extends z.ZodType | undefined, PS extends z.ZodType | undefined> {
  query?: QS;
  params?: PS;
  cache: CachePolicy;
}

type Out<S> = S extends z.ZodType ? z.output<S> : Record<string, never>;

/**
 * Wraps a GET handler: validates the query and path with zod (400 `validation_failed`),
 * turns ApiErrors into their JSON shape, hides every other error behind `internal_error`,
 * and sets the JSON, CORS, cache and data-freshness headers. A handler that returns a
 * Response (the paid routes) has the same headers added.
 */
export function apiRoute<QS extends z.ZodType | undefined = undefined, PS extends z.ZodType | undefined = undefined>(
  config: RouteConfig<QS, PS>,
  handler: (input: RouteInput<Out<QS>, Out<PS>>) => Promise<unknown>,
): (request: Request, context: RouteContext) => Promise<Response> {
  return async (request, context) => {
    try {
      const url = new URL(request.url);
      const query = parseWith(config.query, Object.fromEntries(url.searchParams));
      const params = parseWith(config.params, (await context?.params) ?? {});
      const result = await handler({ query: query as Out<QS>, params: params as Out<PS>, request });
      const headers = { "Cache-Control": CACHE_POLICIES[config.cache], ...(await dataFreshnessHeaders()) };
      if (result instanceof Response) return withHeaders(result, headers);
      return jsonResponse(result, 200, headers);
    } catch (err) {
      return errorResponse(err);
    }
  };
}

export function errorResponse(err: unknown): Response {
  if (err instanceof ApiError) {
    const headers: Record<string, string> = { "Cache-Control": "no-store" };
    if (typeof err.extra.retryAfter === "number") headers["Retry-After"] = String(err.extra.retryAfter);
    return jsonResponse(err.toBody(), err.status, headers);
  }
  console.error("[api] unhandled error:", err);
  return jsonResponse({ error: "internal_error", message: "Something went wrong on our side." }, 500, {
    "Cache-Control": "no-store",
  });
}

function parseWith(schema: z.ZodType | undefined, input: Record<string, unknown>): unknown {
  if (!schema) return {};
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const details: ValidationDetail[] = result.error.issues.map((issue) => ({
    field: issue.path.join(".") || "(request)",
    message: issue.message,
  }));
  throw ApiError.validation(details);
}

function withHeaders(response: Response, headers: Record<string, string>): Response {
  const merged = new Headers(response.headers);
  for (const [k, v] of Object.entries(jsonResponse(null, 200, headers).headers)) {
    if (!merged.has(k)) merged.set(k, v);
  }
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers: merged });
}
