/**
 * The HTTP layer: what happens to every request around the app's own answer.
 *
 * - api-route.ts, api-methods.ts: an API route's GET (`apiRoute`: validation, JSON errors and
 *   headers, ETag) and its other methods, each wrapped in `perRequest`; route files import them
 *   directly, so proxy.ts (this index) does not load them. The answers' pieces (error shape,
 *   headers, ready bodies) are lib/api's, which imports nothing of this layer.
 * - per-request.ts: once per answer, its X-Request-Id, the anti-abuse limit, the security
 *   headers and the access log — `perRequest` wraps every route handler, `perPage` is proxy.ts.
 * - verdict-channel.ts: the limit's verdicts, reported to the self-hosted server's admission
 *   (lib/server) as they are made;
 * - local-request.ts: whether a request comes from this machine itself (the connection's peer,
 *   as the self-hosted server passes it on).
 *
 * Caching is the answers' own Cache-Control, s-maxage and ETag, for a CDN or the reverse proxy
 * in front (deploy/nginx.conf); compression is Next.js's.
 */
export { chargeRefusedPayment, perPage, perRequest, type PerRequestOptions } from "./per-request";
export { isLocalRequest } from "./local-request";
