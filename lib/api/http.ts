/** Response headers shared by every public route (CORS, caching, JSON). */
import {
  PAYMENT_REQUEST_HEADERS,
  PAYMENT_RESPONSE_HEADERS,
  SIGN_IN_WITH_X,
  SUMMARY_GENERATOR_HEADER,
} from "@/lib/interface/headers";

export const JSON_CONTENT_TYPE = "application/json; charset=utf-8";

/** Headers a browser client must be able to read cross-origin: payment, freshness, limits, tracing. */
export const EXPOSED_HEADERS = [
  ...PAYMENT_RESPONSE_HEADERS,
  SIGN_IN_WITH_X.redelivered,
  "X-Data-As-Of",
  "X-Data-Mode",
  SUMMARY_GENERATOR_HEADER,
  "Retry-After",
  "ETag",
  "X-Request-Id",
  "RateLimit-Policy",
  "RateLimit-Limit",
  "RateLimit-Remaining",
  "RateLimit-Reset",
].join(", ");

/** CORS on every API answer: any origin may read it, payment and freshness headers included. */
export const CORS_HEADERS: Record<string, string> = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Expose-Headers": EXPOSED_HEADERS,
};

/** What a preflight (OPTIONS) answers; these headers mean nothing on the actual response. */
export const PREFLIGHT_HEADERS: Record<string, string> = {
  ...CORS_HEADERS,
  "Access-Control-Allow-Methods": "GET, HEAD, OPTIONS",
  // wrapFetchWithPayment sends Access-Control-Expose-Headers as a request header.
  "Access-Control-Allow-Headers": `Content-Type, Accept, ${PAYMENT_REQUEST_HEADERS.join(", ")}, ${SIGN_IN_WITH_X.proof}, Access-Control-Expose-Headers, Authorization, If-None-Match, X-Request-Id`,
  "Access-Control-Max-Age": "86400",
};

/**
 * Security headers of API answers (set by lib/http/per-request.ts). JSON never runs or embeds
 * anything, so its policy is the strictest one.
 */
export const API_SECURITY_HEADERS: Record<string, string> = {
  "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
};

/** Sent with HTTPS answers only (the platform or proxy in front says how the request came in). */
export const HSTS_HEADER = "max-age=63072000; includeSubDomains; preload";

/** True when the request reached the platform over HTTPS, by its X-Forwarded-Proto. */
export function cameOverHttps(forwardedProto: string | null | undefined): boolean {
  return forwardedProto?.startsWith("https") ?? false;
}

/**
 * Cache policies. Data refreshes about every 30 s, so the feed is cached briefly at the edge
 * and served stale while it revalidates; the directory changes daily.
 */
export const CACHE_POLICIES = {
  feed: "public, max-age=0, s-maxage=15, stale-while-revalidate=30",
  directory: "public, max-age=300, s-maxage=3600, stale-while-revalidate=86400",
  document: "public, max-age=300, s-maxage=3600",
  none: "no-store",
} as const;

export type CachePolicy = keyof typeof CACHE_POLICIES;

/** A JSON answer before it becomes a Response (route handlers) or is written to a node response (lib/server/answers.ts). */
export interface JsonAnswer {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

export function jsonAnswer(body: unknown, status: number, headers: Record<string, string> = {}): JsonAnswer {
  return { status, body, headers: { "Content-Type": JSON_CONTENT_TYPE, ...CORS_HEADERS, ...headers } };
}

function toResponse({ status, body, headers }: JsonAnswer): Response {
  return new Response(JSON.stringify(body), { status, headers });
}

export function jsonResponse(body: unknown, status: number, headers: Record<string, string> = {}): Response {
  return toResponse(jsonAnswer(body, status, headers));
}

/** The 429 for a client over its budget, pages and API alike; `limitHeaders` are its RateLimit-* and Retry-After. */
export function rateLimitedResponse(limitHeaders: Record<string, string>): Response {
  const message = `Too many requests; retry after ${limitHeaders["Retry-After"]} s.`;
  return jsonResponse({ error: "rate_limited", message }, 429, { ...limitHeaders, "Cache-Control": "no-store" });
}
