/**
 * The request target: what Next.js could not route, or would route somewhere else, answered in
 * the API's JSON error shape and headers (never a 500, a redirect to another host, or a closed
 * connection):
 * - an HTTP/1.1 request without Host (node:http would answer an empty 400) → 400;
 * - a method Next.js does not route (undici refuses TRACE, a route answers PROPFIND and other
 *   WebDAV methods with an empty 400; node:http's parser refuses TRACK and other unknown ones),
 *   and CONNECT (authority-form), whose socket node:http would destroy → 405 with Allow;
 * - asterisk-form: `OPTIONS *` (about the server as a whole) → 204 with Allow, any other → 400;
 * - absolute-form (`GET http://host/path`), which Next.js would redirect to that host: served as
 *   its path, whatever the host (`originForm`);
 * - a path that is not valid percent-encoding → 400; control characters in the query → 400 from
 *   the JSON routes, the parameter dropped for pages (`withoutControlCharacters`);
 * - what node:http cannot parse (a bad request line, a target or headers over its 16 KB limit)
 *   → 400 or 431 (`unparsableAnswer`), where it would close with an empty answer.
 * An `Upgrade` (WebSocket, h2c) is not a protocol this server switches to: the request is served
 * in HTTP/1.1 as RFC 9110 §7.8 allows, and the connection closed after its answer (node:http
 * reads nothing more from it).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { API_SECURITY_HEADERS, CORS_HEADERS, jsonAnswer, type JsonAnswer } from "@/lib/api/http";
import { badTarget, methodNotAllowed, NOT_STORED } from "./answers";

/** The methods Next.js routes (route handlers; pages take GET, HEAD and POST). */
const ROUTED_METHODS = new Set(["GET", "HEAD", "OPTIONS", "POST", "PUT", "PATCH", "DELETE"]);

const ABSOLUTE_FORM = /^https?:\/\//i;

/** Paths whose answers are JSON (the API, the explorer's own /api/*, MCP): a bad query is their client's error. */
const JSON_PATH = /^\/(?:v1|api|mcp)(?:[/?]|$)/;

const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

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
      return badTarget("The request path is not valid percent-encoding.", "(path)");
    }
  }
  return null;
}

/**
 * A query parameter with a control character in its name or value (NUL, which PostgreSQL text
 * cannot hold, and the like — never part of a name, ticker or filter): the JSON routes answer
 * 400, a page is served without the parameter, as a bad filter is ignored. Whatever a route
 * does with its query, no such text reaches the database. Returns the target to serve, or the
 * answer; the target as it is when its query is clean.
 */
export function withoutControlCharacters(target: string): string | JsonAnswer {
  const start = target.indexOf("?");
  if (start < 0) return target;
  const query = target.slice(start + 1);
  if (!query.includes("%") && !CONTROL_CHARACTER.test(query)) return target;
  const params = [...new URLSearchParams(query)];
  const kept = params.filter(([name, value]) => !CONTROL_CHARACTER.test(name) && !CONTROL_CHARACTER.test(value));
  if (kept.length === params.length) return target;
  if (JSON_PATH.test(target)) {
    const [name] = params.find((param) => !kept.includes(param))!;
    const field = CONTROL_CHARACTER.test(name) ? "(query)" : name;
    const message = "must not contain control characters";
    return jsonAnswer(
      { error: "validation_failed", message: `${field} ${message}`, details: [{ field, message }] },
      400,
      NOT_STORED,
    );
  }
  const rest = new URLSearchParams(kept).toString();
  return target.slice(0, start) + (rest ? `?${rest}` : "");
}

/**
 * Settles the request's target: rewrites `req.url` to what Next.js is to serve and returns null,
 * or returns the answer that refuses it.
 */
export function settleTarget(req: IncomingMessage, res: ServerResponse): JsonAnswer | null {
  if (req.headers.host === undefined && req.httpVersion === "1.1")
    return badTarget("An HTTP/1.1 request needs a Host header.");
  if (req.headers.upgrade !== undefined) res.shouldKeepAlive = false;
  const target = req.url === undefined ? undefined : originForm(req.url);
  if (target === null) return badTarget("The request target is not a valid URL.");
  const served = target === undefined ? target : withoutControlCharacters(target);
  if (typeof served === "object") return served;
  const refused = refusedBeforeRouting(req.method, served);
  if (!refused && served !== undefined) req.url = served;
  return refused;
}

/**
 * node:http's parse errors answered as JSON: a method its parser does not know (TRACK, …),
 * headers (the request line included) over its limit, or anything else unparsable.
 */
export function unparsableAnswer(code: string): JsonAnswer {
  if (code === "HPE_INVALID_METHOD") return methodNotAllowed("This method is");
  if (code === "HPE_HEADER_OVERFLOW")
    return jsonAnswer(
      { error: "validation_failed", message: "The request target and headers are too large." },
      431,
      NOT_STORED,
    );
  return badTarget("The request could not be parsed as HTTP/1.1.");
}
