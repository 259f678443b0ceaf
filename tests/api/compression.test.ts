/**
 * The self-hosted server's compression (lib/api/compression.ts) over a real node:http server:
 * a route's ready body goes out in the encoding the client prefers, from bytes compressed once;
 * everything else is compressed per response by the `compression` middleware, as Next.js did.
 * The responses are written the way Next.js writes them: a route handler's answer as headers,
 * flush, body chunks, end; a cached page whole, as one string given to end(). e2e/headers.test.ts
 * checks the same against `next start`.
 */
import { createServer, type Server } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { listenOnLoopback, rawRequest } from "../support/raw-http";
import { compressResponse } from "@/lib/api/compression";
import { encoders, ReadyBody, readyBodyByEtag } from "@/lib/api/ready";

/** A 9 KB JSON document, like the feed's answers. */
const document = JSON.stringify({ filings: Array.from({ length: 60 }, (_, i) => ({ rcptNo: `2026071600${i}`, corpNameEn: "Samsung Electronics Co., Ltd.", title: "주요사항보고서" })) });
const ready = new ReadyBody(document, "application/json; charset=utf-8");
/** A ready body below the 1 KB threshold, like the company lookup's answers. */
const smallReady = new ReadyBody('{"filings":[]}', "application/json; charset=utf-8");

/** A cached page: the same text on every request. */
const page = `<!DOCTYPE html><html><body>${"<p>Samsung Electronics: 주요사항보고서</p>".repeat(60)}</body></html>`;
const html = { "Content-Type": "text/html; charset=utf-8" };

/** Answers sent whole, as one string: `/page` and `/other-page` 200, `/missing` a 404 page, `/small` 20 bytes. */
function wholeAnswer(path: string): { status: number; headers: Record<string, string>; text: string } | undefined {
  if (path === "/page") return { status: 200, headers: html, text: page };
  if (path === "/other-page") return { status: 200, headers: html, text: page.replace("Samsung", "SK hynix") };
  if (path === "/missing") return { status: 404, headers: html, text: page };
  if (path === "/small") return { status: 200, headers: { "Content-Type": "application/json; charset=utf-8" }, text: '{"filings":[],"n":1}' };
}

/** What a route answers: `/ready` a ready body (with its ETag), `/small-ready` one below 1 KB, `/plain` the same bytes without one. */
function answer(path: string, ifNoneMatch: string | undefined): { status: number; headers: Record<string, string>; body?: Uint8Array } {
  const json = { "Content-Type": "application/json; charset=utf-8" };
  if (path === "/ready") {
    if (ifNoneMatch === ready.etag) return { status: 304, headers: { ETag: ready.etag } };
    return { status: 200, headers: { ...json, ETag: ready.etag }, body: ready.bytes };
  }
  if (path === "/small-ready") return { status: 200, headers: { ...json, ETag: smallReady.etag }, body: smallReady.bytes };
  if (path === "/plain") return { status: 200, headers: json, body: new TextEncoder().encode(document) };
  return { status: 404, headers: { ...json, ETag: ready.etag }, body: ready.bytes };
}

let server: Server;
let port: number;
beforeAll(async () => {
  server = createServer((req, res) => {
    compressResponse(req, res);
    const whole = wholeAnswer(req.url ?? "/");
    if (whole) {
      res.statusCode = whole.status;
      for (const [name, value] of Object.entries(whole.headers)) res.setHeader(name, value);
      res.setHeader("Content-Length", Buffer.byteLength(whole.text));
      return void res.end(req.method === "HEAD" ? null : whole.text);
    }
    const { status, headers, body } = answer(req.url ?? "/", req.headers["if-none-match"]);
    res.statusCode = status;
    for (const [name, value] of Object.entries(headers)) res.appendHeader(name, value);
    res.flushHeaders();
    // Two chunks, as a streamed body may arrive.
    if (body && req.method !== "HEAD") {
      res.write(body.subarray(0, 100));
      res.write(body.subarray(100));
    }
    res.end();
  });
  port = await listenOnLoopback(server);
});
afterAll(() => server.close());
afterEach(() => vi.restoreAllMocks());

const send = (path: string, headers: Record<string, string> = {}, method = "GET") => rawRequest(port, path, headers, method);

describe("ready bodies", () => {
  it("go out as brotli to a client that accepts it, with their length, decoding to the plain bytes", async () => {
    const res = await send("/ready", { "Accept-Encoding": "gzip, deflate, br" });
    expect(res.headers["content-encoding"]).toBe("br");
    expect(Number(res.headers["content-length"])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(ready.bytes.length / 3);
    expect(brotliDecompressSync(res.body).toString()).toBe(document);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
  });

  it("go out as gzip to a gzip-only client", async () => {
    const res = await send("/ready", { "Accept-Encoding": "gzip" });
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(Number(res.headers["content-length"])).toBe(res.body.length);
    expect(gunzipSync(res.body).toString()).toBe(document);
  });

  it("go out plain without Accept-Encoding, or when every encoding is refused", async () => {
    for (const headers of [{}, { "Accept-Encoding": "identity" }, { "Accept-Encoding": "gzip;q=0, br;q=0" }] as Record<string, string>[]) {
      const res = await send("/ready", headers);
      expect(res.headers["content-encoding"]).toBeUndefined();
      expect(Number(res.headers["content-length"])).toBe(ready.bytes.length);
      expect(res.body.toString()).toBe(document);
    }
  });

  it("answer HEAD with the compressed headers and no body", async () => {
    const res = await send("/ready", { "Accept-Encoding": "gzip" }, "HEAD");
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(Number(res.headers["content-length"])).toBe(ready.encodedAs("gzip").length);
    expect(res.body.length).toBe(0);
  });

  it("leave a 304 and a non-200 answer to the middleware", async () => {
    const notModified = await send("/ready", { "Accept-Encoding": "gzip", "If-None-Match": ready.etag });
    expect(notModified.status).toBe(304);
    expect(notModified.headers["content-encoding"]).toBeUndefined();
    expect(notModified.body.length).toBe(0);
    const notFound = await send("/not-found", { "Accept-Encoding": "gzip" });
    expect(notFound.status).toBe(404);
    expect(notFound.headers["content-length"]).toBeUndefined(); // compressed as it streamed
    expect(gunzipSync(notFound.body).toString()).toBe(document);
  });

  it("are compressed once: the same bytes again, even from a new body with the same text", async () => {
    const brotli = vi.spyOn(encoders, "br");
    const first = await send("/ready", { "Accept-Encoding": "br" });
    const again = await send("/ready", { "Accept-Encoding": "br" });
    expect(again.body).toEqual(first.body);
    expect(brotli.mock.calls.length).toBeLessThanOrEqual(1); // none if an earlier test made it
    const gzip = ready.encodedAs("gzip");
    expect(ready.encodedAs("gzip")).toBe(gzip);
    const twin = new ReadyBody(document, "application/json; charset=utf-8");
    expect(twin.etag).toBe(ready.etag);
    expect(twin.encodedAs("gzip")).toBe(gzip);
    expect(readyBodyByEtag(ready.etag)).toBe(twin);
  });

  it("go out plain below compression's threshold, with their length rather than chunked", async () => {
    const brotli = vi.spyOn(encoders, "br");
    const res = await send("/small-ready", { "Accept-Encoding": "gzip, br" });
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.headers["transfer-encoding"]).toBeUndefined();
    expect(Number(res.headers["content-length"])).toBe(smallReady.bytes.length);
    expect(res.body.toString()).toBe('{"filings":[]}');
    expect(brotli).not.toHaveBeenCalled();
  });
});

describe("bodies sent whole (cached pages)", () => {
  it("are compressed once per text and encoding, then sent from the stored bytes with their length", async () => {
    const brotli = vi.spyOn(encoders, "br");
    const first = await send("/page", { "Accept-Encoding": "gzip, deflate, br" });
    expect(first.headers["content-encoding"]).toBe("br");
    expect(Number(first.headers["content-length"])).toBe(first.body.length);
    expect(brotliDecompressSync(first.body).toString()).toBe(page);
    const again = await send("/page", { "Accept-Encoding": "gzip, deflate, br" });
    expect(again.body).toEqual(first.body);
    expect(brotli).toHaveBeenCalledTimes(1);
    const other = await send("/other-page", { "Accept-Encoding": "br" });
    expect(brotliDecompressSync(other.body).toString()).toContain("SK hynix");
    expect(brotli).toHaveBeenCalledTimes(2);
  });

  it("go out as gzip or plain as the client asks, and HEAD keeps the plain length", async () => {
    const gzip = await send("/page", { "Accept-Encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.body).toString()).toBe(page);
    const plain = await send("/page");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(page);
    const head = await send("/page", { "Accept-Encoding": "gzip" }, "HEAD");
    expect(Number(head.headers["content-length"])).toBe(Buffer.byteLength(page));
    expect(head.body.length).toBe(0);
  });

  it("leave an error page to the middleware, and stay plain below 1 KB", async () => {
    const brotli = vi.spyOn(encoders, "br");
    const missing = await send("/missing", { "Accept-Encoding": "br" });
    expect(missing.status).toBe(404);
    expect(brotliDecompressSync(missing.body).toString()).toBe(page);
    const small = await send("/small", { "Accept-Encoding": "gzip, br" });
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.body.toString()).toBe('{"filings":[],"n":1}');
    expect(brotli).not.toHaveBeenCalled();
  });
});

describe("other responses", () => {
  it("are compressed per response by the middleware, as before", async () => {
    const res = await send("/plain", { "Accept-Encoding": "gzip, deflate, br" });
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-length"]).toBeUndefined();
    expect(brotliDecompressSync(res.body).toString()).toBe(document);
  });
});
