/**
 * Response compression on a self-hosted server, in place of Next.js's own (`compress: false` in
 * next.config.ts; Vercel compresses at its edge). Next.js compresses every response on every
 * request, and drops a route handler's own Content-Encoding, so the same cached bytes were
 * compressed again for each client that accepts it: about half the server's time on a 10 KB feed
 * answer or a cached page. Here the bytes the server sends again and again are compressed once:
 * - an API answer served from a ready body (lib/api/ready.ts), found by the response's ETag;
 * - a body Next.js sends whole (a cached page or RSC payload: the same text while its cache
 *   entry stands), found by its text.
 * Such a body goes out with its length, compressed or not. Everything else goes through the
 * `compression` middleware, as before.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import compressible from "compressible";
import compression from "compression";
import { LRUCache } from "lru-cache";
import Negotiator from "negotiator";
import onHeaders from "on-headers";
import { COMPRESS_FROM_BYTES, READY_ENCODINGS, ReadyBody, readyBodyByEtag, type ReadyEncoding } from "./ready";

const compress = compression();
const ACCEPTABLE = [...READY_ENCODINGS, "identity"];

/** Bodies sent whole, as ready bodies by their text, up to 16 MB of them. */
const wholeBodies = new LRUCache<string, ReadyBody>({
  maxSize: 16 * 1024 * 1024,
  sizeCalculation: (body) => body.bytes.byteLength,
});

/** The ready body each response sends (or names, in a 304), for the replay of recent answers (./replay.ts). */
const sentBodies = new WeakMap<ServerResponse, ReadyBody>();

/** The ready body `res` sends, or names in a 304: known once its headers are being sent. */
export function sentBody(res: ServerResponse): ReadyBody | undefined {
  return sentBodies.get(res);
}

/** Sets `res` up to compress what Next.js writes to it; call before Next.js sees the request. */
export function compressResponse(req: IncomingMessage, res: ServerResponse): void {
  compress(req as Parameters<typeof compress>[0], res as Parameters<typeof compress>[1], () => {});
  let whole: ReadyBody | undefined;
  let stored: Uint8Array | undefined;
  // Registered after the middleware's, so it runs first: the middleware then sees the
  // Content-Encoding (or a length below its threshold) and leaves the body alone.
  onHeaders(res, function chooseReadyBody(this: ServerResponse) {
    const etag = this.statusCode === 200 || this.statusCode === 304 ? this.getHeader("etag") : undefined;
    const body = whole ?? (typeof etag === "string" ? readyBodyByEtag(etag) : undefined);
    if (!body) return;
    sentBodies.set(this, body);
    if (this.statusCode === 200 && !this.hasHeader("content-encoding")) stored = prepareReadyBody(req, this, body);
  });
  // Next.js sends a route's headers, then writes the plain bytes of its body: they are replaced
  // whole by the ready body's form chosen above.
  const write = res.write;
  const end = res.end as (this: ServerResponse, ...args: unknown[]) => ServerResponse;
  res.write = function (this: ServerResponse, ...args: Parameters<ServerResponse["write"]>) {
    if (!this.headersSent) this.writeHead(this.statusCode);
    return stored ? true : write.apply(this, args);
  } as ServerResponse["write"];
  res.end = function (this: ServerResponse, ...args: unknown[]) {
    if (!this.headersSent && this.statusCode === 200) {
      if (typeof args[0] === "string") whole = wholeBody(this, args[0]);
      // Any other body given to end() alone is measured by the middleware first (its size
      // threshold), so the headers are only sent here when they may name a ready body.
      if (whole || this.hasHeader("etag")) this.writeHead(this.statusCode);
    }
    if (!stored) return end.apply(this, args);
    return end.call(this, req.method === "HEAD" ? undefined : stored);
  } as ServerResponse["end"];
}

/** A body sent whole, as the ready body of its text. */
function wholeBody(res: ServerResponse, text: string): ReadyBody {
  let body = wholeBodies.get(text);
  if (!body) wholeBodies.set(text, (body = new ReadyBody(text, String(res.getHeader("content-type")))));
  return body;
}

/**
 * Sets the Content-Encoding and Content-Length of `body` sent as `req` accepts it — a stored
 * brotli or gzip form, or the plain bytes (then the middleware, seeing the length or the
 * encoding, leaves it alone) — and returns the bytes to send.
 */
export function prepareReadyBody(req: IncomingMessage, res: ServerResponse, body: ReadyBody): Uint8Array {
  const encoding =
    body.bytes.byteLength >= COMPRESS_FROM_BYTES && req.headers["accept-encoding"] && compressible(body.contentType) ? negotiate(req) : undefined;
  const bytes = encoding ? body.encodedAs(encoding) : body.bytes;
  if (encoding) res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", bytes.byteLength);
  return bytes;
}

function negotiate(req: IncomingMessage): ReadyEncoding | undefined {
  const encoding = new Negotiator(req).encoding(ACCEPTABLE, { preferred: READY_ENCODINGS });
  return encoding === "br" || encoding === "gzip" ? encoding : undefined;
}
