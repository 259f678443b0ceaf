/**
 * What the explorer says before anyone buys (issue 26), on the bundled snapshot: "Buy the latest
 * N" proposes the N that by-ticker delivers (checked against by-ticker's own delivery), and a
 * filing page names the facts its summary states without any of their values.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as feed } from "@/app/api/feed/route";
import { getDb } from "@/lib/database";
import { snapshotClock } from "@/lib/clock";
import { companyProfile } from "@/lib/explorer/company";
import { filingDetail } from "@/lib/explorer/filing";
import { coveredDays, deliveredFor, proposedLimit } from "@/lib/explorer/latest-summaries";
import { SAMPLE_FACTS } from "@/lib/interface/samples";
import { deliverLatestSummaries, findSellableFilingsOf } from "@/lib/payments";
import { getOrCreateSummaryWithFacts } from "@/lib/summaries";
import { call, useFreshAppDatabase } from "../support/app";

let teardown: () => Promise<void>;
beforeAll(async () => {
  teardown = await useFreshAppDatabase();
  await call(feed, "/api/feed"); // opens, migrates and seeds the database
});
afterAll(async () => teardown());

describe("the N Buy the latest N proposes", () => {
  it("is the run of ready summaries at the top, and says how many of any N come back", () => {
    expect(proposedLimit(["ready", "ready", "none", "ready"])).toBe(2);
    expect(proposedLimit(["none", "ready"])).toBe(0);
    expect(proposedLimit(["maybe", "ready"])).toBe(0);
    expect(proposedLimit(["ready", "ready"])).toBe(2);
    expect(proposedLimit([])).toBe(0);
    expect(deliveredFor(["ready", "none", "maybe", "ready"], 3)).toEqual({ ready: 1, maybe: 1 });
    expect(deliveredFor(["ready"], 50)).toEqual({ ready: 1, maybe: 0 });
  });

  it("names the days of the filings it covers", () => {
    const f = (rceptDt: string) => ({ rcptNo: rceptDt.replace(/-/g, "") + "000001", rceptDt, reportNmEn: "x" });
    const filings = ["2026-04-24", "2022-08-16", "2021-03-02", "2020-01-05"].map(f);
    expect(coveredDays(filings, 1)).toBe("2026-04-24");
    expect(coveredDays(filings, 2)).toBe("2026-04-24 and 2022-08-16");
    expect(coveredDays(filings, 3)).toBe("2026-04-24, 2022-08-16 and 2021-03-02");
    expect(coveredDays(filings, 4)).toBe("2026-04-24, 2022-08-16, 2021-03-02 and 1 more");
  });

  // HMM holds a corpus filing that states none of its type's key facts (no_facts) among its bodies.
  it.each(["011200", "005930", "068270"])(
    "is what by-ticker delivers for %s, and a larger N delivers what the page says",
    async (ticker) => {
      const db = await getDb();
      const company = await companyProfile(db, snapshotClock(), ticker);
      const states = company!.latestSummaries;
      const n = proposedLimit(states);
      expect(n, `${ticker}: ${states.join(",")}`).toBeGreaterThan(0);
      const deliver = async (limit: number) =>
        (await deliverLatestSummaries(db, ticker, limit, await findSellableFilingsOf(db, ticker, limit))).body;
      const proposed = await deliver(n);
      expect(proposed).toMatchObject({ chargedFor: n, delivered: n });
      // The filings it names (with their days) before signing are the ones delivered (issue 37).
      expect(proposed.summaries.map((x) => x.rcptNo)).toEqual(
        company!.latestSummaryFilings.slice(0, n).map((f) => f.rcptNo),
      );
      expect(coveredDays(company!.latestSummaryFilings, n)).toMatch(/^\d{4}-\d{2}-\d{2}/);
      const more = Math.min(states.length + 1, 50);
      expect((await deliver(more)).delivered).toBe(deliveredFor(states, more).ready);
    },
  );
});

describe("a filing page before payment", () => {
  it("names the facts its summary states, and none of their values", async () => {
    const db = await getDb();
    const rcptNo = "20260424000778";
    const before = await filingDetail(db, rcptNo);
    expect(before!.summary).toMatchObject({ available: true, freeSample: false });
    const covers = before!.summary.covers!;
    expect(covers.length).toBeGreaterThan(0);
    const { facts, summary } = await getOrCreateSummaryWithFacts(db, rcptNo);
    const page = JSON.stringify(await filingDetail(db, rcptNo));
    expect(page).not.toContain(summary.summaryEn.slice(0, 60));
    for (const fact of facts) {
      if (/\d/.test(fact.text)) expect(page, fact.text).not.toContain(fact.text);
      expect(page, fact.source.value).not.toContain(JSON.stringify(fact.source.value));
    }
    // Every name is the English label of one of the summary's facts.
    const labels = new Set(facts.map((f) => f.label));
    for (const name of covers) expect(labels, name).toContain(name);
  });

  it("marks the free sample's filing, which is never sold", async () => {
    const sample = await filingDetail(await getDb(), SAMPLE_FACTS.rcptNo);
    if (sample) expect(sample.summary).toMatchObject({ available: false, freeSample: true });
  });
});
