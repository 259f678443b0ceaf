/**
 * The HTTP layer: what happens to every request around the app's own answer.
 *
 * - api-route.ts, api-methods.ts: an API route's GET (`apiRoute`: validation, JSON errors and
 *   headers, ETag) and its other methods, each wrapped in `perRequest`; route files import them
 *   directly, so proxy.ts (this index) does not load them. The answers' pieces (error shape,
 *   headers, ready bodies) are lib/api's, which imports nothing of this layer.
 * - per-request.ts: once per answer, its X-Request-Id, the anti-abuse limit, the security
 *   headers and the access log — `perRequest` wraps every route handler, `perPage` is proxy.ts.
 * - before-routing.ts: on a self-hosted server, who the client is (X-Forwarded-For per
 *   TRUSTED_PROXY_COUNT), per-client lanes, turns (one request starts per turn of the event
 *   loop, clients in rotation), a refused client's 429 given again before routing, paced, query text
 *   with control characters kept from the routes, and JSON answers for requests Next.js cannot
 *   route (methods it does not know, request targets that are not a plain path), installed from
 *   instrumentation.ts.
 *
 * Caching is the answers' own Cache-Control, s-maxage and ETag, for a CDN or the reverse proxy
 * in front (deploy/nginx.conf); compression is Next.js's.
 */
export { chargeRefusedPayment, perPage, perRequest, type PerRequestOptions } from "./per-request";
export { installBeforeRouting } from "./before-routing";
