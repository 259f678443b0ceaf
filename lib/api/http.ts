/** Response headers shared by every public route (CORS, caching, JSON). */

export const JSON_CONTENT_TYPE = "application/json; charset=utf-8";

/** Headers a browser client must be able to read cross-origin: payment, freshness, limits, tracing. */
export const EXPOSED_HEADERS = [
  "PAYMENT-REQUIRED",
  "PAYMENT-RESPONSE",
  "X-PAYMENT-RESPONSE",
  "X-Data-As-Of",
  "X-Data-Mode",
  "X-Summary-Generator",
  "Retry-After",
  "ETag",
  "X-Request-Id",
  "RateLimit-Policy",
  "RateLimit-Limit",
  "RateLimit-Remaining",
  "RateLimit-Reset",
].join(", ");

export const CORS_HEADERS: Record<string, string> = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "GET, HEAD, OPTIONS",
  // wrapFetchWithPayment sends Access-Control-Expose-Headers as a request header.
  "Access-Control-Allow-Headers":
    "Content-Type, Accept, PAYMENT-SIGNATURE, X-PAYMENT, Access-Control-Expose-Headers, Authorization, If-None-Match, X-Request-Id",
  "Access-Control-Expose-Headers": EXPOSED_HEADERS,
  "Access-Control-Max-Age": "86400",
};

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

export function jsonResponse(body: unknown, status: number, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": JSON_CONTENT_TYPE, ...CORS_HEADERS, ...headers },
  });
}
