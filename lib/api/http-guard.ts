/**
 * Requests that Next.js cannot represent, answered at the HTTP layer of a self-hosted server.
 * Next.js builds a WHATWG Request for every request, and undici refuses the methods TRACE and
 * TRACK (a TypeError, answered as a plain-text 500 with a stack trace in the log); a path that
 * is not valid percent-encoding (`/v1/%`) fails its route matching and gets a plain-text 500
 * too, since an App Router-only app has no error page for it. Neither reaches any code of
 * ours, so `installHttpGuard` (called once from instrumentation.ts) answers them before Next
 * does: JSON 405 and JSON 400 with CORS, one short log line. Hosted platforms (Vercel) refuse
 * such requests at their edge.
 *
 * The same place sets who the client is. Next.js keeps an X-Forwarded-For the client sent and
 * only fills it in when absent, so without a proxy anyone could name any address and spend
 * someone else's budget, or none; the guard rewrites the header to the one address it can vouch
 * for (see `clientAddress`). Vercel overwrites the header at its edge.
 *
 * Every other request gets its response compressed here (lib/api/compression.ts), in place of
 * Next.js's own compression, which cannot send the API's stored compressed bodies, and a free
 * answer given a moment ago is replayed here without Next.js (lib/api/replay.ts).
 */
import { Server, type IncomingMessage, type ServerResponse } from "node:http";
import { compressResponse } from "./compression";
import { jsonAnswer, writeJson, type JsonAnswer } from "./http";
import { rememberAnswer, replayAnswer, setReplayWindow } from "./replay";

const NOT_STORED = { "Cache-Control": "no-store" };

/** Methods undici's Request refuses (CONNECT never reaches a request handler). */
const UNREPRESENTABLE_METHODS = new Set(["TRACE", "TRACK"]);

export function guardedAnswer(method: string | undefined, url: string | undefined): JsonAnswer | null {
  if (method && UNREPRESENTABLE_METHODS.has(method)) {
    return jsonAnswer({ error: "method_not_allowed", message: `${method} is not supported; use GET.` }, 405, { ...NOT_STORED, Allow: "GET" });
  }
  if (url && url.includes("%")) {
    const query = url.indexOf("?");
    try {
      decodeURIComponent(query < 0 ? url : url.slice(0, query));
    } catch {
      const details = [{ field: "(path)", message: "malformed percent-encoding" }];
      return jsonAnswer({ error: "validation_failed", message: "The request path is not valid percent-encoding.", details }, 400, NOT_STORED);
    }
  }
  return null;
}

/**
 * The client's address: the connection's peer when nothing stands in front (`proxies` 0), else
 * the address the outermost of `proxies` trusted proxies saw — each appends the address it was
 * reached from, so the entries to its left were written by the client and are not believed.
 */
export function clientAddress(forwardedFor: string | undefined, peer: string | undefined, proxies: number): string | undefined {
  if (peer && (proxies === 0 || !forwardedFor)) return peer;
  const chain = (forwardedFor ?? "").split(",").map((entry) => entry.trim()).filter(Boolean);
  if (peer) chain.push(peer);
  return chain.length ? chain[Math.max(0, chain.length - 1 - proxies)] : undefined;
}

const installed = Symbol.for("dart-english.httpGuard");

interface GuardOptions {
  /** How many proxies in front append to X-Forwarded-For (TRUSTED_PROXY_COUNT). */
  trustedProxies: number;
  /** How long a free answer is replayed, ms (HTTP_REPLAY_MS); 0: never. */
  replayMs: number;
  onAnswer?: (status: number, method: string | undefined) => void;
}

export function installHttpGuard({ trustedProxies, replayMs, onAnswer = () => {} }: GuardOptions): void {
  const proto = Server.prototype as Server & { [installed]?: boolean };
  if (proto[installed]) return;
  proto[installed] = true;
  setReplayWindow(replayMs);
  const emit = proto.emit as (this: Server, event: string | symbol, ...args: unknown[]) => boolean;
  proto.emit = function (this: Server, event: string | symbol, ...args: unknown[]) {
    if (event === "request") {
      const [req, res] = args as [IncomingMessage, ServerResponse];
      const forwarded = req.headers["x-forwarded-for"];
      const client = clientAddress(typeof forwarded === "string" ? forwarded : forwarded?.join(","), req.socket.remoteAddress, trustedProxies);
      if (client) req.headers["x-forwarded-for"] = client;
      const answer = guardedAnswer(req.method, req.url);
      if (answer) {
        writeJson(res, answer);
        onAnswer(answer.status, req.method);
        return true;
      }
      if (replayAnswer(req, res)) return true;
      rememberAnswer(req, res);
      compressResponse(req, res);
    }
    return emit.call(this, event, ...args);
  } as typeof proto.emit;
}
