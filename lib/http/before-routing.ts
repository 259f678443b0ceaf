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
 * One client cannot take the server from the others (lib/rate-limit/lanes.ts): at most
 * RATE_LIMIT_CONCURRENT of its requests are in flight at a time (a few more wait, the rest get
 * 429), and a client the limit just answered 429 gets it again here, at almost no cost, until its
 * Retry-After has passed. Those 429s are paced: each is answered a second after its request (or
 * when its Retry-After ends, if sooner), so a client on N connections is answered at most N
 * times a second while refused — answered at once, 50 connections asked for thousands of 429s a
 * second, and writing them took the server's one thread from everyone else (BENCHMARKS.md,
 * issue 24). Requests carrying a payment are excepted from all of it: the limit never counts
 * them before they are verified, and refused payments have a bucket of their own. Every request,
 * paid or not, then waits for its turn: one starts per turn of the event loop, clients in
 * rotation (`createTurns`), so a burst from one client cannot run ahead of a request from another.
 *
 * Requests Next.js cannot route are answered here in the API's JSON error shape and headers
 * (`refusedBeforeRouting`), never with a 500:
 * - CONNECT, whose socket node:http would destroy without an answer → 405; an HTTP/1.1 request
 *   without Host, which it would answer with an empty 400 → 400 in JSON;
 * - a method it does not route (undici refuses TRACE, a route answers PROPFIND and other WebDAV
 *   methods with an empty 400; node:http's parser refuses TRACK and other unknown ones) → 405
 *   with Allow;
 * - asterisk-form: `OPTIONS *` (about the server as a whole) → 204 with Allow, any other → 400;
 * - absolute-form (`GET http://host/path`), which Next.js would redirect to that host: served as
 *   its path, whatever the host (`originForm`);
 * - a path that is not valid percent-encoding → 400 (the query is each route's to judge, but
 *   for control characters: `withoutControlCharacters`);
 * - a request node:http cannot parse (authority-form, a bad request line, a target or headers
 *   over its 16 KB limit) → 400 or 431, where node:http would close with an empty answer.
 */
import { Server, STATUS_CODES, type IncomingMessage, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { API_SECURITY_HEADERS, CORS_HEADERS, jsonAnswer, type JsonAnswer } from "@/lib/api/http";
import { PAYMENT_REQUEST_HEADERS } from "@/lib/interface/headers";
import { clientKey } from "@/lib/rate-limit";
import { createRefusals, createTurns, type Lanes, type Refusal, type Release } from "@/lib/rate-limit/lanes";

/** No wrapper of lib/http/per-request.ts sees these answers: they carry the API's security headers themselves. */
const NOT_STORED = { ...API_SECURITY_HEADERS, "Cache-Control": "no-store" };

/** The methods Next.js routes (route handlers; pages take GET, HEAD and POST). */
const ROUTED_METHODS = new Set(["GET", "HEAD", "OPTIONS", "POST", "PUT", "PATCH", "DELETE"]);

const ABSOLUTE_FORM = /^https?:\/\//i;

const MCP_PATH = /^\/mcp(?:\?|$)/;

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

/** Paths whose answers are JSON (the API, the explorer's own /api/*, MCP): a bad query is their client's error. */
const JSON_PATH = /^\/(?:v1|api|mcp)(?:[/?]|$)/;

const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

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
  /** The header the rate limit names the client by (TRUSTED_IP_HEADER), read once X-Forwarded-For is rewritten. */
  clientHeader: string;
  /** Per-client lanes (RATE_LIMIT_CONCURRENT); none when the limit is off. */
  lanes?: Lanes;
  /** Told of every request answered here, but for 429s. */
  onRefused?: (status: number, method: string | undefined) => void;
  /** How long a refused client waits for its 429 at most (0: answered at once). */
  refusalPaceMs?: number;
}

/** 429s held at once, over all clients; beyond this they are answered at once (timers are cheap, not free). */
const MAX_HELD_REFUSALS = 10_000;

function headerText(value: string | string[] | number | undefined): string | undefined {
  return value === undefined ? undefined : Array.isArray(value) ? value.join(",") : String(value);
}

/** The 429 for a client whose lane is full: nothing of its request was done. */
const LANE_FULL = jsonAnswer(
  { error: "rate_limited", message: "Too many requests in flight from this client; retry after 1 s." },
  429,
  { ...NOT_STORED, "Retry-After": "1" },
);

/** The limit's 429 again, for a client it refused and whose Retry-After has not passed. */
function refusedAgain({ until, headers }: Refusal, now: number): JsonAnswer {
  const reset = String(Math.max(1, Math.ceil((until - now) / 1000)));
  return jsonAnswer({ error: "rate_limited", message: `Too many requests; retry after ${reset} s.` }, 429, {
    ...NOT_STORED,
    ...headers,
    "RateLimit-Remaining": "0",
    "RateLimit-Reset": reset,
    "Retry-After": reset,
  });
}

/**
 * A free request's 429 from the limit (lib/http/per-request.ts; Next.js sets its headers one by
 * one, so they can be read back) is remembered until its Retry-After. A request carrying a
 * payment is never counted against the free budget, so neither its 429 nor an earlier refusal
 * applies to it.
 */
function rememberRefusal(res: ServerResponse, client: string, refusals: ReturnType<typeof createRefusals>): void {
  if (res.statusCode !== 429) return;
  const retryAfter = Number(headerText(res.getHeader("retry-after")));
  const policy = headerText(res.getHeader("ratelimit-policy"));
  if (!(retryAfter > 0) || !policy) return; // not the limit's (a lane's 429 has no policy)
  refusals.refuse(client, {
    until: Date.now() + retryAfter * 1000,
    headers: { "RateLimit-Policy": policy, "RateLimit-Limit": headerText(res.getHeader("ratelimit-limit")) ?? "" },
  });
}

export function installBeforeRouting({
  trustedProxies,
  clientHeader,
  lanes,
  onRefused = () => {},
  refusalPaceMs = 1_000,
}: BeforeRoutingOptions): void {
  const proto = Server.prototype as Server & { [installed]?: boolean };
  if (proto[installed]) return;
  proto[installed] = true;
  const refusals = createRefusals();
  const turns = createTurns();
  const emit = proto.emit as (this: Server, event: string | symbol, ...args: unknown[]) => boolean;
  const answer = (res: ServerResponse, method: string | undefined, reply: JsonAnswer) => {
    writeJson(res, reply);
    // A flooder's 429s are not worth a log line each: the limit logs no 429 either.
    if (reply.status !== 429) onRefused(reply.status, method);
  };
  let held = 0;
  /** A 429 made and answered after `holdMs`, or never if the client leaves first. */
  const refuse = (res: ServerResponse, reply: () => JsonAnswer, holdMs: number) => {
    if (holdMs <= 0 || held >= MAX_HELD_REFUSALS) return writeJson(res, reply());
    held++;
    const release = () => {
      res.off("close", release); // once: whichever of the timer and the client's leaving comes first
      held--;
      clearTimeout(timer);
    };
    const timer = setTimeout(() => {
      release();
      if (!res.destroyed) writeJson(res, reply());
    }, holdMs);
    res.once("close", release);
  };
  proto.emit = function (this: Server, event: string | symbol, ...args: unknown[]) {
    if (event === "request") {
      const [req, res] = args as [IncomingMessage, ServerResponse];
      if (req.headers.host === undefined && req.httpVersion === "1.1") {
        answer(res, req.method, badTarget("An HTTP/1.1 request needs a Host header."));
        return true;
      }
      const client = clientAddress(
        headerText(req.headers["x-forwarded-for"]),
        req.socket.remoteAddress,
        trustedProxies,
      );
      if (client) req.headers["x-forwarded-for"] = client;
      const target = req.url === undefined ? undefined : originForm(req.url);
      const served = target === null || target === undefined ? target : withoutControlCharacters(target);
      const refused =
        served === null
          ? badTarget("The request target is not a valid URL.")
          : typeof served === "object"
            ? served
            : refusedBeforeRouting(req.method, served);
      if (refused) {
        answer(res, req.method, refused);
        return true;
      }
      if (typeof served === "string") req.url = served;
      const key = clientKey({ get: (name) => headerText(req.headers[name.toLowerCase()]) ?? null }, clientHeader);
      const free = !PAYMENT_REQUEST_HEADERS.some((name) => req.headers[name.toLowerCase()] !== undefined);
      // An MCP message may carry its payment in its body, which only the route reads: the limit
      // itself judges it (lib/http/per-request.ts), not a refusal remembered here.
      const mayCarryPayment = !free || (req.method === "POST" && MCP_PATH.test(req.url ?? ""));
      const now = Date.now();
      const refusal = mayCarryPayment ? undefined : refusals.of(key, now);
      if (refusal) {
        refuse(res, () => refusedAgain(refusal, Date.now()), Math.min(refusalPaceMs, refusal.until - now));
        return true;
      }
      if (free) res.once("finish", () => rememberRefusal(res, key, refusals));
      /** Next.js takes the request on its turn, unless the client left while it waited. */
      const route = (release?: Release) =>
        turns.start(key, () => {
          if (req.socket.destroyed) return release?.();
          if (release) res.once("close", release);
          emit.call(this, event, ...args);
        });
      // A payment takes no lane either: several payers behind one address must not lose a paid answer to it.
      if (!lanes || !free) {
        route();
        return true;
      }
      const go = (release: Release | null) => (release ? route(release) : refuse(res, () => LANE_FULL, refusalPaceMs));
      const admitted = lanes.enter(key);
      if (admitted instanceof Promise) void admitted.then(go);
      else go(admitted);
      return true;
    }
    if (event === "connection" && this.listenerCount("connect") === 0) {
      // node:http destroys a CONNECT request's socket without a word when nothing listens for it.
      this.on("connect", (req: IncomingMessage, socket: Socket) => {
        writeToSocket(socket, methodNotAllowed("CONNECT is"));
        onRefused(405, req.method);
      });
      // And answers an HTTP/1.1 request without Host with an empty 400: refused above instead, in JSON.
      (this as Server & { requireHostHeader: boolean }).requireHostHeader = false;
    } else if (event === "clientError") {
      const [error, socket] = args as [NodeJS.ErrnoException, Socket & { _httpMessage?: unknown }];
      // As node:http's own handler: only while nothing of a response was written.
      if (error.code?.startsWith("HPE_") && socket.writable && !socket._httpMessage) {
        const reply = unparsableAnswer(error.code);
        writeToSocket(socket, reply);
        onRefused(reply.status, undefined);
        return true;
      }
    }
    return emit.call(this, event, ...args);
  } as typeof proto.emit;
}
