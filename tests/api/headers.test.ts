/**
 * HTTP validators and per-response headers of the route wrapper: ETag and 304 on every
 * cacheable route, X-Request-Id. (Compression is Next.js's: e2e/headers.test.ts against `npm start`.)
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useFreshAppDatabase } from "../support/app";
import { GET as recent } from "@/app/v1/disclosures/recent/route";
import { GET as company } from "@/app/v1/companies/[ticker]/route";
import { GET as vocabulary } from "@/app/v1/vocabulary/route";
import { GET as llms } from "@/app/llms.txt/route";
import { GET as unknownV1 } from "@/app/v1/[...path]/route";

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;
const get = (
  handler: Handler,
  path: string,
  headers: Record<string, string> = {},
  params: Record<string, string> = {},
) => handler(new Request(`http://localhost${path}`, { headers }), { params: Promise.resolve(params) });

let teardown: () => Promise<void>;
beforeAll(async () => {
  teardown = await useFreshAppDatabase();
  process.env.RATE_LIMIT_PER_MINUTE = "0";
});
afterAll(async () => {
  delete process.env.RATE_LIMIT_PER_MINUTE;
  await teardown();
});

describe("ETag and 304", () => {
  const cases: [string, Handler, string, Record<string, string>?][] = [
    ["feed", recent, "/v1/disclosures/recent?limit=5"],
    ["company lookup", company, "/v1/companies/005930", { ticker: "005930" }],
    ["constant document", vocabulary, "/v1/vocabulary"],
    ["plain-text document", llms, "/llms.txt"],
  ];
  for (const [name, handler, path, params] of cases) {
    it(`${name}: the same ETag for the same content, and 304 without a body when it is sent back`, async () => {
      const first = await get(handler, path, {}, params);
      expect(first.status).toBe(200);
      const etag = first.headers.get("etag");
      expect(etag).toMatch(/^W\/"[\w-]+"$/);
      const body = await first.text();
      const again = await get(handler, path, {}, params);
      expect(again.headers.get("etag")).toBe(etag);
      expect(await again.text()).toBe(body);

      const revalidated = await get(handler, path, { "If-None-Match": `"other", ${etag}` }, params);
      expect(revalidated.status).toBe(304);
      expect(await revalidated.text()).toBe("");
      expect(revalidated.headers.get("etag")).toBe(etag);
      expect(revalidated.headers.get("cache-control")).toBe(first.headers.get("cache-control"));
      expect(revalidated.headers.get("access-control-allow-origin")).toBe("*");

      const changed = await get(handler, path, { "If-None-Match": '"something-else"' }, params);
      expect(changed.status).toBe(200);
    });
  }

  it("errors and uncacheable answers carry no ETag", async () => {
    const missing = await get(company, "/v1/companies/999999", {}, { ticker: "999999" });
    expect(missing.status).toBe(404);
    expect(missing.headers.get("etag")).toBeNull();
    const unknown = await get(unknownV1, "/v1/nope", {}, { path: "nope" });
    expect(unknown.headers.get("etag")).toBeNull();
  });
});

describe("X-Request-Id", () => {
  it("is on every answer: the client's own when it is a plain token, else a new one", async () => {
    const mine = await get(vocabulary, "/v1/vocabulary", { "X-Request-Id": "trace-abc.123" });
    expect(mine.headers.get("x-request-id")).toBe("trace-abc.123");
    const hostile = await get(vocabulary, "/v1/vocabulary", { "X-Request-Id": "a b\tc<script>" });
    expect(hostile.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const error = await get(company, "/v1/companies/abc", {}, { ticker: "abc" });
    expect(error.status).toBe(400);
    expect(error.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });
});
