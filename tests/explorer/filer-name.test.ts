/**
 * The filing page names who filed in English where that is known (issue 26): the company itself
 * by its display name, a listed filer by its directory name, an institution or the exchange's
 * market division by the name lexicon — and a person's name stays in Korean, never romanised.
 * Real filings of the bundled snapshot.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as feed } from "@/app/api/feed/route";
import { getDb } from "@/lib/database";
import { filingDetail } from "@/lib/explorer/filing";
import { call, useFreshAppDatabase } from "../support/app";

let teardown: () => Promise<void>;
beforeAll(async () => {
  teardown = await useFreshAppDatabase();
  await call(feed, "/api/feed"); // opens, migrates and seeds the database
});
afterAll(async () => teardown());

describe("the filer in English", () => {
  it.each([
    ["20260424000778", "삼성전자", "Samsung Electronics"], // the company itself
    ["20230201000070", "HD한국조선해양", "HD Korea Shipbuilding & Offshore Engineering"], // a listed filer
    ["20250319000291", "국민연금공단", "National Pension Service"], // an institution
    ["20260814803848", "유가증권시장본부", "Korea Exchange, KOSPI Market Division"], // the exchange's notice
    ["20241030000276", "형인우", null], // a person: Korean only
  ])("%s filed by %s", async (rcptNo, filer, english) => {
    const detail = await filingDetail(await getDb(), rcptNo);
    expect(detail?.filerName).toBe(filer);
    expect(detail?.filerNameEn).toBe(english);
  });

  it("a registered name with a legal word inside is shown with single spaces", async () => {
    const detail = await filingDetail(await getDb(), "20260814004224");
    expect(detail?.corpNameEn).toBe("J Steel Holdings");
  });
});
