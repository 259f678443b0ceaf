/**
 * Answers replayed by a self-hosted server's HTTP layer for a second after the app gave them:
 * the part Vercel's edge cache plays in production, where the same answers' own Cache-Control
 * (`s-maxage`: 15 s for the feed and the cached `/`, an hour for the directory and the
 * documents) lets it answer for the app. Next.js spends ≈ 450 µs of server CPU on the barest
 * route handler; a replay skips it and costs about what node:http does, so a burst of
 * identical requests no longer queues behind the framework.
 *
 * What is replayed is exactly what the app sent: a GET answered 200 (or 304) that a shared
 * cache may keep (`public` or `s-maxage`, not `private`/`no-store`/`no-cache`) and whose body
 * is a ready body (lib/api/ready.ts: an API answer's, named by its ETag, or a page sent whole
 * from Next.js's cache), kept with its headers minus the ones that belong to one answer, and
 * replayed only to a request with the same target and the same values of the headers its Vary
 * names. Each replay is still an answer of the service's: it spends the client's rate-limit
 * budget (429 when spent), carries its own HSTS header and, as API answers do, its own
 * X-Request-Id and RateLimit-* headers, answers If-None-Match with 304, and goes out in the encoding the client prefers from
 * the body's stored forms. A request carrying a payment always goes to its route, and so does
 * one asking for a fresh answer (`Cache-Control: no-cache`). The data served is at most a
 * second (HTTP_REPLAY_MS; 0 turns replays off) older than the app would serve: its own caches
 * hold the feed for 3 s, `/` for 15 s.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { LRUCache } from "lru-cache";
import onHeaders from "on-headers";
import { describeError, log } from "@/lib/log";
import { prepareReadyBody, sentBody } from "./compression";
import { cameOverHttps, HSTS_HEADER, rateLimitedAnswer, writeJson } from "./http";
import { applyRateLimit, logAnswer, nodeRequestHeaders, PAYMENT_REQUEST_HEADERS, requestIdFrom } from "./per-request";
import { notModified, type ReadyBody } from "./ready";

/** How long an answer is replayed unless HTTP_REPLAY_MS says otherwise. */
export const DEFAULT_REPLAY_MS = 1_000;

/** Headers of one answer, of its encoding or of its connection: made again (or by node:http) for each replay. */
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
  "x-nextjs-cache",
]);

interface Remembered {
  body: ReadyBody;
  headers: Record<string, string | string[]>;
  /** The request headers the answer varies on (Vary, but for Accept-Encoding), with their values. */
  varies: [name: string, value: string | string[] | undefined][];
  /** API answers carry an X-Request-Id and the RateLimit-* headers; pages do neither. */
  api: boolean;
}

/** Answers by request target (path and query as sent), each replayed for `ms`; bounded by count and bytes. */
function answersKeptFor(ms: number) {
  return new LRUCache<string, Remembered>({
    max: 1000,
    maxSize: 32 * 1024 * 1024,
    sizeCalculation: (answer) => Math.max(1, answer.body.bytes.byteLength),
    ttl: ms,
  });
}

let remembered: ReturnType<typeof answersKeptFor> | undefined = answersKeptFor(DEFAULT_REPLAY_MS);

/** How long an answer is replayed (HTTP_REPLAY_MS); 0 turns replays off. Forgets what was kept. */
export function setReplayWindow(ms: number): void {
  remembered = ms > 0 ? answersKeptFor(ms) : undefined;
}

/** Kept by a shared cache: `public` or `s-maxage`, and nothing that forbids it. */
const SHARED = /\b(public|s-maxage)\b/;
const NOT_SHARED = /\b(private|no-store|no-cache)\b/;
/** A client asking for a fresh answer (a reload sends `max-age=0`, a hard reload `no-cache`), as any HTTP cache honours it. */
const WANTS_FRESH = /no-cache|no-store|max-age=0/;

function replayable(req: IncomingMessage): req is IncomingMessage & { url: string } {
  return req.method === "GET" && req.url !== undefined && !PAYMENT_REQUEST_HEADERS.some((name) => name in req.headers);
}

/**
 * Keeps the answer the app gives to `req`, if it may be replayed. Call before compressResponse:
 * this listener then runs after the compression's, and sees the final headers and the body.
 */
export function rememberAnswer(req: IncomingMessage, res: ServerResponse): void {
  if (!remembered || !replayable(req)) return;
  // As the client sent them: Next.js rewrites req.url as it routes (`%20` in a query becomes
  // `+`), and may add or strip request headers.
  const target = req.url;
  const sent = { ...req.headers };
  onHeaders(res, function keepAnswer(this: ServerResponse) {
    if (this.statusCode !== 200 && this.statusCode !== 304) return;
    const cacheControl = String(this.getHeader("cache-control") ?? "");
    if (!SHARED.test(cacheControl) || NOT_SHARED.test(cacheControl) || this.hasHeader("set-cookie")) return;
    const body = sentBody(this);
    const vary = String(this.getHeader("vary") ?? "").toLowerCase().split(",").map((name) => name.trim()).filter((name) => name && name !== "accept-encoding");
    if (!body || vary.includes("*")) return;
    const headers: Remembered["headers"] = {};
    for (const [name, value] of Object.entries(this.getHeaders())) {
      if (value !== undefined && !OWN_HEADERS.has(name)) headers[name] = typeof value === "number" ? String(value) : value;
    }
    const varies = vary.map((name): Remembered["varies"][number] => [name, sent[name]]);
    remembered?.set(target, { body, headers, varies, api: this.hasHeader("x-request-id") });
  });
}

/** Answers `req` with a remembered answer and returns true, or returns false for the app to answer it. */
export function replayAnswer(req: IncomingMessage, res: ServerResponse): boolean {
  if (!replayable(req) || WANTS_FRESH.test(String(req.headers["cache-control"] ?? req.headers.pragma ?? ""))) return false;
  const answer = remembered?.get(req.url);
  if (!answer || answer.varies.some(([name, value]) => String(req.headers[name]) !== String(value))) return false;
  replay(req, res, answer).catch((err: unknown) => {
    log().error({ err: describeError(err) }, "replay failed");
    res.destroy();
  });
  return true;
}

async function replay(req: IncomingMessage & { url: string }, res: ServerResponse, { body, headers, api }: Remembered): Promise<void> {
  const started = performance.now();
  const request = nodeRequestHeaders(req);
  const requestId = requestIdFrom(request);
  const limit = await applyRateLimit(request, false, requestId);
  const own: Record<string, string> = api ? { ...limit?.headers, "X-Request-Id": requestId } : {};
  if (cameOverHttps(request.get("x-forwarded-proto"))) own["Strict-Transport-Security"] = HSTS_HEADER;
  let status = 200;
  if (limit?.limited) writeJson(res, rateLimitedAnswer(limit.headers, own));
  else if (headers.etag && notModified(request.get("if-none-match"), body)) res.writeHead((status = 304), { ...headers, ...own }).end();
  else {
    const bytes = prepareReadyBody(req, res, body);
    res.writeHead(status, { ...headers, ...own }).end(bytes);
  }
  logAnswer(requestId, req.method, req.url, limit?.limited ? 429 : status, started);
}
