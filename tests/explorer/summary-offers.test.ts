/**
 * Which feed rows offer an English summary, and the feed's "has summary" filter, on the bundled
 * snapshot: a row offers one exactly when its summary can be bought (the availability the paid
 * routes use), and the filter narrows rows and counts alike. No summary text is ever in a row.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as feed } from "@/app/api/feed/route";
import { GET as availability } from "@/app/v1/disclosures/availability/route";
import { recentFilings } from "@/db/queries";
import { getFilingDocument, storeFilingDocument } from "@/db/queries/summaries";
import { getDb } from "@/lib/database";
import { serviceClock } from "@/lib/clock";
import { companyProfile, filingsAvailableOffline } from "@/lib/explorer";
import { call, useFreshAppDatabase } from "../support/app";

let teardown: () => Promise<void>;
beforeAll(async () => {
  teardown = await useFreshAppDatabase();
});
afterAll(async () => teardown());

interface Row {
  rcptNo: string;
  summaryOffer: boolean;
  eventType: string;
}

async function view(query: string): Promise<{ filings: Row[]; counts: { total: number } }> {
  const res = await call(feed, `/api/feed${query}`);
  expect(res.status).toBe(200);
  return res.body;
}

async function sellable(rcptNo: string): Promise<boolean> {
  const res = await call(availability, `/v1/disclosures/availability?rcptNo=${rcptNo}`);
  return res.body.summaryAvailable;
}

describe("summary offers", () => {
  it("marks a company's rows as the availability endpoint answers, never with summary text", async () => {
    const db = await getDb();
    // Some bundled bodies are dated after the snapshot's clock: reachable by receipt number only.
    const bundled = (await filingsAvailableOffline(db)).find((f) => f.seenAt <= serviceClock().now().toISOString())!;
    const profile = (await companyProfile(db, serviceClock(), bundled.ticker))!;
    const offered = profile.filings.filter((f) => f.summaryOffer);
    expect(offered.map((f) => f.rcptNo)).toContain(bundled.rcptNo);
    for (const f of profile.filings) {
      expect(f.summaryOffer, f.rcptNo).toBe(await sellable(f.rcptNo));
      expect(Object.keys(f).some((k) => /summaryEn|keyPoints/.test(k))).toBe(false);
    }
  });

  it("narrows the feed to filings whose summary can be bought, rows and counts alike", async () => {
    const week = await view("?hours=168&rows=100");
    expect(week.filings.every((f) => !f.summaryOffer)).toBe(true); // the bundled bodies are older than the week
    expect((await view("?hours=168&summary=1&rows=2")).counts.total).toBe(0); // (feed views are cached a few seconds by their query)

    // A filing of the week gets a stored body of its own type (one bundled with the snapshot):
    // it becomes sellable, and the only row of the filtered view.
    const db = await getDb();
    const clock = serviceClock();
    const weekViews = await recentFilings(db, {
      limit: 1000,
      since: new Date(clock.now().getTime() - 168 * 3_600_000),
      until: clock.now(),
    });
    let pair: { body: string; rcptNo: string } | undefined;
    for (const bundled of await filingsAvailableOffline(db)) {
      const document = await getFilingDocument(db, bundled.rcptNo);
      const twin = weekViews.find((v) => v.filing.reportNm.trim() === bundled.reportNm.trim());
      if (document?.text && twin) pair = { body: document.text, rcptNo: twin.filing.rcptNo };
      if (pair) break;
    }
    expect(pair, "a bundled body whose title a filing of the week shares").toBeDefined();
    const sameType = weekViews.find((v) => v.filing.rcptNo === pair!.rcptNo);
    const body = pair!.body;
    await storeFilingDocument(db, sameType!.filing.rcptNo, { status: "ok", text: body });
    expect(await sellable(sameType!.filing.rcptNo)).toBe(true);

    const only = await view("?hours=168&summary=1");
    expect(only.filings.map((f) => f.rcptNo)).toEqual([sameType!.filing.rcptNo]);
    expect(only.filings[0].summaryOffer).toBe(true);
    expect(only.counts.total).toBe(1);
    // Other filters still apply on top of it.
    const otherType = week.filings.find((f) => f.eventType !== only.filings[0].eventType)!.eventType;
    expect((await view(`?hours=168&summary=1&type=${otherType}`)).counts.total).toBe(0);
    const unfiltered = await view("?hours=168&rows=99");
    expect(unfiltered.filings.filter((f) => f.summaryOffer).map((f) => f.rcptNo)).toEqual(
      unfiltered.filings.some((f) => f.rcptNo === sameType!.filing.rcptNo) ? [sameType!.filing.rcptNo] : [],
    );
  });

  it("keeps summary=1 in the canonical URL and ignores other values", async () => {
    const { feedQueryString, DEFAULT_FEED_FILTERS } = await import("@/lib/explorer/filters");
    expect(feedQueryString({ ...DEFAULT_FEED_FILTERS, summary: true })).toBe("?summary=1");
    expect((await view("?hours=168&summary=yes")).counts.total).toBe((await view("?hours=168")).counts.total);
  });
});
