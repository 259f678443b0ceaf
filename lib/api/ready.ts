/**
 * Responses served as ready bodies: a result is serialised and UTF-8 encoded once per cache
 * entry (results of the read-through caches and constant documents are the same object on every
 * hit), with its ETag, so a hit costs a lookup rather than JSON.stringify, encoding and hashing
 * again. The body is kept as bytes: a string body is checked for lone surrogates and encoded by
 * undici on every Response, and most of these documents hold Korean text, which makes the whole
 * string a two-byte one (a 28 KB document: ≈45 µs per Response as a string, ≈10 µs as bytes,
 * which undici only copies). A client that sends the ETag back in If-None-Match gets a 304
 * without a body.
 */
import { createHash } from "node:crypto";
import { JSON_CONTENT_TYPE } from "./http";

const utf8 = new TextEncoder();

export class ReadyBody {
  readonly bytes: Uint8Array<ArrayBuffer>;
  readonly etag: string;
  constructor(
    text: string,
    readonly contentType: string,
  ) {
    this.bytes = utf8.encode(text);
    // Weak: Next.js compresses the body per client, and the compressed and plain bytes are one
    // representation for revalidation.
    this.etag = `W/"${createHash("sha1").update(this.bytes).digest("base64url").slice(0, 22)}"`;
  }
}

const serialised = new WeakMap<object, ReadyBody>();

/** The JSON text of a result, serialised on the first request that sees this object. */
export function readyJson(value: object): ReadyBody {
  let ready = serialised.get(value);
  if (!ready) serialised.set(value, (ready = new ReadyBody(JSON.stringify(value), JSON_CONTENT_TYPE)));
  return ready;
}

export function readyText(text: string, contentType = "text/plain; charset=utf-8"): ReadyBody {
  return new ReadyBody(text, contentType);
}

/** True when an If-None-Match header names this body (a list, or `*`; weak validators compare equal). */
export function notModified(header: string | null | undefined, ready: ReadyBody): boolean {
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
