/**
 * The production build over real HTTP (`next start`): security headers on pages (a fresh script
 * nonce on those rendered per request) and API answers, no X-Powered-By, HSTS only over HTTPS,
 * the JSON answers for requests Next.js cannot represent (TRACE, malformed percent-encoding),
 * ETag/304, the rate limit's 429 on a page, no secret given to the server at start in any client
 * bundle or page, and OpenTelemetry traces sent to the configured OTLP endpoint (a local receiver).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { createServer as createHttpServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../tests/support/free-port";
import { stopProcessGroup } from "../../tests/support/process-group";

const SECRETS = {
  OPENAI_API_KEY: "sk-e2e-secret-openai-4f1c9a7b2d",
  CRON_SECRET: "e2e-cron-secret-77d2c1b9",
  DART_API_KEY: "e2edartkey0123456789abcdef0123456789abcd",
};
/** Hardhat's well-known first account key: the local chain's payers are derived the same way. */
const HARDHAT_KEY = "ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";
const RATE_LIMIT = 40;

let server: ChildProcess;
let otlp: Server;
const traceExports: string[] = [];
let base: string;
let dataDir: string;


beforeAll(async () => {
  otlp = createHttpServer((req, res) => {
    traceExports.push(`${req.method} ${req.url}`);
    req.resume().on("end", () => res.end("{}"));
  });
  await new Promise<void>((resolve) => otlp.listen(0, "127.0.0.1", resolve));
  const port = await freePort();
  dataDir = mkdtempSync(path.join(tmpdir(), "e2e-headers-"));
  base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...SECRETS,
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    PUBLIC_BASE_URL: base,
    INGEST_IN_PROCESS: "false", // a DART key, but no polling of a DART that is not here
    OPENAI_BASE_URL: "http://127.0.0.1:9/v1",
    FACILITATOR_URL: "http://127.0.0.1:9/facilitator",
    X402_PAY_TO: "0x209693Bc6afc0C5328bA36FaF03C514EF312287C",
    RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT),
    TRUSTED_PROXY_COUNT: "1", // this test plays the one proxy in front, appending the client's address
    OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(otlp.address() as { port: number }).port}`,
  };
  delete env.DATABASE_URL;
  server = spawn(path.resolve("node_modules/.bin/next"), ["start", "-H", "127.0.0.1", "-p", String(port)], { env, stdio: "inherit", detached: true });
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).status < 500) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error("production server did not start");
    await new Promise((r) => setTimeout(r, 500));
  }
});

afterAll(async () => {
  if (server) await stopProcessGroup(server);
  otlp?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The headers two answers to the same request share: all but the request id and the date. */
const shared = (res: Response) => Object.fromEntries([...res.headers].filter(([name]) => name !== "x-request-id" && name !== "date"));

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

  for (const p of ["/v1/disclosures/recent?limit=1", "/openapi.json", "/.well-known/x402", "/v1/nope", "/v1/companies?q="]) {
    it(`on ${p} (API answers: nothing may load)`, async () => {
      const res = await fetch(base + p, { headers: from() });
      common(res);
      expect(res.headers.get("content-security-policy")).toMatch(/^default-src 'none'/);
      expect(res.headers.get("access-control-allow-origin")).toBe("*");
    });
  }

  const scriptSources = (csp: string) => csp.split(";").map((d) => d.trim()).find((d) => d.startsWith("script-src")) ?? "";

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
    for (const p of ["/", "/v1/vocabulary", "/v1/nope"]) {
      const res = await fetch(base + p, { headers: { ...from(), "X-Forwarded-Proto": "https" } });
      expect(res.headers.get("strict-transport-security"), p).toMatch(/max-age=\d{7,}/);
    }
  });
});

describe("requests Next.js cannot represent", () => {
  it("TRACE on any path is a JSON 405 with CORS", async () => {
    for (const p of ["/v1/vocabulary", "/", "/v1/disclosures/summary?rcptNo=20260424000778"]) {
      const res = await fetch(base + p, { method: "TRACE" as string }).catch(() => undefined);
      // undici's fetch refuses to send TRACE itself; speak HTTP directly.
      if (res) throw new Error("fetch sent TRACE");
      const raw = await rawRequest(`TRACE ${p} HTTP/1.1`);
      expect(raw.status).toBe(405);
      expect(JSON.parse(raw.body)).toMatchObject({ error: "method_not_allowed" });
      expect(raw.headers).toMatch(/access-control-allow-origin: \*/i);
    }
  });

  it("malformed percent-encoding in a path is a JSON 400 with CORS", async () => {
    for (const p of ["/v1/companies/%", "/v1/%", "/v1/companies/%E0%A4", "/%"]) {
      const raw = await rawRequest(`GET ${p} HTTP/1.1`);
      expect(raw.status).toBe(400);
      expect(JSON.parse(raw.body)).toMatchObject({ error: "validation_failed" });
      expect(raw.headers).toMatch(/access-control-allow-origin: \*/i);
    }
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
  it("compressed where accepted, from bytes compressed once: API answers and the cached `/`", async () => {
    const plain = await fetch(`${base}/v1/vocabulary`, { headers: { ...from(), "Accept-Encoding": "identity" } });
    expect(plain.headers.get("content-encoding")).toBeNull();
    const document = await plain.json();
    for (const [accept, encoding] of [["gzip", "gzip"], ["gzip, deflate, br", "br"]]) {
      const zipped = await fetch(`${base}/v1/vocabulary`, { headers: { ...from(), "Accept-Encoding": accept } });
      expect(zipped.headers.get("content-encoding")).toBe(encoding);
      // A stored body's length is known; a body compressed as it streams has none.
      expect(Number(zipped.headers.get("content-length"))).toBeGreaterThan(0);
      expect(await zipped.json()).toEqual(document);
    }
    // The cached `/` is sent whole: compressed once, with its length.
    for (const accept of ["gzip", "br"]) {
      const page = await fetch(`${base}/`, { headers: { ...from(), "Accept-Encoding": accept } });
      expect(page.headers.get("content-encoding")).toBe(accept);
      expect(Number(page.headers.get("content-length"))).toBeGreaterThan(0);
      expect(await page.text()).toContain("</html>");
    }
  });

  it("a free answer asked for again at once (replayed by the HTTP layer) is the route's answer, with its own request id", async () => {
    const answers = [];
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${base}/v1/disclosures/recent?limit=7`, { headers: { ...from(), "Accept-Encoding": "identity" } });
      answers.push({ status: res.status, id: res.headers.get("x-request-id"), headers: shared(res), body: await res.text() });
    }
    expect(answers[0].status).toBe(200);
    expect(answers[0].headers["ratelimit-remaining"]).toBe(String(RATE_LIMIT - 1));
    for (const again of answers.slice(1)) {
      expect(again.status).toBe(200);
      expect(again.body).toBe(answers[0].body);
      expect(again.headers).toEqual(answers[0].headers);
    }
    expect(new Set(answers.map((a) => a.id)).size).toBe(3);
    // Remembered from a revalidation's 304 (the lookup ignores `v`: one answer, two targets), and
    // replayed whole, as the route answers a client asking for a fresh one.
    const plain = { "Accept-Encoding": "identity" };
    const routeAnswer = await fetch(`${base}/v1/companies/005930?v=1`, { headers: { ...from(), ...plain, "Cache-Control": "no-cache" } });
    const etag = routeAnswer.headers.get("etag")!;
    const revalidated = await fetch(`${base}/v1/companies/005930?v=2`, { headers: { ...from(), "If-None-Match": etag } });
    expect(revalidated.status).toBe(304);
    const replayed = await fetch(`${base}/v1/companies/005930?v=2`, { headers: { ...from(), ...plain } });
    expect(replayed.status).toBe(200);
    expect(await replayed.text()).toBe(await routeAnswer.text());
    expect(shared(replayed)).toEqual(shared(routeAnswer));
  });

  it("the cached `/` asked for again at once is the page Next.js sent, with its headers", async () => {
    // Without how that one answer was made (x-nextjs-cache): a replay names none.
    const page = async (asking: Record<string, string> = {}) => {
      const res = await fetch(`${base}/`, { headers: { ...from(), "Accept-Encoding": "identity", ...asking } });
      const headers = shared(res);
      delete headers["x-nextjs-cache"];
      return { status: res.status, headers, body: await res.text() };
    };
    // A navigation's RSC request first: what it gets is never replayed to a browser asking for HTML.
    await (await fetch(`${base}/`, { headers: { ...from(), RSC: "1" } })).text();
    expect((await page()).body).toContain("</html>");
    const fromNext = await page({ "Cache-Control": "no-cache" });
    expect(fromNext.status).toBe(200);
    const [again, andAgain] = [await page(), await page()];
    for (const replayed of [again, andAgain]) {
      expect(replayed.body).toBe(fromNext.body);
      expect(replayed.headers).toEqual(fromNext.headers);
    }
  });

  it("304 on If-None-Match", async () => {
    const first = await fetch(`${base}/v1/companies?q=samsung`, { headers: from() });
    const etag = first.headers.get("etag")!;
    expect(etag).toBeTruthy();
    const again = await fetch(`${base}/v1/companies?q=samsung`, { headers: { ...from(), "If-None-Match": etag } });
    expect(again.status).toBe(304);
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
      last = await fetch(`${base}/v1/vocabulary`, { headers: { "X-Forwarded-For": `203.0.113.${i + 1}, 198.51.100.78` } });
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
    for (let i = 0; i < 60 && !traceExports.some((e) => e === "POST /v1/traces"); i++) await new Promise((r) => setTimeout(r, 500));
    expect(traceExports).toContain("POST /v1/traces");
  });
});

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}

async function rawRequest(requestLine: string): Promise<{ status: number; headers: string; body: string }> {
  const { connect } = await import("node:net");
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname, () => {
      socket.write(`${requestLine}\r\nHost: ${url.host}\r\nConnection: close\r\n\r\n`);
    });
    let data = "";
    socket.on("data", (chunk) => (data += chunk.toString("utf8")));
    socket.on("error", reject);
    socket.on("end", () => {
      const [head, ...rest] = data.split("\r\n\r\n");
      resolve({ status: Number(head.split(" ")[1]), headers: head, body: rest.join("\r\n\r\n") });
    });
  });
}
