/**
 * GET /v1/filings on the bundled snapshot (PGlite, or PostgreSQL under DATABASE_URL): history
 * over any range, its filters, ranked words, cursor paging and its 400s.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, useFreshAppDatabase } from "../support/app";
import { FILINGS_TOTAL_CAP, filingsResponse, type RecentFilingDto } from "@/lib/interface/schemas";
import { GET as filingsRoute } from "@/app/v1/filings/route";
import seedFilings from "@/lib/seed/filings.json";

let teardown: () => Promise<void>;
beforeAll(async () => {
  teardown = await useFreshAppDatabase();
});
afterAll(async () => teardown());

/** The snapshot's filings up to its "now" (the end of 2026-07-16, KST). */
const held = seedFilings.filter((f) => f.ticker && f.rceptDt <= "20260716");

async function page(query: string) {
  const res = await call(filingsRoute, `/v1/filings${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return filingsResponse.parse(res.body); // strict: exactly the published shape
}

/** Every row of a query, following nextCursor. */
async function allPages(query: string): Promise<{ rows: RecentFilingDto[]; total: number; pages: number }> {
  const rows: RecentFilingDto[] = [];
  let cursor: string | null = null;
  let total = -1;
  let pages = 0;
  do {
    const sep: string = query ? "&" : "?";
    const p = await page(`${query}${cursor ? `${sep}cursor=${encodeURIComponent(cursor)}` : ""}`);
    rows.push(...p.filings);
    total = p.total;
    cursor = p.nextCursor;
    pages += 1;
  } while (cursor);
  return { rows, total, pages };
}

describe("GET /v1/filings", () => {
  it("pages through the whole history, newest first, each filing once; total says 'at least' past its cap", async () => {
    const { rows, total, pages } = await allPages("?limit=100");
    // total is exact up to its cap; the pages hold every filing all the same.
    expect(held.length).toBeGreaterThan(FILINGS_TOTAL_CAP);
    expect(total).toBe(FILINGS_TOTAL_CAP);
    expect(rows).toHaveLength(held.length);
    expect(new Set(rows.map((r) => r.rcptNo)).size).toBe(rows.length);
    expect(pages).toBe(Math.ceil(held.length / 100));
    const days = rows.map((r) => r.rceptDt);
    expect(days).toEqual([...days].sort().reverse());
  });

  it("answers 20 rows by default with the feed's cache headers and an ETag", async () => {
    const res = await call(filingsRoute, "/v1/filings");
    expect(res.body.filings).toHaveLength(20);
    expect(res.headers.get("cache-control")).toMatch(/s-maxage=15/);
    const etag = res.headers.get("etag")!;
    expect(etag).toBeTruthy();
    const again = await call(filingsRoute, "/v1/filings", {}, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
  });

  it("keeps to a KST date range", async () => {
    const expected = held.filter((f) => f.rceptDt >= "20260713" && f.rceptDt <= "20260714");
    const { rows, total } = await allPages("?from=2026-07-13&to=2026-07-14&limit=100");
    expect(total).toBe(expected.length);
    expect(rows.map((r) => r.rcptNo).sort()).toEqual(expected.map((f) => f.rcptNo).sort());
    // A range reaching back years holds the corpus filings too.
    const old = await page("?to=2025-12-31&limit=100");
    expect(old.total).toBe(held.filter((f) => f.rceptDt <= "20251231").length);
    expect(old.total).toBeGreaterThan(0);
    expect(old.filings.every((f) => f.rceptDt <= "2025-12-31")).toBe(true);
  });

  it("narrows by ticker, event types (repeated or comma-separated), importance and market", async () => {
    const samsung = await page("?ticker=005930&limit=100");
    expect(samsung.total).toBe(held.filter((f) => f.ticker === "005930").length);
    expect(samsung.filings.every((f) => f.ticker === "005930")).toBe(true);

    const repeated = await page("?eventType=RIGHTS_OFFERING&eventType=CONVERTIBLE_BOND_ISSUANCE&limit=100");
    const comma = await page("?eventType=rights_offering,CONVERTIBLE_BOND_ISSUANCE&limit=100");
    expect(repeated.total).toBeGreaterThan(0);
    expect(comma).toEqual(repeated);
    expect(new Set(repeated.filings.map((f) => f.eventType))).toEqual(
      new Set(["RIGHTS_OFFERING", "CONVERTIBLE_BOND_ISSUANCE"]),
    );

    const important = await page("?minImportance=7&limit=100");
    expect(important.total).toBeGreaterThan(0);
    expect(important.filings.every((f) => f.importanceScore >= 7)).toBe(true);

    const kospi = await page("?market=KOSPI&limit=100");
    const kosdaq = await page("?market=KOSDAQ&limit=100");
    const expectedKospi = held.filter((f) => f.market === "KOSPI");
    expect(kospi.total).toBeGreaterThan(0);
    expect(kospi.filings.map((f) => f.rcptNo).some((r) => kosdaq.filings.some((k) => k.rcptNo === r))).toBe(false);
    expect(kospi.total).toBeLessThanOrEqual(expectedKospi.length);
  });

  it("finds words in the Korean title, the English label and the company's names; every word must appear", async () => {
    const korean = await allPages("?q=유상증자&limit=100");
    const expected = held.filter((f) => f.reportNm.includes("유상증자") || f.corpName.includes("유상증자"));
    expect(korean.total).toBe(expected.length);
    expect(korean.rows.map((r) => r.rcptNo).sort()).toEqual(expected.map((f) => f.rcptNo).sort());

    const english = await page("?q=convertible&limit=100");
    expect(english.total).toBeGreaterThan(0);
    for (const f of english.filings) {
      expect(`${f.reportNmEn} ${f.reportNm} ${f.corpName} ${f.corpNameEn}`.toLowerCase()).toContain("convertible");
    }

    const both = await page(`?q=${encodeURIComponent("삼성 반기보고서")}&limit=100`);
    expect(both.total).toBeGreaterThan(0);
    for (const f of both.filings) {
      expect(`${f.reportNm} ${f.corpName}`).toContain("반기보고서");
      expect(`${f.reportNm} ${f.corpName} ${f.corpNameEn}`.toLowerCase()).toMatch(/삼성|samsung/);
    }
    expect((await page("?q=zzqqxxnotaword")).total).toBe(0);
  });

  it("ranks filings of companies named by the words first, then newest, and pages ranked results by position", async () => {
    const ranked = await allPages("?q=samsung&limit=7");
    expect(ranked.total).toBeGreaterThan(7);
    expect(ranked.rows).toHaveLength(ranked.total);
    expect(new Set(ranked.rows.map((r) => r.rcptNo)).size).toBe(ranked.total);
    const named = ranked.rows.map((r) => /samsung/i.test(r.corpNameEn));
    // Once a row whose company is not named appears, no named one follows.
    expect(named.indexOf(false) === -1 || !named.slice(named.indexOf(false)).includes(true)).toBe(true);
    expect(named[0]).toBe(true);
  });

  it.each([
    ["from=2026-13-01", "from"],
    ["to=yesterday", "to"],
    ["from=2026-07-16&to=2026-07-01", "from"],
    ["eventType=NOT_A_TYPE", "eventType.0"],
    ["minImportance=0", "minImportance"],
    ["minImportance=11", "minImportance"],
    ["minImportance=high", "minImportance"],
    ["market=NYSE", "market.0"],
    ["ticker=00593!", "ticker"],
    ["cursor=not-a-cursor", "cursor"],
    [`cursor=${Buffer.from('{"o":-1}').toString("base64url")}`, "cursor"],
    ["q=", "q"],
    [`q=${"x".repeat(201)}`, "q"],
  ])("rejects %s with 400 validation_failed", async (query, field) => {
    const res = await call(filingsRoute, `/v1/filings?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("validation_failed");
    expect(res.body.details.map((d: { field: string }) => d.field)).toContain(field);
  });

  it("clamps limit as recent does", async () => {
    expect((await page("?limit=1000")).filings).toHaveLength(100);
    expect((await page("?limit=0")).filings).toHaveLength(1);
    expect((await page("?limit=abc")).filings).toHaveLength(20);
  });

  it("never returns a summary", async () => {
    const res = await call(filingsRoute, "/v1/filings?limit=100");
    expect(JSON.stringify(res.body)).not.toContain("summaryEn");
  });
});
