/**
 * The explorer's search (/filings) reads the URL as /v1/filings does, and its Atom feed
 * (/feeds/filings.atom) carries the same first page as the API, on the bundled snapshot.
 */
import { XMLParser } from "fast-xml-parser";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as filingsAtom } from "@/app/feeds/filings.atom/route";
import { GET as filingsRoute } from "@/app/v1/filings/route";
import SearchPage from "@/app/filings/page";
import { serviceClock } from "@/lib/clock";
import { getDb } from "@/lib/database";
import { COMPANY_FILING_ROWS, companyProfile, cursorAfter, parseSearchParams, searchParamsWith } from "@/lib/explorer";
import { call, useFreshAppDatabase } from "../support/app";

let teardown: () => Promise<void>;
beforeAll(async () => {
  teardown = await useFreshAppDatabase();
});
afterAll(async () => teardown());

const parser = new XMLParser({ ignoreAttributes: false });

describe("the search page's URL", () => {
  it("reads a form's submission as the API reads its query: empty fields are 'any', repeated ones a list", () => {
    const parsed = parseSearchParams({
      q: "유상증자",
      ticker: "",
      market: ["KOSPI", ""],
      eventType: ["RIGHTS_OFFERING", "CONVERTIBLE_BOND_ISSUANCE"],
      minImportance: "",
      from: "2026-07-01",
    });
    expect(parsed).toEqual({
      ok: true,
      query: expect.objectContaining({
        q: ["유상증자"],
        market: ["KOSPI"],
        eventType: ["RIGHTS_OFFERING", "CONVERTIBLE_BOND_ISSUANCE"],
        from: "2026-07-01",
        limit: 20,
      }),
    });
    expect(parsed.ok && parsed.query.ticker).toBeUndefined();
  });

  it("names what is wrong with a bad search instead of failing", () => {
    const parsed = parseSearchParams({ from: "2026-02-31", eventType: "NOPE", minImportance: "99" });
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.problems.join("\n")).toMatch(/from[\s\S]*eventType[\s\S]*minImportance/);
  });

  it("builds the next page's link from the same parameters, empty ones left out", () => {
    const p = searchParamsWith({ q: "merger", ticker: "", eventType: ["A", "B"], cursor: "old" }, "next");
    expect(p.toString()).toBe("q=merger&eventType=A&eventType=B&cursor=next");
  });
});

describe("the search page", () => {
  const render = async (params: Record<string, string>) =>
    renderToStaticMarkup(await SearchPage({ searchParams: Promise.resolve(params) }));

  it("lists the matches of its URL's search, with the next page's link and the search's Atom feed", async () => {
    const html = await render({ q: "유상증자", limit: "5" });
    const api = await call(filingsRoute, `/v1/filings?q=${encodeURIComponent("유상증자")}&limit=5`);
    for (const f of api.body.filings) expect(html).toContain(`data-rcpt-no="${f.rcptNo}"`);
    expect(html).toContain(`${api.body.total} filings match`);
    expect(html).toContain(`/filings?q=%EC%9C%A0%EC%83%81%EC%A6%9D%EC%9E%90&amp;limit=5&amp;cursor=`);
    expect(html).toContain(`/feeds/filings.atom?q=%EC%9C%A0%EC%83%81%EC%A6%9D%EC%9E%90&amp;limit=5`);
  });

  it("says what is wrong with a bad search, on the page", async () => {
    const html = await render({ from: "2026-02-31", eventType: "NOPE" });
    expect(html).toContain('role="alert"');
    expect(html).toMatch(/from[\s\S]*eventType/);
  });
});

describe("GET /feeds/filings.atom", () => {
  it("carries the first page of the same search as /v1/filings", async () => {
    const query = `?q=${encodeURIComponent("유상증자")}&eventType=RIGHTS_OFFERING&limit=5`;
    const res = await filingsAtom(new Request(`http://localhost/feeds/filings.atom${query}`), {
      params: Promise.resolve({}),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
    const doc = parser.parse(await res.text());
    const ids = [doc.feed.entry ?? []].flat().map((e: { id: string }) => e.id);
    const api = await call(filingsRoute, `/v1/filings${query}`);
    expect(api.body.filings.length).toBeGreaterThan(0);
    expect(ids).toEqual(api.body.filings.map((f: { rcptNo: string }) => `urn:dart:rcept:${f.rcptNo}`));
    // The feed's own link never carries a cursor: a reader always gets the newest.
    const self = [doc.feed.link].flat().find((l: { "@_rel": string }) => l["@_rel"] === "self");
    expect(self["@_href"]).not.toContain("cursor");
  });

  it("answers a bad search 400 validation_failed", async () => {
    const res = await call(filingsAtom, "/feeds/filings.atom?minImportance=0");
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("validation_failed");
  });
});

describe("company history", () => {
  it("pages on from the last filing the company page lists, through the rest of the history", async () => {
    const ticker = "017800"; // the snapshot's busiest company: 31 filings, one more than the page lists
    const profile = (await companyProfile(await getDb(), serviceClock(), ticker))!;
    expect(profile.filings).toHaveLength(COMPANY_FILING_ROWS);
    const all = await call(filingsRoute, `/v1/filings?ticker=${ticker}&limit=100`);
    const older = await call(
      filingsRoute,
      `/v1/filings?ticker=${ticker}&limit=100&cursor=${cursorAfter(profile.filings.at(-1)!)}`,
    );
    expect(older.body.filings.map((f: { rcptNo: string }) => f.rcptNo)).toEqual(
      all.body.filings.slice(COMPANY_FILING_ROWS).map((f: { rcptNo: string }) => f.rcptNo),
    );
    expect(older.body.filings.length).toBeGreaterThan(0);
  });
});
