/**
 * A result report and the decision it reports on, linked both ways where the report names it
 * (issue 37 point 7), on the bundled snapshot: Samsung Electronics' treasury-stock acquisition
 * result of 2026-04-24 (a real body) says its decision's report was filed on 2026-03-18.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as feed } from "@/app/api/feed/route";
import { getDb } from "@/lib/database";
import { namedDecisionDay, relatedFilings } from "@/lib/explorer/related";
import { storeFilings } from "@/lib/filing-store";
import { call, useFreshAppDatabase } from "../support/app";

const RESULT = {
  rcptNo: "20260424000778",
  corpCode: "00126380",
  reportNm: "자기주식취득결과보고서",
  rceptDt: "2026-04-24",
};
const row = (rcptNo: string, day: string, reportNm: string) => ({
  rcept_no: rcptNo,
  rcept_dt: day,
  corp_code: "00126380",
  corp_name: "삼성전자",
  stock_code: "005930",
  report_nm: reportNm,
});

let teardown: () => Promise<void>;
beforeAll(async () => {
  teardown = await useFreshAppDatabase();
  await call(feed, "/api/feed"); // opens, migrates and seeds the database (the result's body included)
});
afterAll(async () => teardown());

describe("a result report and its decision", () => {
  it("reads the day a result names for its decision, in the forms DART writes it", () => {
    expect(namedDecisionDay("2. 취득보고에 관한 내용\n가. 주요사항보고서 제출일 :\n2026년 3월 18일\n")).toBe(
      "2026-03-18",
    );
    expect(namedDecisionDay("가. 주요사항보고서제출일: 2025 년 11 월 3 일")).toBe("2025-11-03");
    expect(namedDecisionDay("나. 취득기간 : 2026년 3월 18일 부터")).toBeNull();
  });

  it("links the result to the decision filed that day, and the decision back to it; nothing else", async () => {
    const db = await getDb();
    await storeFilings(db, [
      row("20260318000501", "20260318", "주요사항보고서(자기주식취득결정)"),
      // The same kind on another day, and another kind on the day: neither is the one named.
      row("20260317000502", "20260317", "주요사항보고서(자기주식취득결정)"),
      row("20260318000503", "20260318", "주요사항보고서(자기주식처분결정)"),
    ]);
    const fromResult = await relatedFilings(db, RESULT, null);
    expect(fromResult.decision).toEqual({
      rcptNo: "20260318000501",
      reportNm: "주요사항보고서(자기주식취득결정)",
      rceptDt: "2026-03-18",
    });
    expect(fromResult.results).toEqual([]);

    const decision = { rcptNo: "20260318000501", corpCode: "00126380", reportNm: "주요사항보고서(자기주식취득결정)" };
    const fromDecision = await relatedFilings(db, { ...decision, rceptDt: "2026-03-18" }, null);
    expect(fromDecision.results.map((r) => r.rcptNo)).toEqual([RESULT.rcptNo]);
    expect(fromDecision.decision).toBeNull();

    const other = await relatedFilings(
      db,
      {
        rcptNo: "20260317000502",
        corpCode: "00126380",
        reportNm: "주요사항보고서(자기주식취득결정)",
        rceptDt: "2026-03-17",
      },
      null,
    );
    expect(other.results).toEqual([]);
  });
});
