/**
 * The self-hosted server's replay of free answers (lib/api/replay.ts) over a real node:http
 * server wired as the HTTP guard wires it (compression, replay, remember) in front of the real
 * route handlers, whose Responses are written the way Next.js writes them. A replay must be
 * the route's answer — same status, headers and bytes — with its own request id, rate-limit
 * budget, 304 and compression; anything that is not a public 200 of a GET without a payment
 * goes to the route every time. e2e/headers.test.ts checks the same against `next start`.
 */
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { brotliDecompressSync } from "node:zlib";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { listenOnLoopback, rawRequest } from "../support/raw-http";
import { useFreshAppDatabase } from "../support/app";
import { GET as recent } from "@/app/v1/disclosures/recent/route";
import { GET as company } from "@/app/v1/companies/[ticker]/route";
import { GET as companies } from "@/app/v1/companies/route";
import { GET as vocabulary } from "@/app/v1/vocabulary/route";
import { GET as availability } from "@/app/v1/disclosures/availability/route";
import { compressResponse } from "@/lib/api/compression";
import { DEFAULT_REPLAY_MS, rememberAnswer, replayAnswer, setReplayWindow } from "@/lib/api/replay";
import { resetEnv } from "@/lib/env";
import { resetRateLimit } from "@/lib/rate-limit";

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

/** The routes under test by path, with their path parameters. */
function route(pathname: string): [Handler, Record<string, string>] | undefined {
  if (pathname === "/v1/disclosures/recent") return [recent, {}];
  if (pathname === "/v1/vocabulary") return [vocabulary, {}];
  if (pathname === "/v1/companies") return [companies, {}];
  if (pathname === "/v1/disclosures/availability") return [availability, {}];
  const ticker = /^\/v1\/companies\/(\w+)$/.exec(pathname)?.[1];
  if (ticker) return [company, { ticker }];
}

/** The cached `/` as Next.js sends it: whole, from its cache, varying on the RSC request header. */
const page = `<!DOCTYPE html><html><body>${"<p>Samsung Electronics: 주요사항보고서</p>".repeat(60)}</body></html>`;
const rscPayload = `0:{"rows":${JSON.stringify(Array.from({ length: 60 }, (_, i) => `2026071600${i}`))}}`;
function sendPage(rsc: boolean, res: import("node:http").ServerResponse) {
  res.statusCode = 200;
  res.setHeader("Cache-Control", "s-maxage=15, stale-while-revalidate=31535985");
  res.setHeader("Vary", "rsc, next-router-state-tree, Accept-Encoding");
  res.setHeader("Content-Type", rsc ? "text/x-component" : "text/html; charset=utf-8");
  res.setHeader("x-nextjs-cache", "HIT");
  res.end(rsc ? rscPayload : page);
}

/** Requests that reached a route handler, by path and query. */
const routed: string[] = [];

let server: Server;
let port: number;
let teardown: () => Promise<void>;
beforeAll(async () => {
  teardown = await useFreshAppDatabase();
  await withRateLimit("0");
  server = createServer(async (req, res) => {
    if (replayAnswer(req, res)) return;
    rememberAnswer(req, res);
    compressResponse(req, res);
    routed.push(`${req.method} ${req.url}`);
    if (req.url === "/" || req.url?.startsWith("/?")) return void sendPage(req.headers.rsc === "1", res);
    const [handler, params = {}] = route(new URL(req.url!, "http://localhost").pathname) ?? [];
    if (!handler) return void res.writeHead(404).end();
    // As Next.js does while routing: the query re-serialised (`%20` becomes `+`).
    const { pathname, searchParams } = new URL(req.url!, "http://localhost");
    req.url = `${pathname}${searchParams.size ? `?${searchParams}` : ""}`;
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
    const response = await handler(new Request(`http://localhost${req.url}`, { method: req.method, headers }), { params: Promise.resolve(params) });
    // As Next.js does: headers, then the body's chunks as they come.
    res.statusCode = response.status;
    for (const [name, value] of response.headers) res.setHeader(name, value);
    res.flushHeaders();
    if (response.body && req.method !== "HEAD") for await (const chunk of response.body) res.write(chunk);
    res.end();
  });
  port = await listenOnLoopback(server);
});
afterAll(async () => {
  server.close();
  delete process.env.RATE_LIMIT_PER_MINUTE;
  await teardown();
});
afterEach(() => withRateLimit("0"));

async function withRateLimit(perMinute: string) {
  process.env.RATE_LIMIT_PER_MINUTE = perMinute;
  resetEnv();
  await resetRateLimit();
}

const send = (path: string, headers: Record<string, string> = {}, method = "GET") => rawRequest(port, path, headers, method);

/** Paths made unique per test, so no test replays another's answer. */
let unique = 0;
const fresh = (path: string) => `${path}${path.includes("?") ? "&" : "?"}limit=${10 + (unique++ % 80)}`;

const routedCount = (path: string) => routed.filter((entry) => entry === `GET ${path}`).length;

/** The headers two answers to the same request share: all but the request id and the date. */
function withoutOwnHeaders(headers: IncomingHttpHeaders) {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => name !== "x-request-id" && name !== "date"));
}

describe("a free answer given a moment ago", () => {
  it("is replayed without the route: the same status, headers and bytes, with its own request id", async () => {
    const path = fresh("/v1/disclosures/recent");
    const first = await send(path);
    const again = await send(path);
    expect(first.status).toBe(200);
    expect(routedCount(path)).toBe(1);
    expect(again.status).toBe(200);
    expect(again.body.equals(first.body)).toBe(true);
    expect(withoutOwnHeaders(again.headers)).toEqual(withoutOwnHeaders(first.headers));
    expect(again.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(again.headers["x-request-id"]).not.toBe(first.headers["x-request-id"]);
    expect((await send(path, { "X-Request-Id": "trace-42" })).headers["x-request-id"]).toBe("trace-42");
    expect(routedCount(path)).toBe(1);
  });

  it("is remembered from a revalidation's 304 too, and replayed whole to a client without the ETag", async () => {
    // The lookup ignores `limit`: the same answer under two request targets.
    const [path, other] = [fresh("/v1/companies/005930"), fresh("/v1/companies/005930")];
    const routeAnswer = await send(other);
    const revalidated = await send(path, { "If-None-Match": String(routeAnswer.headers.etag) });
    expect(revalidated.status).toBe(304);
    const whole = await send(path);
    expect(routedCount(path)).toBe(1);
    expect(whole.status).toBe(200);
    expect(whole.body.equals(routeAnswer.body)).toBe(true);
    expect(withoutOwnHeaders(whole.headers)).toEqual(withoutOwnHeaders(routeAnswer.headers));
  });

  it("is kept under the target the client sent, whatever the app makes of it while routing", async () => {
    const path = "/v1/companies?q=samsung%20elec";
    const first = await send(path);
    const again = await send(path);
    expect(first.status).toBe(200);
    expect(again.body.equals(first.body)).toBe(true);
    expect(routedCount(path)).toBe(1);
  });

  it("answers If-None-Match with 304 and no body, and goes out compressed from its stored form", async () => {
    const path = "/v1/vocabulary";
    const first = await send(path);
    const notModified = await send(path, { "If-None-Match": String(first.headers.etag) });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
    expect(notModified.headers.etag).toBe(first.headers.etag);
    const brotli = await send(path, { "Accept-Encoding": "gzip, br" });
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(Number(brotli.headers["content-length"])).toBe(brotli.body.length);
    expect(brotliDecompressSync(brotli.body).equals(first.body)).toBe(true);
    expect(routedCount(path)).toBe(1);
  });

  it("spends the client's rate-limit budget like any request: 429 once spent, other clients unaffected", async () => {
    await withRateLimit("3");
    const path = fresh("/v1/companies/005930");
    const client = { "X-Forwarded-For": "198.51.100.9" };
    const answers: Awaited<ReturnType<typeof send>>[] = [];
    for (let i = 0; i < 4; i++) answers.push(await send(path, client));
    expect(routedCount(path)).toBe(1);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429]);
    expect(answers.map((a) => a.headers["ratelimit-remaining"])).toEqual(["2", "1", "0", "0"]);
    expect(JSON.parse(answers[3].body.toString())).toMatchObject({ error: "rate_limited" });
    expect(answers[3].headers["retry-after"]).toMatch(/^\d+$/);
    expect(answers[3].headers["access-control-allow-origin"]).toBe("*");
    expect((await send(path, { "X-Forwarded-For": "198.51.100.10" })).status).toBe(200);
    expect(routedCount(path)).toBe(1);
  });

  it("says HSTS only when the request came over HTTPS", async () => {
    const path = fresh("/v1/disclosures/recent");
    await send(path);
    expect((await send(path)).headers["strict-transport-security"]).toBeUndefined();
    expect((await send(path, { "X-Forwarded-Proto": "https" })).headers["strict-transport-security"]).toMatch(/max-age=\d+/);
    expect(routedCount(path)).toBe(1);
  });

  it(`goes back to the route after ${DEFAULT_REPLAY_MS} ms`, async () => {
    const path = fresh("/v1/disclosures/recent");
    await send(path);
    await send(path);
    expect(routedCount(path)).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, DEFAULT_REPLAY_MS + 50));
    await send(path);
    expect(routedCount(path)).toBe(2);
  });
});

describe("a cached page sent whole", () => {
  it("is replayed with its headers, compressed from its stored form, and without a request id", async () => {
    const path = `/?p=${unique++}`;
    const first = await send(path);
    expect(first.body.toString()).toBe(page);
    const again = await send(path);
    const brotli = await send(path, { "Accept-Encoding": "br" });
    expect(routedCount(path)).toBe(1);
    expect(again.body.toString()).toBe(page);
    expect(again.headers["cache-control"]).toBe(first.headers["cache-control"]);
    expect(again.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(again.headers["x-request-id"]).toBeUndefined();
    expect(again.headers["x-nextjs-cache"]).toBeUndefined(); // how that one answer was made
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(brotli.body).toString()).toBe(page);
  });

  it("is replayed only to requests with the same values of the headers it varies on", async () => {
    const path = `/?p=${unique++}`;
    await send(path);
    const rsc = await send(path, { RSC: "1" });
    expect(rsc.body.toString()).toBe(rscPayload);
    expect(routedCount(path)).toBe(2);
    // The last answer is the one kept: now the RSC payload, replayed to RSC requests only.
    expect((await send(path, { RSC: "1" })).body.toString()).toBe(rscPayload);
    expect(routedCount(path)).toBe(2);
    expect((await send(path)).body.toString()).toBe(page);
    expect(routedCount(path)).toBe(3);
  });
});

describe("HTTP_REPLAY_MS", () => {
  it("0 turns replays off; a longer window keeps answers longer", async () => {
    try {
      setReplayWindow(0);
      const path = fresh("/v1/disclosures/recent");
      await send(path);
      await send(path);
      expect(routedCount(path)).toBe(2);
      setReplayWindow(DEFAULT_REPLAY_MS * 3);
      await send(path);
      await new Promise((resolve) => setTimeout(resolve, DEFAULT_REPLAY_MS + 50));
      await send(path);
      expect(routedCount(path)).toBe(3);
    } finally {
      setReplayWindow(DEFAULT_REPLAY_MS);
    }
  });
});

describe("always the route's", () => {
  it("another query, a HEAD, a request carrying a payment, and one asking for a fresh answer", async () => {
    const path = fresh("/v1/disclosures/recent");
    await send(path);
    await send(path, { "Cache-Control": "no-cache" });
    await send(path, { "Cache-Control": "max-age=0" });
    await send(path, { Pragma: "no-cache" });
    await send(`${path}&since_hours=48`);
    await send(path, {}, "HEAD");
    await send(path, { "PAYMENT-SIGNATURE": "e30=" });
    await send(path, { "X-PAYMENT": "e30=" });
    expect(routedCount(path)).toBe(6);
    expect(routedCount(`${path}&since_hours=48`)).toBe(1);
    expect(routed.filter((entry) => entry === `HEAD ${path}`)).toHaveLength(1);
  });

  it("answers that are not a public 200: validation errors, 404s, no-store answers", async () => {
    const paths = ["/v1/disclosures/recent?ticker=%21%21", "/v1/companies/999999", "/v1/disclosures/availability?rcptNo=20260716000001"];
    for (const path of paths) {
      const first = await send(path);
      const again = await send(path);
      expect(again.status).toBe(first.status);
      expect(first.status).not.toBe(200);
    }
    const noStore = paths[2];
    expect(routedCount(paths[0])).toBe(2);
    expect(routedCount(paths[1])).toBe(2);
    expect(routedCount(noStore)).toBe(2);
  });
});
