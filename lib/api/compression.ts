/**
 * Response compression on a self-hosted server, in place of Next.js's own (`compress: false` in
 * next.config.ts; Vercel compresses at its edge). Next.js compresses every response on every
 * request and drops a route handler's own Content-Encoding, so the API's cached answers were
 * gzipped again for each client that accepts it: about half the server's time on a 10 KB feed
 * answer. Here a ready body (lib/api/ready.ts) is sent in the encoding it was stored in, made once
 * per body; every other response goes through the `compression` middleware, as before.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import compression from "compression";
import Negotiator from "negotiator";
import onHeaders from "on-headers";
import { READY_ENCODINGS, readyBodyByEtag } from "./ready";

const compress = compression();
const ACCEPTABLE = [...READY_ENCODINGS, "identity"];

/** Sets `res` up to compress what Next.js writes to it; call before Next.js sees the request. */
export function compressResponse(req: IncomingMessage, res: ServerResponse): void {
  compress(req as Parameters<typeof compress>[0], res as Parameters<typeof compress>[1], () => {});
  let stored: Uint8Array | undefined;
  // Registered after the middleware's, so it runs first: the middleware then sees the
  // Content-Encoding and leaves the body alone.
  onHeaders(res, function chooseStoredEncoding(this: ServerResponse) {
    // No Accept-Encoding is taken to mean identity, as the middleware does.
    if (!req.headers["accept-encoding"] || this.statusCode !== 200 || this.hasHeader("content-encoding")) return;
    const etag = this.getHeader("etag");
    const body = typeof etag === "string" ? readyBodyByEtag(etag) : undefined;
    if (!body) return;
    const encoding = new Negotiator(req).encoding(ACCEPTABLE, { preferred: READY_ENCODINGS });
    if (encoding !== "br" && encoding !== "gzip") return;
    stored = body.encodedAs(encoding);
    this.setHeader("Content-Encoding", encoding);
    this.setHeader("Content-Length", stored.byteLength);
  });
  // Next.js sends the headers, then writes the plain bytes of the body: with a stored encoding
  // they are replaced whole.
  const write = res.write;
  const end = res.end as (this: ServerResponse, ...args: unknown[]) => ServerResponse;
  res.write = function (this: ServerResponse, ...args: Parameters<ServerResponse["write"]>) {
    if (!this.headersSent) this.writeHead(this.statusCode);
    return stored ? true : write.apply(this, args);
  } as ServerResponse["write"];
  res.end = function (this: ServerResponse, ...args: unknown[]) {
    // A body given to end() alone is measured by the middleware first (its size threshold), so
    // the headers are only sent here when they may name a ready body.
    if (!this.headersSent && this.statusCode === 200 && this.hasHeader("etag")) this.writeHead(this.statusCode);
    if (!stored) return end.apply(this, args);
    return end.call(this, req.method === "HEAD" ? undefined : stored);
  } as ServerResponse["end"];
}
