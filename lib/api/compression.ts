/**
 * Response compression on a self-hosted server, in place of Next.js's own (`compress: false` in
 * next.config.ts; Vercel compresses at its edge). Next.js compresses every response on every
 * request, and drops a route handler's own Content-Encoding, so the same cached bytes were
 * compressed again for each client that accepts it: about half the server's time on a 10 KB feed
 * answer or a cached page. Here the bytes the server sends again and again are compressed once:
 * - an API answer served from a ready body (lib/api/ready.ts), found by the response's ETag;
 * - a body Next.js sends whole (a cached page or RSC payload: the same text while its cache
 *   entry stands), found by its text.
 * Everything else goes through the `compression` middleware, as before.
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

/** Sets `res` up to compress what Next.js writes to it; call before Next.js sees the request. */
export function compressResponse(req: IncomingMessage, res: ServerResponse): void {
  compress(req as Parameters<typeof compress>[0], res as Parameters<typeof compress>[1], () => {});
  let stored: Uint8Array | undefined;
  // Registered after the middleware's, so it runs first: the middleware then sees the
  // Content-Encoding and leaves the body alone.
  onHeaders(res, function chooseReadyBody(this: ServerResponse) {
    const etag = this.statusCode === 200 ? this.getHeader("etag") : undefined;
    const body = typeof etag === "string" ? readyBodyByEtag(etag) : undefined;
    if (!body) return;
    const encoding = body.bytes.byteLength >= COMPRESS_FROM_BYTES && mayEncode(req, this) ? negotiate(req) : undefined;
    if (encoding) stored = sendEncoded(this, encoding, body.encodedAs(encoding));
    // Its length known, a body the middleware would not compress goes out plain, not chunked.
    else if (!this.hasHeader("content-encoding")) this.setHeader("Content-Length", body.bytes.byteLength);
  });
  // Next.js sends a route's headers, then writes the plain bytes of its body: with a stored
  // encoding they are replaced whole.
  const write = res.write;
  const end = res.end as (this: ServerResponse, ...args: unknown[]) => ServerResponse;
  res.write = function (this: ServerResponse, ...args: Parameters<ServerResponse["write"]>) {
    if (!this.headersSent) this.writeHead(this.statusCode);
    return stored ? true : write.apply(this, args);
  } as ServerResponse["write"];
  res.end = function (this: ServerResponse, ...args: unknown[]) {
    if (!this.headersSent) {
      if (typeof args[0] === "string") stored = wholeBodyEncoded(req, this, args[0]);
      // Any other body given to end() alone is measured by the middleware first (its size
      // threshold), so the headers are only sent here when they may name a ready body.
      else if (this.statusCode === 200 && this.hasHeader("etag")) this.writeHead(this.statusCode);
    }
    if (!stored) return end.apply(this, args);
    return end.call(this, req.method === "HEAD" ? undefined : stored);
  } as ServerResponse["end"];
}

function wholeBodyEncoded(req: IncomingMessage, res: ServerResponse, text: string): Uint8Array | undefined {
  const contentType = String(res.getHeader("content-type"));
  if (text.length < COMPRESS_FROM_BYTES || !mayEncode(req, res) || !compressible(contentType)) return;
  const encoding = negotiate(req);
  if (!encoding) return;
  let body = wholeBodies.get(text);
  if (!body) wholeBodies.set(text, (body = new ReadyBody(text, contentType)));
  return sendEncoded(res, encoding, body.encodedAs(encoding));
}

/** A 200 not yet encoded, to a client that named the encodings it takes (none means identity, as the middleware reads it). */
function mayEncode(req: IncomingMessage, res: ServerResponse): boolean {
  return res.statusCode === 200 && Boolean(req.headers["accept-encoding"]) && !res.hasHeader("content-encoding");
}

function negotiate(req: IncomingMessage): ReadyEncoding | undefined {
  const encoding = new Negotiator(req).encoding(ACCEPTABLE, { preferred: READY_ENCODINGS });
  return encoding === "br" || encoding === "gzip" ? encoding : undefined;
}

function sendEncoded(res: ServerResponse, encoding: ReadyEncoding, bytes: Uint8Array): Uint8Array {
  res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", bytes.byteLength);
  return bytes;
}
