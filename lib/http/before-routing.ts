/**
 * Before routing: what a self-hosted server settles about a request before Next.js sees it.
 * Next.js offers no hook earlier than its own routing, and some requests fail inside it before
 * any code of ours runs (a plain-text 500, or a redirect to another host), so `installBeforeRouting`
 * (called once from instrumentation.ts) wraps http.Server's "request" and "clientError" events.
 * Hosted platforms (Vercel) settle all of this at their edge.
 *
 * Who the client is: Next.js keeps an X-Forwarded-For the client sent and only fills it in when
 * absent, so without this anyone could name any address and spend someone else's rate-limit
 * budget, or none. The header is rewritten to the one address the connection vouches for
 * (TRUSTED_PROXY_COUNT, see `clientAddress`).
 *
 * Requests Next.js cannot route are answered here in the API's JSON error shape and headers
 * (`refusedBeforeRouting`), never with a 500:
 * - a method it does not route (undici refuses TRACE, a route answers PROPFIND and other WebDAV
 *   methods with an empty 400; node:http's parser refuses TRACK and other unknown ones) → 405
 *   with Allow;
 * - asterisk-form: `OPTIONS *` (about the server as a whole) → 204 with Allow, any other → 400;
 * - absolute-form (`GET http://host/path`), which Next.js would redirect to that host: served as
 *   its path, whatever the host (`originForm`);
 * - a path that is not valid percent-encoding → 400 (the query is each route's to judge);
 * - a request node:http cannot parse (authority-form, a bad request line, a target or headers
 *   over its 16 KB limit) → 400 or 431, where node:http would close with an empty answer.
 */
import { Server, STATUS_CODES, type IncomingMessage, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { API_SECURITY_HEADERS, CORS_HEADERS, jsonAnswer, type JsonAnswer } from "@/lib/api/http";

/** No wrapper of lib/http/per-request.ts sees these answers: they carry the API's security headers themselves. */
const NOT_STORED = { ...API_SECURITY_HEADERS, "Cache-Control": "no-store" };

/** The methods Next.js routes (route handlers; pages take GET, HEAD and POST). */
const ROUTED_METHODS = new Set(["GET", "HEAD", "OPTIONS", "POST", "PUT", "PATCH", "DELETE"]);

const ABSOLUTE_FORM = /^https?:\/\//i;

function methodNotAllowed(which: string): JsonAnswer {
  return jsonAnswer({ error: "method_not_allowed", message: `${which} not supported; use GET.` }, 405, {
    ...NOT_STORED,
    Allow: "GET",
  });
}

function badTarget(message: string): JsonAnswer {
  return jsonAnswer(
    { error: "validation_failed", message, details: [{ field: "(target)", message }] },
    400,
    NOT_STORED,
  );
}

/** The path and query of an absolute-form target; any other target as it is. Null when it is not a URL. */
export function originForm(target: string): string | null {
  if (!ABSOLUTE_FORM.test(target)) return target;
  try {
    const url = new URL(target);
    return url.pathname + url.search;
  } catch {
    return null;
  }
}

/** The answer to a request Next.js cannot route, or null for one it can (`target` in origin-form). */
export function refusedBeforeRouting(method: string | undefined, target: string | undefined): JsonAnswer | null {
  if (method && !ROUTED_METHODS.has(method)) return methodNotAllowed(`${method} is`);
  if (target === undefined) return null;
  if (target.startsWith("*")) {
    if (method === "OPTIONS" && target === "*")
      return {
        status: 204,
        body: undefined,
        headers: { ...CORS_HEADERS, ...API_SECURITY_HEADERS, Allow: "GET, HEAD, OPTIONS" },
      };
    return badTarget("The request target must be a path.");
  }
  if (!target.startsWith("/")) return badTarget("The request target must be a path.");
  if (target.includes("%")) {
    const query = target.indexOf("?");
    try {
      decodeURIComponent(query < 0 ? target : target.slice(0, query));
    } catch {
      const details = [{ field: "(path)", message: "malformed percent-encoding" }];
      return jsonAnswer(
        { error: "validation_failed", message: "The request path is not valid percent-encoding.", details },
        400,
        NOT_STORED,
      );
    }
  }
  return null;
}

/**
 * node:http's parse errors answered as JSON: a method its parser does not know (TRACK, …),
 * headers (the request line included) over its limit, or anything else unparsable.
 */
function unparsableAnswer(code: string): JsonAnswer {
  if (code === "HPE_INVALID_METHOD") return methodNotAllowed("This method is");
  if (code === "HPE_HEADER_OVERFLOW")
    return jsonAnswer(
      { error: "validation_failed", message: "The request target and headers are too large." },
      431,
      NOT_STORED,
    );
  return badTarget("The request could not be parsed as HTTP/1.1.");
}

/** The answer's body and headers with its length (none for a 204, which has no body). */
function withLength({ body, headers }: JsonAnswer): { text: string; headers: Record<string, string> } {
  if (body === undefined) return { text: "", headers };
  const text = JSON.stringify(body);
  return { text, headers: { ...headers, "Content-Length": String(Buffer.byteLength(text)) } };
}

function writeJson(res: ServerResponse, answer: JsonAnswer): void {
  const { text, headers } = withLength(answer);
  res.writeHead(answer.status, headers).end(text);
}

/** A JSON answer written straight to a socket: a parse error has no response object. */
function writeToSocket(socket: Socket, answer: JsonAnswer): void {
  const { text, headers } = withLength(answer);
  const head = Object.entries({ ...headers, Connection: "close" })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("");
  socket.end(`HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status]}\r\n${head}\r\n${text}`);
}

/**
 * The client's address: the connection's peer when nothing stands in front (`proxies` 0), else
 * the address the outermost of `proxies` trusted proxies saw — each appends the address it was
 * reached from, so the entries to its left were written by the client and are not believed.
 */
export function clientAddress(
  forwardedFor: string | undefined,
  peer: string | undefined,
  proxies: number,
): string | undefined {
  if (peer && (proxies === 0 || !forwardedFor)) return peer;
  const chain = (forwardedFor ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (peer) chain.push(peer);
  return chain.length ? chain[Math.max(0, chain.length - 1 - proxies)] : undefined;
}

const installed = Symbol.for("dart-english.beforeRouting");

interface BeforeRoutingOptions {
  /** How many proxies in front append to X-Forwarded-For (TRUSTED_PROXY_COUNT). */
  trustedProxies: number;
  /** Told of every request answered here. */
  onRefused?: (status: number, method: string | undefined) => void;
}

export function installBeforeRouting({ trustedProxies, onRefused = () => {} }: BeforeRoutingOptions): void {
  const proto = Server.prototype as Server & { [installed]?: boolean };
  if (proto[installed]) return;
  proto[installed] = true;
  const emit = proto.emit as (this: Server, event: string | symbol, ...args: unknown[]) => boolean;
  proto.emit = function (this: Server, event: string | symbol, ...args: unknown[]) {
    if (event === "request") {
      const [req, res] = args as [IncomingMessage, ServerResponse];
      const forwarded = req.headers["x-forwarded-for"];
      const client = clientAddress(
        typeof forwarded === "string" ? forwarded : forwarded?.join(","),
        req.socket.remoteAddress,
        trustedProxies,
      );
      if (client) req.headers["x-forwarded-for"] = client;
      const target = req.url === undefined ? undefined : originForm(req.url);
      const answer =
        target === null
          ? badTarget("The request target is not a valid URL.")
          : refusedBeforeRouting(req.method, target);
      if (answer) {
        writeJson(res, answer);
        onRefused(answer.status, req.method);
        return true;
      }
      if (target) req.url = target;
    } else if (event === "clientError") {
      const [error, socket] = args as [NodeJS.ErrnoException, Socket & { _httpMessage?: unknown }];
      // As node:http's own handler: only while nothing of a response was written.
      if (error.code?.startsWith("HPE_") && socket.writable && !socket._httpMessage) {
        const answer = unparsableAnswer(error.code);
        writeToSocket(socket, answer);
        onRefused(answer.status, undefined);
        return true;
      }
    }
    return emit.call(this, event, ...args);
  } as typeof proto.emit;
}
