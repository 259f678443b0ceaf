/**
 * Free API answers replayed by a self-hosted server's HTTP layer for a second after a route
 * handler gave them: the part Vercel's edge cache plays in production, where these answers'
 * own `s-maxage` (15 s for the feed, an hour for the directory and the documents) lets it
 * answer for the app. Next.js spends ≈ 450 µs of server CPU on the barest route handler; a
 * replay skips it and costs what node:http does, so a burst of identical requests no longer
 * queues behind the framework.
 *
 * What is replayed is exactly what a route sent: a GET answered 200 (or 304) with a public
 * Cache-Control and an ETag naming a ready body (lib/api/ready.ts), whose headers are kept
 * without the ones that belong to one answer. Each replay is still one answer of the API's:
 * it spends the client's rate-limit budget (429 when spent), carries its own X-Request-Id,
 * RateLimit-* and HSTS headers, answers If-None-Match with 304, is compressed from the body's
 * stored forms, and writes the access log line. A request carrying a payment always goes to
 * its route, and so does one asking for a fresh answer (`Cache-Control: no-cache`). The data
 * served is at most REPLAY_MS older than the route would serve: its own read-through caches
 * hold the feed for 3 s and the directory for a minute.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { LRUCache } from "lru-cache";
import onHeaders from "on-headers";
import { describeError, log } from "@/lib/log";
import { cameOverHttps, HSTS_HEADER, rateLimitedAnswer, writeJson } from "./http";
import { applyRateLimit, logAnswer, nodeRequestHeaders, PAYMENT_REQUEST_HEADERS, requestIdFrom } from "./per-request";
import { notModified, readyBodyByEtag, type ReadyBody } from "./ready";

export const REPLAY_MS = 1_000;

/** Headers of one answer or of its connection: made again (or by node:http) for each replay. */
const OWN_HEADERS = new Set([
  "x-request-id",
  "ratelimit-policy",
  "ratelimit-limit",
  "ratelimit-remaining",
  "ratelimit-reset",
  "retry-after",
  "strict-transport-security",
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "date",
  "connection",
  "keep-alive",
]);

interface Remembered {
  body: ReadyBody;
  headers: Record<string, string | string[]>;
}

/** By request target (path and query as sent); an entry is replayed for REPLAY_MS. */
const remembered = new LRUCache<string, Remembered>({ max: 1000, ttl: REPLAY_MS });

function replayable(req: IncomingMessage): req is IncomingMessage & { url: string } {
  return req.method === "GET" && req.url !== undefined && !PAYMENT_REQUEST_HEADERS.some((name) => name in req.headers);
}

/** Keeps the answer a route gives to `req`, if it may be replayed; call before Next.js sees the request. */
export function rememberAnswer(req: IncomingMessage, res: ServerResponse): void {
  if (!replayable(req)) return;
  onHeaders(res, function keepAnswer(this: ServerResponse) {
    // A 304 carries the same headers, and its ETag names the body.
    if ((this.statusCode !== 200 && this.statusCode !== 304) || !String(this.getHeader("cache-control")).startsWith("public")) return;
    const etag = this.getHeader("etag");
    const body = typeof etag === "string" ? readyBodyByEtag(etag) : undefined;
    if (!body) return;
    const headers: Remembered["headers"] = {};
    for (const [name, value] of Object.entries(this.getHeaders())) {
      if (value !== undefined && !OWN_HEADERS.has(name)) headers[name] = typeof value === "number" ? String(value) : value;
    }
    remembered.set(req.url, { body, headers });
  });
}

/** A client asking for a fresh answer (a reload sends `max-age=0`, a hard reload `no-cache`), as any HTTP cache honours it. */
const WANTS_FRESH = /no-cache|no-store|max-age=0/;

/** Answers `req` with a remembered answer and returns true, or returns false for Next.js to answer it. */
export function replayAnswer(req: IncomingMessage, res: ServerResponse): boolean {
  if (!replayable(req) || WANTS_FRESH.test(String(req.headers["cache-control"] ?? req.headers.pragma ?? ""))) return false;
  const answer = remembered.get(req.url);
  if (!answer) return false;
  replay(req, res, answer).catch((err: unknown) => {
    log().error({ err: describeError(err) }, "replay failed");
    res.destroy();
  });
  return true;
}

async function replay(req: IncomingMessage & { url: string }, res: ServerResponse, { body, headers }: Remembered): Promise<void> {
  const started = performance.now();
  const request = nodeRequestHeaders(req);
  const requestId = requestIdFrom(request);
  const limit = await applyRateLimit(request, false, requestId);
  const own: Record<string, string> = { ...limit?.headers, "X-Request-Id": requestId };
  if (cameOverHttps(request.get("x-forwarded-proto"))) own["Strict-Transport-Security"] = HSTS_HEADER;
  let status = 200;
  if (limit?.limited) writeJson(res, rateLimitedAnswer(limit.headers, own));
  else if (notModified(request.get("if-none-match"), body)) res.writeHead((status = 304), { ...headers, ...own }).end();
  else res.writeHead(status, { ...headers, ...own, "Content-Length": String(body.bytes.byteLength) }).end(body.bytes);
  logAnswer(requestId, req.method, req.url, limit?.limited ? 429 : status, started);
}
