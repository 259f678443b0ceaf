/**
 * The per-request concerns, once per answer (lib/http/per-request.ts): proxy.ts sees exactly the
 * paths no route handler answers, so no request spends two tokens and none spends none; pages,
 * /api/health and /mcp spend the same budget as the API; an MCP batch is refused rather than
 * costing one token for many calls; while the database cannot be reached, every page that reads it
 * (search at /filings included) and /api/health answer 503 with Retry-After. (Through `npm start`:
 * e2e/headers.test.ts, e2e/database-outage.test.ts.)
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { NextRequest } from "next/server";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { GET as health } from "@/app/api/health/route";
import { POST as mcp } from "@/app/mcp/route";
import { GET as vocabulary } from "@/app/v1/vocabulary/route";
import { resetEnv } from "@/lib/env";
import { resetRateLimit } from "@/lib/rate-limit";
import { config, proxy } from "@/proxy";
import { useFreshAppDatabase } from "../support/app";

const proxied = new RegExp(`^${config.matcher[0]}$`);

/** Every file-system route of the app as a URL path: `[param]` and `[...param]` as one segment. */
function appRoutes(file: "route.ts" | "page.tsx", dir = "app", at = ""): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory())
      return appRoutes(file, path.join(dir, entry.name), `${at}/${entry.name.replace(/^\[.*\]$/, "x1")}`);
    return entry.name === file ? [at || "/"] : [];
  });
}

/** Public paths that reach a route handler only through a rewrite (next.config.ts). */
const REWRITTEN = ["/.well-known/x402", "/.well-known/x402.json", "/.well-known/agent.json"];

describe("who applies the per-request concerns", () => {
  it("the proxy sees every page and no route handler", () => {
    const handlers = [...appRoutes("route.ts"), ...REWRITTEN];
    const pages = appRoutes("page.tsx");
    expect(handlers).toContain("/companies/x1/feed.atom");
    expect(pages).toContain("/companies/x1");
    for (const p of handlers) expect(proxied.test(p), p).toBe(false);
    for (const p of [...pages, "/no-such-page", "/_next/static/chunks/app.js", "/icon.svg"])
      expect(proxied.test(p), p).toBe(true);
  });
});

describe("one budget for every kind of answer", () => {
  let teardown: () => Promise<void>;
  const client = (n: number) => ({ "x-forwarded-for": `203.0.113.${n}` });
  const page = (p: string, headers: Record<string, string>) =>
    proxy(new NextRequest(`http://localhost${p}`, { headers }));

  beforeAll(async () => {
    teardown = await useFreshAppDatabase();
  });
  afterAll(() => teardown());
  afterEach(async () => {
    delete process.env.RATE_LIMIT_PER_MINUTE;
    resetEnv();
    await resetRateLimit();
  });
  const budget = async (perMinute: number) => {
    process.env.RATE_LIMIT_PER_MINUTE = String(perMinute);
    resetEnv();
    await resetRateLimit();
  };

  it("pages, the API, /api/health and /mcp each take one token", async () => {
    await budget(4);
    const headers = client(1);
    const remaining = [
      (await page("/companies", headers)).headers.get("ratelimit-remaining"),
      (
        await vocabulary(new Request("http://localhost/v1/vocabulary", { headers }), { params: Promise.resolve({}) })
      ).headers.get("ratelimit-remaining"),
      (await health(new Request("http://localhost/api/health", { headers }))).headers.get("ratelimit-remaining"),
      (await mcp(mcpRequest({ jsonrpc: "2.0", id: 1, method: "ping" }, headers))).headers.get("ratelimit-remaining"),
    ];
    expect(remaining).toEqual(["3", "2", "1", "0"]);
    const refused = await health(new Request("http://localhost/api/health", { headers }));
    expect(refused.status).toBe(429);
    expect(refused.headers.get("x-request-id")).toBeTruthy();
    expect((await page("/", headers)).status).toBe(429);
  });

  it("a page's assets spend nothing, and carry the pages' headers", async () => {
    await budget(1);
    for (let i = 0; i < 3; i++) {
      const asset = await page("/_next/static/chunks/app.js", client(2));
      expect(asset.headers.get("ratelimit-remaining")).toBeNull();
      expect(asset.headers.get("x-content-type-options")).toBe("nosniff");
    }
    expect((await page("/docs", client(2))).headers.get("ratelimit-remaining")).toBe("0");
  });

  it("pages get a request id, their security headers, a fresh nonce when rendered per request, and HSTS over HTTPS", async () => {
    await budget(0);
    const rendered = await page("/companies", { ...client(3), "x-forwarded-proto": "https", "x-request-id": "page-1" });
    expect(rendered.headers.get("x-request-id")).toBe("page-1");
    expect(rendered.headers.get("content-security-policy")).toMatch(/script-src 'self' 'nonce-[\w+/=]+'/);
    expect(rendered.headers.get("x-frame-options")).toBe("DENY");
    expect(rendered.headers.get("strict-transport-security")).toMatch(/max-age=\d{7,}/);
    const cached = await page("/", client(3));
    expect(cached.headers.get("content-security-policy")).toMatch(/script-src 'self' 'unsafe-inline'/);
    expect(cached.headers.get("strict-transport-security")).toBeNull();
    expect(cached.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("an MCP JSON-RPC batch is refused: each call is a request of its own", async () => {
    await budget(0);
    const calls = Array.from({ length: 3 }, (_, i) => ({ jsonrpc: "2.0", id: i + 1, method: "tools/list" }));
    const res = await mcp(mcpRequest(calls, client(4)));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      jsonrpc: "2.0",
      id: null,
      error: { code: -32600, message: expect.stringMatching(/batch/) },
    });
  });
});

describe("while the database cannot be reached", () => {
  const state = globalThis as { __database?: Promise<unknown>; __databaseProbe?: unknown };
  let saved: Pick<typeof state, "__database" | "__databaseProbe">;
  beforeAll(() => {
    saved = { __database: state.__database, __databaseProbe: state.__databaseProbe };
    const unreachable = Promise.reject(new Error("connect ECONNREFUSED 127.0.0.1:5432"));
    unreachable.catch(() => {});
    // As lib/database.ts holds them after a failed connection and a failed probe.
    state.__database = unreachable;
    state.__databaseProbe = { at: Date.now() + 60_000, answers: Promise.resolve(false) };
  });
  afterAll(() => Object.assign(state, saved));

  it("search at /filings is the styled 503 page with Retry-After, with or without a query, like every page", async () => {
    for (const p of ["/filings", "/filings?q=samsung", "/filings/20260424000778", "/companies", "/"]) {
      const res = await proxy(new NextRequest(`http://localhost${p}`));
      expect(res.status, p).toBe(503);
      expect(res.headers.get("retry-after"), p).toBe("5");
      expect(await res.text(), p).toContain("Temporarily unavailable");
    }
  });

  it("/api/health is a 503 with Retry-After", async () => {
    const res = await health(new Request("http://localhost/api/health"));
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("5");
    expect(await res.json()).toMatchObject({ status: "down" });
  });
});

function mcpRequest(body: unknown, headers: Record<string, string>): Request {
  return new Request("http://localhost/mcp", {
    method: "POST",
    headers: {
      ...headers,
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": "2025-06-18",
    },
    body: JSON.stringify(body),
  });
}
