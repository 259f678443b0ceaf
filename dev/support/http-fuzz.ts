/**
 * Fuzzed HTTP/1.1 requests written byte for byte to a raw socket (node:net), as fetch and
 * node:http would refuse to send most of them: every method, request targets in every form
 * (asterisk, absolute, authority, over-long, bad percent-encoding, NUL and other control
 * characters, huge or odd query values), random headers among them fake payment and sign-in
 * headers, spoofed hosts and forwarded headers. Shared by the end-to-end fuzz test
 * (e2e/http/fuzz.test.ts) and `npm run bench:resilience`.
 *
 * Each request is sent on its own connection with `Connection: close`, so its answer ends when
 * the server closes; one that has not ended within the timeout is a hang.
 */
import { connect } from "node:net";

export interface FuzzRequest {
  /** The bytes sent. */
  raw: Buffer;
  method: string;
  /** The request target as written on the request line. */
  target: string;
}

export interface FuzzAnswer {
  /** The status of the first response, when one came. */
  status?: number;
  /** Its headers, names lower-cased. */
  headers: Record<string, string>;
  body: string;
  /** No complete answer within the timeout. */
  hang: boolean;
}

/** A deterministic generator (mulberry32), so a failing run can be replayed from its seed. */
export function randomSource(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)];
  return { next, int, pick, chance: (p: number) => next() < p };
}

type Random = ReturnType<typeof randomSource>;

/** Every kind of route the service has: API, documents, pages, feeds, MCP, assets, nothing. */
export const FUZZ_PATHS = [
  "/",
  "/feed/latest",
  "/companies",
  "/companies/005930",
  "/companies/005930/feed.atom",
  "/filings/20250101000001",
  "/docs",
  "/my-summaries",
  "/v1/disclosures/recent",
  "/v1/disclosures/summary",
  "/v1/disclosures/facts",
  "/v1/disclosures/by-ticker",
  "/v1/disclosures/availability",
  "/v1/disclosures/sample",
  "/v1/companies",
  "/v1/companies/005930",
  "/v1/vocabulary",
  "/v1/pricing",
  "/v1/purchases",
  "/v1/nothing/here",
  "/openapi.json",
  "/llms.txt",
  "/.well-known/x402",
  "/.well-known/agent.json",
  "/api/feed",
  "/api/health",
  "/feeds/recent.atom",
  "/mcp",
  "/favicon.ico",
  "/_next/static/nothing.js",
  "/no-such-page",
] as const;

const QUERY_NAMES = [
  "q",
  "company",
  "ticker",
  "rcptNo",
  "limit",
  "since_hours",
  "min",
  "type",
  "market",
  "hours",
  "rows",
];

const ODD_VALUES = [
  "%00",
  "sam%00sung",
  "%0A",
  "%0D%0ASet-Cookie:%20x=1",
  "%1F",
  "%7F",
  "%",
  "%E0%A4",
  "%ZZ",
  "%C0%AF",
  "%EF%BF%BF",
  "%F0%9F%92%A9",
  "%ED%A0%80", // a lone surrogate
  "'%20or%201=1--",
  "1e309",
  "-1",
  "NaN",
  "0x10",
  "99999999999999999999",
  "005930",
  "20250101000001",
  "%EC%82%BC%EC%84%B1",
  "samsung",
  "samsung+elec",
  "__proto__",
  "[]",
  "%5B%5D",
  "a,b,,c",
];

/** A query value: an odd one, a long one, or random printable text. */
function queryValue(r: Random): string {
  const roll = r.int(10);
  if (roll < 5) return r.pick(ODD_VALUES);
  if (roll < 6) return "a".repeat(1 + r.int(6000));
  if (roll < 7) return "%41".repeat(1 + r.int(1500));
  return encodeURIComponent(
    Array.from({ length: 1 + r.int(12) }, () => String.fromCharCode(32 + r.int(95) + (r.chance(0.2) ? 44000 : 0))).join(
      "",
    ),
  );
}

function query(r: Random): string {
  const parts = Array.from({ length: r.int(4) }, () => {
    const name = r.chance(0.85) ? r.pick(QUERY_NAMES) : queryValue(r).slice(0, 20);
    return r.chance(0.1) ? name : `${name}=${queryValue(r)}`;
  });
  return parts.length ? `?${parts.join("&")}` : r.chance(0.1) ? "?" : "";
}

/** A request target in any form a client may write. */
function target(r: Random): string {
  const path = r.pick(FUZZ_PATHS);
  switch (r.int(20)) {
    case 0:
      return r.pick(["*", "*/v1/vocabulary", "**"]);
    case 1:
      return `${r.pick(["http://evil.example", "https://127.0.0.1", "http://[::1]:1", "HTTP://Evil.Example:80"])}${path}${query(r)}`;
    case 2:
      return r.pick(["evil.example:443", "127.0.0.1:1", "example.com"]);
    case 3:
      return `${path}?q=${"b".repeat(17_000 + r.int(10_000))}`; // over node:http's 16 KB
    case 4:
      return `${path.replace(/\/[^/]*$/, "")}/${r.pick(["%", "%E0%A4", "%zz", "%00", "%2F..%2F", "%C0%AE%C0%AE"])}`;
    case 5:
      return `${path}${r.pick(["\u0000", "\u0001", "\u001f", "\u007f", "\t"])}x${query(r)}`;
    case 6:
      return r.pick([
        "//evil.example/",
        "//evil.example/%2F..",
        "/\\evil.example",
        "/%2F%2Fevil.example",
        "/..//evil.example",
      ]);
    case 7:
      return `${path}/${r.pick(["", "..", "../..", ".", "index.html", "%2e%2e"])}`;
    case 8:
      return `${path}#frag${query(r)}`;
    case 9:
      return `/${"x/".repeat(1 + r.int(2000))}`;
    default:
      return `${path}${query(r)}`;
  }
}

const METHODS = ["GET", "GET", "GET", "GET", "GET", "HEAD", "POST", "OPTIONS", "PUT", "PATCH", "DELETE"];
const ODD_METHODS = [
  "CONNECT",
  "TRACE",
  "TRACK",
  "PROPFIND",
  "MKCOL",
  "LOCK",
  "PURGE",
  "SEARCH",
  "get",
  "G\u0000T",
  "BREW",
];

/** A header or two a careless or hostile client sends. */
function headers(r: Random, host: string, client: string): [string, string][] {
  const list: [string, string][] = [];
  if (!r.chance(0.05)) list.push(["Host", r.chance(0.85) ? host : r.pick(["evil.example", "", "a b", "127.0.0.1:1"])]);
  const extra: (() => [string, string])[] = [
    () => ["PAYMENT-SIGNATURE", r.pick(["x", "e30=", "eyJ4NDAyVmVyc2lvbiI6Mn0=", "%00", "A".repeat(r.int(9000))])],
    () => ["X-PAYMENT", r.pick(["garbage", "eyJ4NDAyVmVyc2lvbiI6MX0=", "null"])],
    () => ["SIGN-IN-WITH-X", r.pick(["x", "e30=", "eyJtZXNzYWdlIjoiIn0="])],
    () => ["X-Forwarded-Host", "evil.example"],
    () => ["X-Forwarded-Proto", r.pick(["https", "gopher", ""])],
    () => ["Forwarded", "for=1.2.3.4;host=evil.example;proto=https"],
    () => ["X-Request-Id", r.pick(["abc", "\u0001", "x".repeat(300)])],
    () => ["Accept", r.pick(["text/html", "application/json", "*/*", "text/x-component", ""])],
    () => ["Accept-Encoding", r.pick(["gzip", "br", "identity;q=0", "*"])],
    () => ["If-None-Match", r.pick(['"x"', "*", "W/", ""])],
    () => ["If-Modified-Since", r.pick(["yesterday", "Thu, 01 Jan 1970 00:00:00 GMT"])],
    () => ["Range", r.pick(["bytes=0-1", "bytes=9999999-", "lines=1"])],
    () => ["Cookie", r.pick(["a=b", "=;=;", "x".repeat(3000)])],
    () => ["RSC", "1"],
    () => ["Next-Router-State-Tree", r.pick(["%5B%5D", "garbage", "%00"])],
    () => ["Next-Action", r.pick(["abc", "0".repeat(40)])],
    () => ["Origin", r.pick(["https://evil.example", "null"])],
    () => ["Upgrade", r.pick(["websocket", "h2c"])],
    () => ["Expect", "100-continue"],
    () => ["X-Odd", r.pick(["caf\u00e9", "tab\there", "x".repeat(r.int(20_000))])],
    () => ["Content-Type", r.pick(["application/json", "text/plain", "multipart/form-data; boundary=x"])],
  ];
  for (let i = r.int(4); i > 0; i--) list.push(r.pick(extra)());
  // The proxy in front (TRUSTED_PROXY_COUNT=1) appends the client it saw last.
  list.push(["X-Forwarded-For", r.chance(0.1) ? `${r.pick(["1.2.3.4", "garbage", ""])}, ${client}` : client]);
  return list;
}

/** `count` fuzzed requests for a server at `host` (host:port), from `clients` client addresses. */
export function fuzzRequests(
  count: number,
  { host, seed = 24, clients = 256 }: { host: string; seed?: number; clients?: number },
): FuzzRequest[] {
  const r = randomSource(seed);
  return Array.from({ length: count }, () => {
    const method = r.chance(0.9) ? r.pick(METHODS) : r.pick(ODD_METHODS);
    const requestTarget = target(r);
    const client = `10.24.${r.int(clients) >> 8}.${r.int(clients) & 255}`;
    const lines = [`${method} ${requestTarget} HTTP/1.1`];
    for (const [name, value] of headers(r, host, client)) lines.push(`${name}: ${value}`);
    let body = "";
    if (["POST", "PUT", "PATCH"].includes(method) && r.chance(0.7))
      body = r.pick(['{"jsonrpc":"2.0","id":1,"method":"tools/list"}', "{", "x".repeat(r.int(3000)), "null", "[]"]);
    if (body) lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
    // An Upgrade asks for it in Connection too (else node:http reads it as a plain request); either way the server closes after its answer.
    lines.push(lines.some((line) => line.startsWith("Upgrade:")) ? "Connection: Upgrade" : "Connection: close");
    return { raw: Buffer.from(`${lines.join("\r\n")}\r\n\r\n${body}`, "latin1"), method, target: requestTarget };
  });
}

/** Sends `raw` on a connection of its own and reads until the server closes it, or `timeoutMs`. */
export function sendRaw(port: number, raw: Buffer, timeoutMs = 10_000): Promise<FuzzAnswer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const socket = connect(port, "127.0.0.1", () => socket.write(raw));
    const timer = setTimeout(() => finish(true), timeoutMs);
    let done = false;
    function finish(hang: boolean) {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ ...parseAnswer(Buffer.concat(chunks).toString("latin1")), hang });
    }
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("close", () => finish(false));
    socket.on("error", () => finish(false)); // a reset after the answer, or instead of one
  });
}

/** The first final response's status, headers and body (de-chunked), from the bytes a connection brought back. */
function parseAnswer(text: string): Omit<FuzzAnswer, "hang"> {
  const headEnd = text.indexOf("\r\n\r\n");
  const [statusLine, ...headerLines] = (headEnd < 0 ? text : text.slice(0, headEnd)).split("\r\n");
  const match = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine ?? "");
  if (match?.[1] === "100" && headEnd >= 0) return parseAnswer(text.slice(headEnd + 4)); // 100 Continue, then the answer
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const body = headEnd < 0 ? "" : text.slice(headEnd + 4);
  return {
    status: match ? Number(match[1]) : undefined,
    headers,
    body: /chunked/i.test(headers["transfer-encoding"] ?? "") ? dechunked(body) : body,
  };
}

function dechunked(body: string): string {
  let out = "";
  let at = 0;
  for (;;) {
    const lineEnd = body.indexOf("\r\n", at);
    const size = lineEnd < 0 ? 0 : parseInt(body.slice(at, lineEnd), 16);
    if (!size) return out;
    out += body.slice(lineEnd + 2, lineEnd + 2 + size);
    at = lineEnd + 2 + size + 2;
  }
}

/** What is wrong with an answer: a 5xx, no answer at all, a hang, or a redirect to another host. */
export function problemsOf(request: FuzzRequest, answer: FuzzAnswer, host: string): string[] {
  const problems: string[] = [];
  if (answer.hang) problems.push("hang");
  else if (answer.status === undefined) problems.push("no answer");
  else if (answer.status >= 500) problems.push(`status ${answer.status}`);
  if (answer.status && answer.status >= 300 && answer.status < 400 && answer.headers.location) {
    const location = new URL(answer.headers.location, `http://${host}/`);
    if (location.host !== host) problems.push(`redirect to ${answer.headers.location}`);
  }
  return problems;
}

/** Runs `requests` with `concurrency` connections at a time; returns each answer, in order. */
export async function sendAll(
  port: number,
  requests: readonly FuzzRequest[],
  { concurrency = 8, timeoutMs = 10_000 }: { concurrency?: number; timeoutMs?: number } = {},
): Promise<FuzzAnswer[]> {
  const answers: FuzzAnswer[] = new Array(requests.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < requests.length) {
        const i = next++;
        answers[i] = await sendRaw(port, requests[i].raw, timeoutMs);
      }
    }),
  );
  return answers;
}
