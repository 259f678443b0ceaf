/**
 * The explorer's feed view through its poll route (/api/feed) and its Atom feeds, on the
 * bundled snapshot: filters narrow the rows and the window's counts alike, bad filter values
 * fall back to defaults, and nothing but free fields comes back.
 */
import { XMLParser } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as feed } from "@/app/api/feed/route";
import { GET as recentAtom } from "@/app/feeds/recent.atom/route";
import { GET as companyAtom } from "@/app/companies/[ticker]/feed.atom/route";
import { recentFilingDto } from "@/lib/interface/schemas";
import { DEFAULT_FEED_FILTERS, feedQueryString, FOR_SALE_VIEW } from "@/lib/explorer/filters";
import { filingsAvailableOffline, toFeedFilters } from "@/lib/explorer";
import { feedViewQuery } from "@/lib/interface/schemas";
import { wallClock } from "@/lib/clock";
import { getDb } from "@/lib/database";
import { ATOM_ROWS, FEED_MAX_ROWS, FEED_ROWS } from "@/lib/interface/feed-rows";
import { call, useFreshAppDatabase } from "../support/app";

let teardown: () => Promise<void>;
beforeAll(async () => {
  teardown = await useFreshAppDatabase();
  await call(feed, "/api/feed"); // opens, migrates and seeds the database
});
afterAll(async () => teardown());

interface Row {
  rcptNo: string;
  ticker: string;
  corpName: string;
  corpNameEn: string;
  eventType: string;
  importanceScore: number;
  market: string | null;
  seenAt: string;
}
interface Answer {
  filings: Row[];
  counts: {
    total: number;
    byEventType: { eventType: string; label: string; count: number }[];
    byImportance: { importance: number; count: number }[];
  };
  freshness: { mode: string; asOf: string };
}

async function view(query: string): Promise<Answer> {
  const res = await call(feed, `/api/feed${query}`);
  expect(res.status).toBe(200);
  return res.body;
}

function sum(xs: { count: number }[]): number {
  return xs.reduce((n, x) => n + x.count, 0);
}

describe("/api/feed", () => {
  it("serves the default view: the newest 15 of the last 24 hours, with the whole window's counts", async () => {
    const body = await view("");
    expect(body.filings).toHaveLength(FEED_ROWS);
    expect(body.counts.total).toBeGreaterThan(50);
    expect(sum(body.counts.byEventType)).toBe(body.counts.total);
    expect(sum(body.counts.byImportance)).toBe(body.counts.total);
    expect(body.freshness).toEqual({ mode: "snapshot", asOf: "2026-07-16T23:59:59+09:00" });
    const seen = body.filings.map((f) => f.seenAt);
    expect(seen).toEqual([...seen].sort().reverse());
    // The free resource plus placement fields, never a summary.
    for (const f of body.filings) {
      const { seenAt, eventLabel, market, summaryOffer, ...dto } = f as Row & {
        eventLabel: string;
        summaryOffer: boolean;
      };
      expect(recentFilingDto.safeParse(dto).success).toBe(true);
      expect(typeof summaryOffer).toBe("boolean"); // whether the summary can be bought, never the summary
      expect(seenAt && eventLabel).toBeTruthy();
      expect(market === null || typeof market === "string").toBe(true);
      expect(f).not.toHaveProperty("summaryEn");
    }
  });

  it("narrows rows and counts by minimum importance, event type, market and company", async () => {
    const all = await view("?hours=168");
    const important = await view("?hours=168&min=7");
    expect(important.filings.length).toBeGreaterThan(0);
    expect(important.filings.every((f) => f.importanceScore >= 7)).toBe(true);
    expect(important.counts.total).toBe(sum(all.counts.byImportance.filter((c) => c.importance >= 7)));

    const [top, second] = all.counts.byEventType;
    const typed = await view(`?hours=168&type=${top.eventType},${second.eventType}`);
    expect(typed.counts.total).toBe(top.count + second.count);
    expect(new Set(typed.filings.map((f) => f.eventType))).toEqual(new Set([top.eventType, second.eventType]));

    const kospi = await view("?hours=168&market=KOSPI");
    expect(kospi.filings.length).toBeGreaterThan(0);
    expect(kospi.filings.every((f) => f.market === "KOSPI")).toBe(true);

    for (const company of ["삼성전자", "samsung elec", "0059"]) {
      const one = await view(`?hours=168&company=${encodeURIComponent(company)}`);
      expect(one.filings.length, company).toBeGreaterThan(0);
      expect(
        one.filings.every(
          (f) =>
            f.corpName.includes(company) ||
            f.corpNameEn.toLowerCase().includes(company) ||
            f.ticker.startsWith(company),
        ),
        company,
      ).toBe(true);
    }
  });

  it("shows more of the same view's newest rows with ?rows=, clamped to 1-100", async () => {
    const first = await view("");
    const more = await view("?rows=50");
    expect(more.filings).toHaveLength(50);
    expect(more.filings.slice(0, FEED_ROWS)).toEqual(first.filings);
    expect(more.counts).toEqual(first.counts);
    expect((await view("?rows=1000")).filings).toHaveLength(Math.min(FEED_MAX_ROWS, first.counts.total));
    expect((await view("?rows=abc")).filings).toHaveLength(FEED_ROWS);
    expect(feedQueryString({ ...DEFAULT_FEED_FILTERS, rows: 50 })).toBe("?rows=50");
    expect(feedQueryString(DEFAULT_FEED_FILTERS)).toBe("");
  });

  it("on the snapshot, all days: the bundled bodies' filings on their real days, and with summary=1 only those", async () => {
    const all = await view("?hours=all&rows=100");
    expect(all.counts.total).toBeGreaterThan((await view("?hours=168")).counts.total);
    const forSale = await view(`${feedQueryString({ ...DEFAULT_FEED_FILTERS, ...FOR_SALE_VIEW })}&rows=100`);
    expect(feedQueryString({ ...DEFAULT_FEED_FILTERS, ...FOR_SALE_VIEW })).toBe("?hours=all&summary=1");
    // Every filing whose body is bundled, filed by the snapshot's last day (later ones are not in a feed).
    const bundled = (await filingsAvailableOffline(await getDb()))
      .filter((f) => f.seenAt <= "2026-07-16T14:59:59.999Z")
      .map((f) => f.rcptNo)
      .sort();
    expect(bundled.length).toBeGreaterThan(40);
    expect(forSale.counts.total).toBe(bundled.length);
    expect(forSale.filings.map((f) => f.rcptNo).sort()).toEqual(bundled);
    // On their real days: years before the snapshot's week, newest first.
    const days = forSale.filings.map((f) => f.seenAt);
    expect(days).toEqual([...days].sort().reverse());
    expect(days.at(-1)! < "2023-01-01").toBe(true);
    // Live, "all" is the widest window there is, 7 days: a live database is never counted whole.
    expect(toFeedFilters(feedViewQuery.parse({ hours: "all" }), wallClock).hours).toBe(168);
    expect(toFeedFilters(feedViewQuery.parse({ hours: "all" })).hours).toBe("all");
  });

  it("falls back to defaults for bad filter values instead of failing", async () => {
    const fallback = await view("?min=abc&hours=-5&type=not%20a%20type,,&market=%3Cscript%3E");
    const clampedHours = await view("?hours=1");
    expect(fallback.counts.total).toBe(clampedHours.counts.total);
    const defaults = await view("?min=abc&type=,&market=");
    expect(defaults.counts.total).toBe((await view("")).counts.total);
    expect((await view("?company=%25%25%25")).filings).toEqual([]); // LIKE wildcards match literally
  });
});

describe("Atom feeds", () => {
  const parser = new XMLParser({ ignoreAttributes: false });

  it("mirrors the feed view, filters included, as Atom 1.0", async () => {
    for (const query of ["", feedQueryString({ ...DEFAULT_FEED_FILTERS, min: 7, markets: ["KOSDAQ"], hours: 168 })]) {
      const res = await recentAtom(new Request(`http://localhost/feeds/recent.atom${query}`), {
        params: Promise.resolve({}),
      });
      expect(res.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
      const doc = parser.parse(await res.text());
      expect(doc.feed["@_xmlns"]).toBe("http://www.w3.org/2005/Atom");
      const ids = [doc.feed.entry].flat().map((e: { id: string }) => e.id);
      // A reader gets the view's newest ATOM_ROWS by default, where the page shows FEED_ROWS first.
      const { filings } = await view(`${query}${query ? "&" : "?"}rows=${ATOM_ROWS}`);
      expect(ids).toEqual(filings.map((f) => `urn:dart:rcept:${f.rcptNo}`));
    }
    const doc = parser.parse(
      await (
        await recentAtom(new Request("http://localhost/feeds/recent.atom?hours=168"), { params: Promise.resolve({}) })
      ).text(),
    );
    expect([doc.feed.entry].flat()).toHaveLength(ATOM_ROWS); // the snapshot week has more than that
  });

  it("has one company's filings at /companies/{ticker}/feed.atom, and 404 for an unknown ticker", async () => {
    const res = await companyAtom(new Request("http://localhost/companies/005930/feed.atom?hours=168"), {
      params: Promise.resolve({ ticker: "005930" }),
    });
    const doc = parser.parse(await res.text());
    const entries = [doc.feed.entry].flat();
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.every((e: { title: { "#text": string } }) => e.title["#text"].includes("(005930)"))).toBe(true);
    const missing = await call(companyAtom, "/companies/999999/feed.atom", { ticker: "999999" });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe("not_found");
  });
});
