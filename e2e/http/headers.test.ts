/**
 * The production build over real HTTP (`npm start`, the self-hosted server): security headers on pages (a fresh script
 * nonce on those rendered per request) and API answers, no X-Powered-By, HSTS only over HTTPS,
 * the JSON answers for requests Next.js cannot route (methods it does not know, request targets
 * that are not a plain path: never a 500, never a redirect to another host), Next.js's gzip,
 * ETag/304, one rate-limit token per request of every kind and the 429 on a page, no secret given
 * to the server at start in any client bundle or page, and OpenTelemetry traces sent to the
 * configured OTLP endpoint (a local receiver).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { createServer as createHttpServer, type Server } from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServerProcess, type ServerProcess } from "../../dev/support/server-process";

const SECRETS = {
  OPENAI_API_KEY: "sk-e2e-secret-openai-4f1c9a7b2d",
  CRON_SECRET: "e2e-cron-secret-77d2c1b9",
  DART_API_KEY: "e2edartkey0123456789abcdef0123456789abcd",
};
/** Hardhat's well-known first account key: the local chain's payers are derived the same way. */
const HARDHAT_KEY = "ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";
const RATE_LIMIT = 40;

let server: ServerProcess;
let otlp: Server;
const traceExports: string[] = [];
let base: string;

beforeAll(async () => {
  otlp = createHttpServer((req, res) => {
    traceExports.push(`${req.method} ${req.url}`);
    req.resume().on("end", () => res.end("{}"));
  });
  await new Promise<void>((resolve) => otlp.listen(0, "127.0.0.1", resolve));
  server = await startServerProcess({
    env: {
      ...SECRETS,
      INGEST_IN_PROCESS: "false", // a DART key, but no polling of a DART that is not here
      OPENAI_BASE_URL: "http://127.0.0.1:9/v1",
      FACILITATOR_URL: "http://127.0.0.1:9/facilitator",
      X402_PAY_TO: "0x209693Bc6afc0C5328bA36FaF03C514EF312287C",
      RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT),
      RATE_LIMIT_PER_SECOND: "0", // the minute's budget alone (the burst bucket: tests/api/rate-limit.test.ts)
      TRUSTED_PROXY_COUNT: "1", // this test plays the one proxy in front, appending the client's address
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(otlp.address() as { port: number }).port}`,
    },
  });
  base = server.base;
});

afterAll(async () => {
  await server?.stop();
  otlp?.close();
});

/** Each request from its own address (as the proxy in front would say), so the rate limit test alone spends a budget. */
let nextAddress = 1;
const from = () => ({ "X-Forwarded-For": `192.0.2.${nextAddress++}` });

describe("security headers", () => {
  const common = (res: Response) => {
    expect(res.headers.get("x-powered-by")).toBeNull();
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("content-security-policy")).toMatch(/frame-ancestors 'none'/);
    expect(res.headers.get("content-security-policy")).not.toMatch(/unsafe-eval/);
    expect(res.headers.get("strict-transport-security")).toBeNull(); // plain HTTP here
  };

  for (const p of ["/", "/companies", "/feeds/recent.atom", "/api/health"]) {
    it(`on ${p} (pages and feeds: the explorer's policy)`, async () => {
      const res = await fetch(base + p, { headers: from() });
      common(res);
      expect(res.headers.get("permissions-policy")).toMatch(/camera=\(\)/);
      const csp = res.headers.get("content-security-policy") ?? "";
      expect(csp).toMatch(/default-src 'self'/);
      expect(csp).toMatch(/object-src 'none'/);
    });
  }

  for (const p of [
    "/v1/disclosures/recent?limit=1",
    "/openapi.json",
    "/.well-known/x402",
    "/v1/nope",
    "/v1/companies?q=",
  ]) {
    it(`on ${p} (API answers: nothing may load)`, async () => {
      const res = await fetch(base + p, { headers: from() });
      common(res);
      expect(res.headers.get("content-security-policy")).toMatch(/^default-src 'none'/);
      expect(res.headers.get("access-control-allow-origin")).toBe("*");
    });
  }

  const scriptSources = (csp: string) =>
    csp
      .split(";")
      .map((d) => d.trim())
      .find((d) => d.startsWith("script-src")) ?? "";

  for (const p of ["/?min=5", "/companies", "/companies/005930", "/filings/20260716900971", "/docs", "/my-summaries"]) {
    it(`on ${p} (rendered per request): a fresh script nonce, carried by every script in the page`, async () => {
      const nonces: string[] = [];
      for (let i = 0; i < 2; i++) {
        const res = await fetch(base + p, { headers: from() });
        expect(res.status).toBe(200);
        const scripts = scriptSources(res.headers.get("content-security-policy") ?? "");
        expect(scripts).not.toMatch(/unsafe-inline|unsafe-eval/);
        const nonce = /'nonce-([\w+/=-]+)'/.exec(scripts)?.[1];
        expect(nonce, scripts).toBeTruthy();
        const tags = (await res.text()).match(/<script\b[^>]*>/g) ?? [];
        expect(tags.length).toBeGreaterThan(0);
        for (const tag of tags) expect(tag).toContain(`nonce="${nonce}"`);
        nonces.push(nonce!);
      }
      expect(nonces[0]).not.toBe(nonces[1]);
    });
  }

  for (const p of ["/", "/no-such-page"]) {
    it(`on ${p} (rendered before the request): inline scripts from this origin, no nonce`, async () => {
      const res = await fetch(base + p, { headers: from() });
      expect(scriptSources(res.headers.get("content-security-policy") ?? "")).toBe("script-src 'self' 'unsafe-inline'");
    });
  }

  it("HSTS when the request reached the platform over HTTPS, on pages and API answers", async () => {
    for (const p of ["/", "/v1/vocabulary", "/v1/nope", "/feeds/recent.atom", "/api/health"]) {
      const res = await fetch(base + p, { headers: { ...from(), "X-Forwarded-Proto": "https" } });
      expect(res.headers.get("strict-transport-security"), p).toMatch(/max-age=\d{7,}/);
    }
  });
});

describe("requests Next.js cannot route", () => {
  /** What every answer given before routing carries: the JSON error shape and the API's headers. */
  const refusedAsJson = (raw: RawAnswer, status: number, error: string) => {
    expect(raw.status, raw.head).toBe(status);
    expect(JSON.parse(raw.body)).toMatchObject({ error });
    expect(raw.head).toMatch(/access-control-allow-origin: \*/i);
    expect(raw.head).toMatch(/content-security-policy: default-src 'none'/i);
    expect(raw.head).toMatch(/x-content-type-options: nosniff/i);
  };

  it("a method it does not route, on any path, is a JSON 405 with Allow", async () => {
    // TRACK and a lower-case `get` are refused by node:http's parser itself, the others by Next.js.
    for (const method of ["TRACE", "TRACK", "PROPFIND", "MKCOL", "SEARCH", "get"]) {
      for (const p of ["/v1/vocabulary", "/", "/v1/disclosures/summary?rcptNo=20260424000778"]) {
        const raw = await rawRequest(`${method} ${p} HTTP/1.1`);
        refusedAsJson(raw, 405, "method_not_allowed");
        expect(raw.head).toMatch(/\r\nallow: GET\r\n/i);
      }
    }
  });

  it("malformed percent-encoding in a path is a JSON 400", async () => {
    for (const p of ["/v1/companies/%", "/v1/%", "/v1/companies/%E0%A4", "/%", "/%C0%AF", "/_next/static/%E0"]) {
      refusedAsJson(await rawRequest(`GET ${p} HTTP/1.1`), 400, "validation_failed");
    }
  });

  it("asterisk-form: OPTIONS * describes the server, any other is a JSON 400", async () => {
    const options = await rawRequest("OPTIONS * HTTP/1.1");
    expect(options.status).toBe(204);
    expect(options.head).toMatch(/\r\nallow: GET, HEAD, OPTIONS\r\n/i);
    for (const line of ["GET */x HTTP/1.1", "GET * HTTP/1.1", "OPTIONS */v1 HTTP/1.1"])
      refusedAsJson(await rawRequest(line), 400, "validation_failed");
  });

  it("an Upgrade (WebSocket, h2c) on any route is answered in HTTP/1.1, never closed without an answer", async () => {
    const upgrades = {
      websocket: ["Upgrade: websocket", "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==", "Sec-WebSocket-Version: 13"],
      h2c: ["Upgrade: h2c", "HTTP2-Settings: AAMAAABkAARAAAAAAAIAAAAA"],
    };
    for (const [protocol, lines] of Object.entries(upgrades)) {
      for (const [target, status, text] of [
        ["/v1/vocabulary", 200, '"eventTypes"'],
        ["/v1/disclosures/summary?rcptNo=20260424000778", 503, "payments_unavailable"], // the stand-in facilitator
        ["/v1/no-such-route", 404, '"not_found"'],
        ["/mcp", 405, ""],
        ["/", 200, "DART"],
      ] as const) {
        const raw = await rawRequest(`GET ${target} HTTP/1.1`, ["Connection: Upgrade", ...lines]);
        expect(raw.status, `${protocol} ${target}: ${raw.head}`).toBe(status);
        expect(raw.head, `${protocol} ${target}`).toMatch(/\r\nconnection: close(?:\r\n|$)/i);
        expect(raw.body, `${protocol} ${target}`).toContain(text);
      }
    }
  });

  it("absolute-form is served as its path, never redirected to the host it names", async () => {
    const raw = await rawRequest("GET http://evil.example/v1/vocabulary HTTP/1.1");
    expect(raw.status).toBe(200);
    expect(raw.body).toContain('"eventTypes"');
    for (const target of ["http://evil.example", "HTTPS://evil.example/docs/", "http://evil.example//x"]) {
      const answer = await rawRequest(`GET ${target} HTTP/1.1`);
      expect(answer.status, target).toBeLessThan(500);
      expect(answer.head, target).not.toMatch(/location: [a-z]+:\/\//i);
    }
    refusedAsJson(await rawRequest("GET ftp://evil.example/x HTTP/1.1"), 400, "validation_failed");
  });

  it("authority-form, a bad request line or an over-long target: a JSON 4xx, never a 500", async () => {
    for (const line of ["GET evil.example:443 HTTP/1.1", "GET ?x=1 HTTP/1.1", "GET /v1 HTTP/9.9"]) {
      refusedAsJson(await rawRequest(line), 400, "validation_failed");
    }
    refusedAsJson(await rawRequest(`GET /v1/${"a".repeat(20_000)} HTTP/1.1`), 431, "validation_failed");
    const long = await rawRequest(`GET /v1/${"a".repeat(8_000)} HTTP/1.1`);
    expect(long.status).toBe(404); // within the limit: the route's own answer
  });

  it("NUL in a search is a 400, and other methods a JSON 405", async () => {
    const nul = await fetch(`${base}/v1/companies?q=samsung%00`, { headers: from() });
    expect(nul.status).toBe(400);
    const del = await fetch(`${base}/v1/companies/005930`, { method: "DELETE", headers: from() });
    expect(del.status).toBe(405);
    expect(del.headers.get("allow")).toBe("GET");
    expect((await del.json()).error).toBe("method_not_allowed");
  });
});

describe("validators and limits", () => {
  it("compressed by Next.js where accepted: API answers and pages", async () => {
    const plain = await fetch(`${base}/v1/vocabulary`, { headers: { ...from(), "Accept-Encoding": "identity" } });
    expect(plain.headers.get("content-encoding")).toBeNull();
    const document = await plain.json();
    const zipped = await fetch(`${base}/v1/vocabulary`, {
      headers: { ...from(), "Accept-Encoding": "gzip, deflate, br" },
    });
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
    expect(await zipped.json()).toEqual(document);
    for (const p of ["/", "/companies"]) {
      const page = await fetch(base + p, { headers: { ...from(), "Accept-Encoding": "gzip, deflate, br" } });
      expect(page.headers.get("content-encoding"), p).toBe("gzip");
      expect(await page.text()).toContain("</html>");
    }
  });

  it("304 on If-None-Match", async () => {
    const first = await fetch(`${base}/v1/companies?q=samsung`, { headers: from() });
    const etag = first.headers.get("etag")!;
    expect(etag).toBeTruthy();
    const again = await fetch(`${base}/v1/companies?q=samsung`, { headers: { ...from(), "If-None-Match": etag } });
    expect(again.status).toBe(304);
  });

  it("every kind of answer takes one token of the same budget", async () => {
    const client = { "X-Forwarded-For": "198.51.100.76" };
    const mcpPing = { method: "POST", body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }) };
    const mcpHeaders = {
      "Content-Type": "application/json",
      Accept: "application/json, text/event-stream",
      "MCP-Protocol-Version": "2025-06-18",
    };
    const remaining = [];
    for (const [p, init] of [
      ["/", {}],
      ["/companies/005930", {}],
      ["/feeds/recent.atom", {}],
      ["/companies/005930/feed.atom", {}],
      ["/v1/vocabulary", {}],
      ["/api/health", {}],
      ["/mcp", { ...mcpPing, headers: mcpHeaders }],
      ["/v1/companies?q=sam", { headers: { "X-PAYMENT": "1" } }], // a payment header does not exempt a free route
    ] as [string, RequestInit][]) {
      const res = await fetch(base + p, {
        ...init,
        headers: { ...(init.headers as Record<string, string>), ...client },
      });
      expect(res.status, p).toBeLessThan(300);
      remaining.push(Number(res.headers.get("ratelimit-remaining")));
      await res.arrayBuffer();
    }
    expect(remaining).toEqual(remaining.map((_, i) => RATE_LIMIT - 1 - i));
  });

  it("a client over its budget gets 429 on the API and on pages", async () => {
    const client = { "X-Forwarded-For": "198.51.100.77" };
    let last: Response | undefined;
    for (let i = 0; i <= RATE_LIMIT; i++) last = await fetch(`${base}/v1/vocabulary`, { headers: client });
    expect(last!.status).toBe(429);
    expect(await last!.json()).toMatchObject({ error: "rate_limited" });
    expect(last!.headers.get("retry-after")).toMatch(/^\d+$/);
    const page = await fetch(`${base}/`, { headers: client });
    expect(page.status).toBe(429);
    expect((await fetch(`${base}/v1/vocabulary`, { headers: from() })).status).toBe(200);
  });

  it("a client cannot escape its budget by writing addresses into X-Forwarded-For itself", async () => {
    // The client prepends a new made-up address to every request; the proxy appends the real one.
    let last: Response | undefined;
    for (let i = 0; i <= RATE_LIMIT; i++) {
      last = await fetch(`${base}/v1/vocabulary`, {
        headers: { "X-Forwarded-For": `203.0.113.${i + 1}, 198.51.100.78` },
      });
    }
    expect(last!.status).toBe(429);
  });
});

describe("secrets", () => {
  it("no secret is in any client bundle or in the page", async () => {
    const files = walk(path.resolve(".next/static"));
    expect(files.length).toBeGreaterThan(0);
    const html = await (await fetch(`${base}/`, { headers: from() })).text();
    const scripts = [...html.matchAll(/src="(\/_next\/static\/[^"]+\.js)"/g)].map((m) => m[1]);
    const served = await Promise.all(scripts.map(async (s) => (await fetch(base + s)).text()));
    for (const text of [...files.map((f) => readFileSync(f, "latin1")), html, ...served]) {
      for (const secret of [...Object.values(SECRETS), HARDHAT_KEY]) expect(text.includes(secret)).toBe(false);
      expect(text).not.toMatch(/-----BEGIN [A-Z ]*PRIVATE KEY-----/);
    }
  });
});

describe("observability", () => {
  it("exports traces to the OTLP endpoint when one is configured", async () => {
    await fetch(`${base}/v1/companies/005930`, { headers: from() });
    for (let i = 0; i < 60 && !traceExports.some((e) => e === "POST /v1/traces"); i++)
      await new Promise((r) => setTimeout(r, 500));
    expect(traceExports).toContain("POST /v1/traces");
  });
});

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}

interface RawAnswer {
  status: number;
  head: string;
  body: string;
}

/** One request as written (fetch would refuse or normalise these), on a connection of its own. */
async function rawRequest(requestLine: string, headerLines = ["Connection: close"]): Promise<RawAnswer> {
  const { connect } = await import("node:net");
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname, () => {
      socket.write(`${requestLine}\r\nHost: ${url.host}\r\n${headerLines.map((line) => `${line}\r\n`).join("")}\r\n`);
    });
    let data = "";
    socket.on("data", (chunk) => (data += chunk.toString("utf8")));
    socket.on("error", reject);
    socket.on("end", () => {
      const [head, ...rest] = data.split("\r\n\r\n");
      resolve({ status: Number(head.split(" ")[1]), head, body: rest.join("\r\n\r\n") });
    });
  });
}
