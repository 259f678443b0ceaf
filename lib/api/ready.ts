/**
 * Responses served as ready bytes: a result is serialised once per cache entry (results of the
 * read-through caches and constant documents are the same object on every hit), with its
 * ETag, so a hit costs a lookup rather than JSON.stringify and hashing again. A client that
 * sends the ETag back in If-None-Match gets a 304 without a body. Bodies worth compressing are
 * gzipped once too (Next.js's own compression would gzip them again on every request; it
 * leaves a response that already has a Content-Encoding alone).
 */
import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import { JSON_CONTENT_TYPE } from "./http";

/** Below this, gzip saves less than its header costs. */
const COMPRESS_FROM_BYTES = 1024;

export class ReadyBody {
  readonly etag: string;
  #gzipped?: Uint8Array<ArrayBuffer>;
  constructor(
    readonly bytes: Uint8Array<ArrayBuffer>,
    readonly contentType: string,
  ) {
    // Weak: the gzipped and the plain bytes are one representation for revalidation.
    this.etag = `W/"${createHash("sha1").update(bytes).digest("base64url").slice(0, 22)}"`;
  }

  /** The gzipped bytes when the client accepts gzip and the body is worth it, else undefined. */
  gzipFor(request: Request): Uint8Array<ArrayBuffer> | undefined {
    if (this.bytes.byteLength < COMPRESS_FROM_BYTES || !/\bgzip\b/.test(request.headers.get("accept-encoding") ?? "")) return undefined;
    this.#gzipped ??= new Uint8Array(gzipSync(this.bytes));
    return this.#gzipped;
  }
}

const encoder = new TextEncoder();
const serialised = new WeakMap<object, ReadyBody>();

/** The JSON bytes of a result, serialised on the first request that sees this object. */
export function readyJson(value: object): ReadyBody {
  let ready = serialised.get(value);
  if (!ready) serialised.set(value, (ready = new ReadyBody(encoder.encode(JSON.stringify(value)), JSON_CONTENT_TYPE)));
  return ready;
}

export function readyText(text: string, contentType = "text/plain; charset=utf-8"): ReadyBody {
  return new ReadyBody(encoder.encode(text), contentType);
}

/** True when If-None-Match names this body (a list, or `*`; weak validators compare equal). */
export function notModified(request: Request, ready: ReadyBody): boolean {
  const header = request.headers.get("if-none-match");
  if (!header) return false;
  if (header.trim() === "*") return true;
  const opaque = ready.etag.slice(2);
  return header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === opaque);
}

/**
 * A document built once per set of arguments (e.g. base URL and payment terms, small plain
 * values): the same object is returned while they stay the same, so it is serialised once too.
 */
export function buildOncePer<A extends unknown[], T>(build: (...args: A) => T) {
  let last: { key: string; value: T } | undefined;
  return (...args: A): T => {
    const key = JSON.stringify(args);
    if (last?.key !== key) last = { key, value: build(...args) };
    return last.value;
  };
}
