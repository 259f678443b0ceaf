/**
 * Property-based fuzzing (fast-check) of every route's parameters, paths and methods, and of
 * the paid routes' payment headers: whatever arrives, the answer is a JSON 2xx/304/400/402/
 * 404/405 in the error shape, never a 500, never a stack trace, and never a charge.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodePaymentSignatureHeader } from "@x402/core/http";
import { clientAddress } from "@/lib/server/client-address";
import { originForm, refusedBeforeRouting } from "@/lib/server/request-target";
import * as recent from "@/app/v1/disclosures/recent/route";
import * as companies from "@/app/v1/companies/route";
import * as company from "@/app/v1/companies/[ticker]/route";
import * as vocabulary from "@/app/v1/vocabulary/route";
import * as sample from "@/app/v1/disclosures/sample/route";
import * as pricing from "@/app/v1/pricing/route";
import * as openapi from "@/app/openapi.json/route";
import * as llms from "@/app/llms.txt/route";
import * as x402 from "@/app/well-known/x402/route";
import * as agent from "@/app/well-known/agent/route";
import * as unknown from "@/app/v1/[...path]/route";
import * as summary from "@/app/v1/disclosures/summary/route";
import * as byTicker from "@/app/v1/disclosures/by-ticker/route";
import * as freshness from "@/app/v1/freshness/route";
import * as watchlists from "@/app/v1/watchlists/route";
import * as watchlist from "@/app/v1/watchlists/[id]/route";
import * as deliveries from "@/app/v1/watchlists/[id]/deliveries/route";
import * as alerts from "@/app/v1/alerts/route";
import { addressOf, challengeFrom, signPayment, setUpPaymentTestStack } from "../support/payments";

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

const FREE: [path: string, module: { GET: Handler }, params?: string][] = [
  ["/v1/disclosures/recent", recent],
  ["/v1/companies", companies],
  ["/v1/companies/{ticker}", company, "ticker"],
  ["/v1/vocabulary", vocabulary],
  ["/v1/disclosures/sample", sample],
  ["/v1/pricing", pricing],
  ["/openapi.json", openapi],
  ["/llms.txt", llms],
  ["/.well-known/x402", x402],
  ["/.well-known/agent.json", agent],
  ["/v1/{path}", unknown, "path"],
  ["/v1/freshness", freshness],
];
/**
 * The watchlist routes (issue 36), the service's first with other methods than GET: each allowed
 * method answers without a sign-in 401 (or 400 for a bad id or body), never a 5xx; others a 405
 * whose Allow names the allowed ones. /v1/alerts is GET-only like the rest.
 */
const WRITABLE: [path: string, module: Record<string, unknown>, allowed: string[]][] = [
  ["/v1/watchlists", watchlists, ["GET", "POST"]],
  ["/v1/watchlists/{id}", watchlist, ["GET", "PATCH", "DELETE"]],
  ["/v1/watchlists/{id}/deliveries", deliveries, ["GET", "POST"]],
  ["/v1/alerts", alerts, ["GET"]],
];
const PAID: [string, { GET: Handler }][] = [
  ["/v1/disclosures/summary", summary],
  ["/v1/disclosures/by-ticker", byTicker],
];
const ROUTE_MODULES = [...FREE.map(([, m]) => m), ...PAID.map(([, m]) => m)] as Record<string, unknown>[];

/** Strings a careless or hostile client sends: any code point (NUL, lone surrogates), SQL, encodings. */
const nasty = fc.oneof(
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.constantFrom(
    "\u0000",
    "samsung\u0000",
    "%",
    "%00",
    "%E0%A4",
    "' or 1=1 --",
    "\\",
    "%%",
    "_",
    "0".repeat(300),
    "005930",
    "삼성전",
    "-1",
    "1e309",
    "NaN",
    " ",
  ),
);
const NAMES = ["q", "limit", "since_hours", "ticker", "rcptNo", "path", "", "__proto__", "constructor"];
const queries = fc.dictionary(fc.oneof(fc.constantFrom(...NAMES), fc.string({ maxLength: 8 })), nasty, { maxKeys: 4 });

async function expectSafe(response: Response, allowed: number[]): Promise<string> {
  expect(allowed).toContain(response.status);
  const text = await response.text();
  expect(text).not.toMatch(/\n\s+at |node_modules|Failed query/);
  if (response.status === 402) {
    expect(Array.isArray(JSON.parse(text).accepts)).toBe(true); // the x402 challenge
  } else if (response.status >= 400) {
    const body = JSON.parse(text);
    expect(typeof body.error).toBe("string");
    expect(typeof body.message).toBe("string");
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
  }
  return text;
}

const stack = setUpPaymentTestStack(); // the app's own database and the real payment stack
beforeAll(async () => {
  process.env.RATE_LIMIT_PER_MINUTE = "0";
  const { resetEnv } = await import("@/lib/env");
  resetEnv();
});
afterAll(() => {
  delete process.env.RATE_LIMIT_PER_MINUTE;
});

describe("free routes", () => {
  for (const [path, route, param] of FREE) {
    it(`${path}: any query and path parameter`, async () => {
      await fc.assert(
        fc.asyncProperty(queries, nasty, async (query, value) => {
          const search = new URLSearchParams(query as Record<string, string>).toString();
          const url = `http://localhost${path.replace(/\{\w+\}/, encodeURIComponent(value))}?${search}`;
          const params = param ? { [param]: value } : {};
          const response = await route.GET(new Request(url), { params: Promise.resolve(params) });
          await expectSafe(response, [200, 400, 404]);
        }),
        { numRuns: path.includes("companies") || path.includes("recent") ? 80 : 30 },
      );
    }, 120_000);
  }

  it("raw query strings, malformed percent-encoding included", async () => {
    const raw = fc.array(
      fc.oneof(
        fc.constantFrom("%", "%0", "%00", "%E0%A4", "%ZZ", "&", "=", "q", "limit", "+"),
        fc.string({ maxLength: 4 }),
      ),
      { maxLength: 12 },
    );
    await fc.assert(
      fc.asyncProperty(raw, async (parts) => {
        for (const route of [companies, recent]) {
          const response = await route.GET(new Request(`http://localhost/v1/x?${parts.join("")}`), {
            params: Promise.resolve({}),
          });
          await expectSafe(response, [200, 400]);
        }
      }),
      { numRuns: 60 },
    );
  }, 120_000);
});

describe("methods and paths", () => {
  it("every method other than GET/HEAD is a JSON 405 (OPTIONS a 204 preflight) on every route", async () => {
    for (const route of ROUTE_MODULES) {
      for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
        const handler = route[method] as Handler;
        const response = await handler(new Request("http://localhost/v1/x", { method }), {
          params: Promise.resolve({}),
        });
        expect(response.headers.get("allow")).toBe("GET");
        await expectSafe(response, [405]);
      }
      const preflight = await (route.OPTIONS as Handler)(new Request("http://localhost/v1/x", { method: "OPTIONS" }), {
        params: Promise.resolve({}),
      });
      expect(preflight.status).toBe(204);
    }
  });

  it("the watchlist routes answer their methods (401 without a sign-in, 400 for bad input) and 405 naming them for others", async () => {
    const bodies = fc.oneof(fc.string({ maxLength: 60 }), fc.json({ maxDepth: 2 }), fc.constant(""));
    for (const [path, route, allowed] of WRITABLE) {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom("GET", "POST", "PUT", "PATCH", "DELETE"),
          fc.oneof(fc.constant("wl_0123456789abcdef01234567"), nasty),
          bodies,
          async (method, id, body) => {
            const url = `http://localhost${path.replace("{id}", encodeURIComponent(id))}`;
            const init: RequestInit = { method, ...(method !== "GET" ? { body } : {}) };
            const response = await (route[method] as Handler)(new Request(url, init), {
              params: Promise.resolve({ id }),
            });
            if (allowed.includes(method)) await expectSafe(response, [400, 401]);
            else {
              expect(response.headers.get("allow")).toBe(allowed.join(", "));
              await expectSafe(response, [405]);
            }
          },
        ),
        { numRuns: 40 },
      );
      const preflight = await (route.OPTIONS as Handler)(
        new Request(`http://localhost${path}`, { method: "OPTIONS" }),
        {
          params: Promise.resolve({}),
        },
      );
      expect(preflight.status).toBe(204);
    }
  }, 120_000);

  it("before routing, exactly the requests Next.js cannot route are answered", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("GET", "HEAD", "TRACE", "TRACK", "PROPFIND", "MKCOL", "POST", "OPTIONS"),
        fc.string({ unit: "binary", maxLength: 30 }),
        (method, tail) => {
          const url = `/v1/${tail.replace(/[?#]/g, "")}`;
          const answer = refusedBeforeRouting(method, url);
          let decodable = true;
          try {
            decodeURIComponent(url);
          } catch {
            decodable = false;
          }
          if (["TRACE", "TRACK", "PROPFIND", "MKCOL"].includes(method)) expect(answer?.status).toBe(405);
          else if (!decodable) expect(answer?.status).toBe(400);
          else expect(answer).toBeNull();
        },
      ),
      { numRuns: 500 },
    );
    expect(refusedBeforeRouting("GET", "/v1/companies/%")?.status).toBe(400);
    expect(refusedBeforeRouting("GET", "/v1/%E0%A4")?.status).toBe(400);
    expect(refusedBeforeRouting("GET", "/v1/companies?q=%")).toBeNull(); // the query is the route's to judge
    expect(refusedBeforeRouting("PROPFIND", "/v1/vocabulary")).toMatchObject({
      status: 405,
      body: { error: "method_not_allowed" },
      headers: { Allow: "GET" },
    });
    expect(refusedBeforeRouting("OPTIONS", "*")).toMatchObject({
      status: 204,
      headers: { Allow: "GET, HEAD, OPTIONS" },
    });
    for (const target of ["*", "*/x", "example.com:443", "ftp://example.com/x"]) {
      expect(refusedBeforeRouting("GET", target), target).toMatchObject({
        status: 400,
        body: { error: "validation_failed" },
      });
    }
  });

  it("an absolute-form target is served as its path, whatever host it names", () => {
    expect(originForm("http://evil.example/v1/vocabulary?x=1")).toBe("/v1/vocabulary?x=1");
    expect(originForm("HTTPS://evil.example")).toBe("/");
    expect(originForm("http://[::1")).toBeNull();
    expect(originForm("/v1/vocabulary")).toBe("/v1/vocabulary");
  });

  it("the client is never an address the client wrote into X-Forwarded-For itself", () => {
    const address = fc.oneof(fc.ipV4(), fc.ipV6());
    fc.assert(
      fc.property(
        fc.array(address, { maxLength: 5 }),
        address,
        fc.array(address, { maxLength: 3 }),
        (forged, client, proxies) => {
          // The client sends `forged`; each proxy appends the address it was reached from and
          // connects onwards, so the server's peer is the last proxy (or the client itself).
          const hops = [client, ...proxies];
          const header = [...forged, ...hops.slice(0, -1)].join(", ");
          expect(clientAddress(header, hops.at(-1), proxies.length)).toBe(client);
        },
      ),
      { numRuns: 500 },
    );
    expect(clientAddress("6.6.6.6", "192.0.2.1", 0)).toBe("192.0.2.1");
    expect(clientAddress("6.6.6.6, 198.51.100.7", "10.0.0.2", 1)).toBe("198.51.100.7");
    expect(clientAddress(undefined, "10.0.0.2", 1)).toBe("10.0.0.2"); // fewer entries than proxies: the leftmost
  });
});

describe("paid routes", () => {
  const payer = () => stack.chain.payerPrivateKeys[1];

  it("any query: 400/402/404, never content without a payment", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...PAID), queries, async ([path, route], query) => {
        const search = new URLSearchParams(query as Record<string, string>).toString();
        const response = await route.GET(new Request(`http://localhost${path}?${search}`), {
          params: Promise.resolve({}),
        });
        await expectSafe(response, [400, 402, 404]);
      }),
      { numRuns: 60 },
    );
  }, 120_000);

  it("any payment header: refused without a charge, never a 500", async () => {
    const url = "http://localhost/v1/disclosures/summary?rcptNo=20260424000778";
    const challenge = challengeFrom(await summary.GET(new Request(url), { params: Promise.resolve({}) }));
    const { payload } = await signPayment(stack.chain, payer(), challenge);
    const before = await stack.balanceOf(addressOf(payer()));
    const mutated = fc.record({
      field: fc.constantFrom(
        "signature",
        "value",
        "to",
        "from",
        "nonce",
        "validBefore",
        "network",
        "x402Version",
        "scheme",
      ),
      value: fc.oneof(nasty, fc.integer(), fc.constant(null)),
    });
    const headers = fc.oneof(
      nasty,
      fc.base64String({ maxLength: 200 }),
      fc.jsonValue({ maxDepth: 3 }).map((v) => Buffer.from(JSON.stringify(v)).toString("base64")),
      mutated.map(({ field, value }) => {
        const copy = structuredClone(payload) as unknown as {
          x402Version: unknown;
          accepted: Record<string, unknown>;
          payload: { signature: unknown; authorization: Record<string, unknown> };
        };
        if (field === "signature") copy.payload.signature = value;
        else if (field === "x402Version") copy.x402Version = value;
        else if (field === "network" || field === "scheme") copy.accepted[field] = value;
        else copy.payload.authorization[field] = value;
        return encodePaymentSignatureHeader(copy as never);
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom("PAYMENT-SIGNATURE", "X-PAYMENT"), headers, async (name, value) => {
        let request: Request;
        try {
          request = new Request(url, { headers: { [name]: value } });
        } catch {
          return; // not a header value any HTTP client could send
        }
        const response = await summary.GET(request, { params: Promise.resolve({}) });
        expect(response.headers.get("payment-response")).toBeNull();
        await expectSafe(response, [400, 402]);
      }),
      { numRuns: 40 },
    );
    expect(await stack.balanceOf(addressOf(payer()))).toBe(before);
  }, 180_000);
});
