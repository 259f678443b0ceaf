/**
 * Responses served as ready bodies: a result is serialised and UTF-8 encoded once per cache
 * entry (results of the read-through caches and constant documents are the same object on every
 * hit), with its ETag, so a hit costs a lookup rather than JSON.stringify, encoding and hashing
 * again. The body is kept as bytes: a string body is checked for lone surrogates and encoded by
 * undici on every Response, and most of these documents hold Korean text, which makes the whole
 * string a two-byte one (a 28 KB document: ≈45 µs per Response as a string, ≈10 µs as bytes,
 * which undici only copies). A client that sends the ETag back in If-None-Match gets a 304
 * without a body.
 *
 * Compressed forms are made once too, the first time a client accepts one: Next.js drops a route
 * handler's own Content-Encoding and would compress the same bytes on every request, so a
 * self-hosted server's HTTP layer (lib/api/compression.ts) finds the ready body by the ETag of
 * the response and sends its stored bytes instead. The same layer replays a free answer for a
 * moment by its ready body (lib/api/replay.ts).
 */
import { createHash } from "node:crypto";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { JSON_CONTENT_TYPE } from "./http";

const utf8 = new TextEncoder();

/** Encodings a ready body is stored in, in the order a client that accepts several gets them. */
export const READY_ENCODINGS = ["br", "gzip"] as const;
export type ReadyEncoding = (typeof READY_ENCODINGS)[number];

/** Below this a body is sent as it is (the compression middleware's own threshold). */
export const COMPRESS_FROM_BYTES = 1024;

/**
 * Settings at which making an encoding costs about what compressing one response did (≈0.3 ms
 * for 10 KB): every distinct query has its own body, and brotli's best quality would hold the
 * event loop for 8–24 ms per body for 20% fewer bytes.
 */
export const encoders: Record<ReadyEncoding, (bytes: Uint8Array) => Uint8Array> = {
  br: (bytes) => brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength } }),
  gzip: (bytes) => gzipSync(bytes, { level: 9 }),
};

export class ReadyBody {
  readonly bytes: Uint8Array<ArrayBuffer>;
  readonly etag: string;
  private readonly encoded: Partial<Record<ReadyEncoding, Uint8Array>>;
  constructor(
    text: string,
    readonly contentType: string,
  ) {
    this.bytes = utf8.encode(text);
    // Weak: the compressed and the plain bytes are one representation for revalidation.
    this.etag = `W/"${createHash("sha1").update(this.bytes).digest("base64url").slice(0, 22)}"`;
    // The same bytes in a new cache entry (the feed's entries are per second) share the
    // compressed forms already made.
    this.encoded = readyBodyByEtag(this.etag)?.encoded ?? {};
    readyBodies().remember(this);
  }

  /** The body in `encoding`, compressed on the first call. */
  encodedAs(encoding: ReadyEncoding): Uint8Array {
    return (this.encoded[encoding] ??= encoders[encoding](this.bytes));
  }
}

/**
 * Ready bodies by ETag, for as long as something else (a cache entry, a constant document) keeps
 * them: the ETag is a hash of the bytes, so it names exactly one body. Kept on globalThis because
 * a route's bundle and the server's start-up hook load separate copies of this module.
 */
const READY_BODIES = Symbol.for("dart-english.readyBodies");
function readyBodies() {
  const store = globalThis as { [READY_BODIES]?: ReturnType<typeof weakIndex> };
  return (store[READY_BODIES] ??= weakIndex());
}

function weakIndex() {
  const byEtag = new Map<string, WeakRef<ReadyBody>>();
  const forget = new FinalizationRegistry<string>((etag) => {
    if (!byEtag.get(etag)?.deref()) byEtag.delete(etag);
  });
  return {
    remember(body: ReadyBody) {
      byEtag.set(body.etag, new WeakRef(body));
      forget.register(body, body.etag);
    },
    find: (etag: string) => byEtag.get(etag)?.deref(),
  };
}

/** The ready body a response's ETag names, if this process still holds it. */
export function readyBodyByEtag(etag: string): ReadyBody | undefined {
  return readyBodies().find(etag);
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
