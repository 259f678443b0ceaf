import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, useFreshAppDatabase } from "../support/app";
import { companyDto, companySearchResponse, recentFilingsResponse } from "@/lib/interface/schemas";
import { GET as recent } from "@/app/v1/disclosures/recent/route";
import { GET as companies } from "@/app/v1/companies/route";
import { GET as companyByTicker } from "@/app/v1/companies/[ticker]/route";
import { GET as unknownV1 } from "@/app/v1/[...path]/route";
import * as recentRoute from "@/app/v1/disclosures/recent/route";
import seedFilings from "@/lib/seed/filings.json";

let teardown: () => Promise<void>;
beforeAll(async () => {
  teardown = await useFreshAppDatabase();
});
afterAll(async () => teardown());

describe("GET /v1/disclosures/recent", () => {
  it("returns the newest 20 filings of the snapshot's last day, exactly shaped", async () => {
    const res = await call(recent, "/v1/disclosures/recent");
    expect(res.status).toBe(200);
    const parsed = recentFilingsResponse.parse(res.body); // strict: no extra fields such as summaryEn
    expect(parsed.filings).toHaveLength(20);
    expect(new Set(parsed.filings.map((f) => f.rceptDt))).toEqual(new Set(["2026-07-16"]));
    const rcptNos = parsed.filings.map((f) => f.rcptNo);
    expect(rcptNos).toEqual([...rcptNos].sort().reverse());
    for (const f of parsed.filings) {
      expect(f).not.toHaveProperty("sectorTags"); // no summary yet
      expect(f.corpNameEn).not.toMatch(/[\uAC00-\uD7A3]/);
      expect(f.reportNmEn).not.toMatch(/[\uAC00-\uD7A3]/);
      expect(f.sourceUrl).toBe(`https://dart.fss.or.kr/dsaf001/main.do?rcpNo=${f.rcptNo}`);
      expect(f.tickerTags).toEqual([f.ticker]);
    }
  });

  it("sets JSON, CORS, cache and data-freshness headers", async () => {
    const res = await call(recent, "/v1/disclosures/recent?limit=1");
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("cache-control")).toMatch(/s-maxage=15, stale-while-revalidate=30/);
    expect(res.headers.get("x-data-mode")).toBe("snapshot");
    expect(res.headers.get("x-data-as-of")).toBe("2026-07-16T23:59:59+09:00");
  });

  it("clamps or defaults limit and since_hours instead of failing", async () => {
    const week = seedFilings.filter((f) => f.rceptDt >= "20260710").length; // 168 h back from 07-16 end
    expect((await call(recent, "/v1/disclosures/recent?limit=1000&since_hours=1000")).body.filings).toHaveLength(100);
    expect((await call(recent, "/v1/disclosures/recent?limit=0")).body.filings).toHaveLength(1);
    expect((await call(recent, "/v1/disclosures/recent?limit=abc")).body.filings).toHaveLength(20);
    expect((await call(recent, "/v1/disclosures/recent?limit=-4")).body.filings).toHaveLength(1);
    const all = await call(recent, "/v1/disclosures/recent?limit=100&since_hours=999999");
    expect(all.status).toBe(200);
    expect(week).toBeGreaterThan(100);
    // since_hours=1 still sees the last day: its filings are stamped at the end of that day.
    const lastHour = await call(recent, "/v1/disclosures/recent?limit=100&since_hours=1");
    expect(lastHour.body.filings.every((f: { rceptDt: string }) => f.rceptDt === "2026-07-16")).toBe(true);
  });

  it("filters by ticker, accepting lower case", async () => {
    const res = await call(recent, "/v1/disclosures/recent?ticker=0011a0&since_hours=168");
    expect(res.status).toBe(200);
    const expected = seedFilings.filter((f) => f.ticker === "0011A0" && f.rceptDt >= "20260710").length;
    expect(expected).toBeGreaterThan(0);
    expect(res.body.filings).toHaveLength(expected);
    expect(res.body.filings.every((f: { ticker: string }) => f.ticker === "0011A0")).toBe(true);
  });

  it.each(["12345", "ABCDEFGH", "00593!", ""])("rejects ticker %j with validation_failed", async (ticker) => {
    const res = await call(recent, `/v1/disclosures/recent?ticker=${encodeURIComponent(ticker)}`);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("validation_failed");
    expect(res.body.details[0].field).toBe("ticker");
  });
});

describe("GET /v1/companies", () => {
  const search = async (q: string, limit = 20) =>
    companySearchResponse.parse((await call(companies, `/v1/companies?q=${encodeURIComponent(q)}&limit=${limit}`)).body)
      .matches;

  it("puts an exact ticker match first", async () => {
    const matches = await search("005930");
    expect(matches[0]).toMatchObject({ ticker: "005930", nameKr: "삼성전자", isExactMatch: true });
  });

  it("treats an English name without its corporate suffix as exact, ignoring case", async () => {
    const matches = await search("samsung electronics");
    expect(matches[0]).toMatchObject({ ticker: "005930", isExactMatch: true });
    expect(matches.slice(1).every((m) => !m.isExactMatch)).toBe(true);
  });

  it.each([
    ["partial Korean", "삼성전", "005930"],
    ["partial English", "samsung elec", "005930"],
    ["a typo", "samsong electronics", "005930"],
    ["an English typo", "hynixx", "000660"],
    ["a Korean name", "SK하이닉스", "000660"],
  ])("finds the company from %s (%s)", async (_kind, q, ticker) => {
    const matches = await search(q, 5);
    expect(matches.map((m) => m.ticker)).toContain(ticker);
    expect(matches[0].ticker).toBe(ticker);
  });

  it("clamps limit to 1-50", async () => {
    expect(await search("바이오", 500)).toHaveLength(50);
    expect(await search("바이오", 0)).toHaveLength(1);
  });

  it.each([
    ["missing q", "/v1/companies"],
    ["blank q", "/v1/companies?q=%20%20"],
    ["q over 200 characters", `/v1/companies?q=${"a".repeat(201)}`],
  ])("rejects %s", async (_kind, path) => {
    const res = await call(companies, path);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: "validation_failed", details: [{ field: "q" }] });
  });

  it("returns an empty list when nothing is close", async () => {
    expect(await search("zzqqxxyy")).toEqual([]);
  });
});

describe("GET /v1/companies/{ticker}", () => {
  it("returns the company", async () => {
    const res = await call(companyByTicker, "/v1/companies/005930", { ticker: "005930" });
    expect(res.status).toBe(200);
    expect(companyDto.parse(res.body)).toEqual({
      ticker: "005930",
      corpCode: "00126380",
      nameKr: "삼성전자",
      nameEn: "SAMSUNG ELECTRONICS CO,.LTD",
      market: "KOSPI",
      isExactMatch: true,
    });
  });

  it("is 404 for an unknown ticker and 400 for a malformed one", async () => {
    const missing = await call(companyByTicker, "/v1/companies/999999", { ticker: "999999" });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe("not_found");
    const bad = await call(companyByTicker, "/v1/companies/abc", { ticker: "abc" });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("validation_failed");
  });
});

describe("routing", () => {
  it("answers unknown /v1 paths with a JSON 404", async () => {
    const res = await call(unknownV1, "/v1/nope", { path: "nope" });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe("not_found");
  });

  it("answers preflights and refuses other methods with 405 Allow: GET", async () => {
    // Answered by the route layer (every API route file re-exports these), not by a proxy pass.
    const preflight = await recentRoute.OPTIONS(
      new Request("http://localhost/v1/disclosures/recent", { method: "OPTIONS" }),
      {},
    );
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-headers")).toMatch(/PAYMENT-SIGNATURE/);
    const post = await recentRoute.POST(new Request("http://localhost/v1/disclosures/recent", { method: "POST" }), {});
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET");
    expect(await post.json()).toMatchObject({ error: "method_not_allowed" });
  });
});
