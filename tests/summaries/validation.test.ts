import { describe, expect, it } from "vitest";
import { formatKrw, parseAmount, parseDate } from "@/lib/summaries/figures";
import { bodyLines, factProblem } from "@/lib/summaries/facts";
import { unboundFigures } from "@/lib/summaries/traceability";
import type { Fact } from "@/lib/summaries/types";
import { validateSummary } from "@/lib/summaries";
import { realBody, summaryInputOf } from "./support";

describe("figures in Korean filing text", () => {
  it.each([
    ["17,400,000,000원", 17_400_000_000],
    ["1,719", 1719],
    ["789억원", 78_900_000_000],
    ["1조 2,345억원", 1_234_500_000_000],
    ["5천만원", 50_000_000],
    ["12억", 1_200_000_000],
    ["3만주", 30_000],
    ["(6,000)", -6000],
    ["-793", -793],
    ["6.8", 6.8],
    ["-", null],
    ["해당사항 없음", null],
  ])("parseAmount(%s) = %s", (cell, value) => {
    expect(parseAmount(cell)).toBe(value);
  });

  it.each([
    ["2026.07.16", "2026-07-16"],
    ["2026-07-16", "2026-07-16"],
    ["2026년 7월 16일", "2026-07-16"],
    ["2029년 09월 18일", "2029-09-18"],
    ["2026. 7. 29.", "2026-07-29"],
    ["20260716", "2026-07-16"],
    ["2026-13-01", null],
  ])("parseDate(%s) = %s", (cell, iso) => {
    expect(parseDate(cell)).toBe(iso);
  });

  it("formats won amounts to four significant digits", () => {
    expect(formatKrw(17_400_000_000)).toBe("KRW 17.4 billion");
    expect(formatKrw(3_725_385_833)).toBe("KRW 3.725 billion");
    expect(formatKrw(171.5e12)).toBe("KRW 171.5 trillion");
    expect(formatKrw(154_985_105e6)).toBe("KRW 154.99 trillion");
    expect(formatKrw(1719)).toBe("KRW 1,719");
  });
});

describe("binding summary figures to declared facts", () => {
  const fact = (label: string, value: string, unit: Fact["unit"], source = "x") => ({ label, value, unit, source });
  const unbound = (summary: string, ...facts: Fact[]) => unboundFigures(summary, facts, { years: new Set() });

  it("accepts a figure rounded to fewer digits, in any scale or in words", () => {
    const guarantee = fact("guarantee amount", "3725385833", "KRW");
    expect(unbound("a guarantee of KRW 3.73 billion and KRW 3,725,385,833", guarantee)).toEqual([]);
    expect(unbound("KRW 78.9 billion", fact("contribution", "78900000000", "KRW"))).toEqual([]);
    expect(unbound("10.47 million shares", fact("shares", "10471204", "shares"))).toEqual([]);
    expect(unbound("two trillion won", fact("amount", "2000000000000", "KRW"))).toEqual([]);
  });

  it("rejects a figure rounded too far, off by the rounding step, or not among the facts (the issue's cases)", () => {
    expect(unbound("KRW 3.8 billion", fact("guarantee", "3725385833", "KRW"))).toEqual(["3.8 billion"]);
    expect(unbound("a stake of 7.1%", fact("holding", "6.71", "percent"))).toEqual(["7.1"]);
    expect(unbound("KRW 171 trillion", fact("revenue", "171500000000000", "KRW"))).toEqual(["171 trillion"]);
    expect(unbound("KRW 172 trillion", fact("revenue", "171500000000000", "KRW"))).toEqual(["172 trillion"]);
    expect(unbound("50,000 jobs", fact("jobs", "45000", "count"))).toEqual(["50,000"]);
    expect(unbound("three million shares", fact("shares", "2000000", "shares"))).toEqual(["3000000"]);
  });

  it("binds dates to date facts, in any of their written forms", () => {
    const facts = [fact("start", "2026-07-10", "date"), fact("end", "2027-06-30", "date")];
    expect(unbound("from July 10, 2026 to 30 June 2027, signed 2026-07-10", ...facts)).toEqual([]);
    expect(unbound("due in June 2027, starting July 10", ...facts)).toEqual([]);
    expect(unbound("from July 11, 2026", ...facts)).toEqual(["July 11, 2026"]);
    expect(unbound("in March 2027", ...facts)).toEqual(["March 2027"]);
  });

  it("binds a figure named as a coupon to the coupon fact, not to the yield's", () => {
    const facts = [fact("coupon", "2", "percent"), fact("yield to maturity", "6.5", "percent")];
    expect(unbound("a 2.0% coupon and a 6.5% yield to maturity", ...facts)).toEqual([]);
    expect(unbound("a 6.5% coupon and a 2.0% yield to maturity", ...facts)).toHaveLength(2);
  });

  it("treats quarter names and years the sources give as context", () => {
    expect(unboundFigures("Q2 results for 2026", [], { years: new Set([2026]) })).toEqual([]);
    expect(unboundFigures("its 5th series", [], { years: new Set() })).toEqual(["5"]);
  });
});

describe("reading facts from their source lines", () => {
  const lines = bodyLines(realBody("20260730800123")); // 단위 : 조원, %
  const revenueLine = "매출액: 당해실적 | 171.50 | 133.87 | 28.11 | - | 74.57 | 130.00 | -";
  const phoneLine = "전화번호: 02-2255-9000";

  it("reads a value in its table's unit under its label", () => {
    expect(
      factProblem(lines, { label: "revenue", value: "171500000000000", unit: "KRW", source: revenueLine }),
    ).toBeNull();
    expect(
      factProblem(lines, { label: "revenue growth year on year", value: "130", unit: "percent", source: revenueLine }),
    ).toBeNull();
  });

  it("rejects a value with another line's label, another unit, or from a line the body lacks", () => {
    expect(
      factProblem(lines, { label: "operating profit", value: "171500000000000", unit: "KRW", source: revenueLine }),
    ).toMatch(/does not match/);
    expect(factProblem(lines, { label: "revenue", value: "171500000000", unit: "KRW", source: revenueLine })).toMatch(
      /not stated/,
    );
    expect(
      factProblem(lines, { label: "revenue", value: "171500000000000", unit: "KRW", source: "매출액: 171.50" }),
    ).toMatch(/not a line/);
  });

  it("never reads a phone number as an amount, even under a declared unit", () => {
    expect(
      factProblem(lines, { label: "amount", value: "2255000000000000", unit: "KRW", source: phoneLine }),
    ).not.toBeNull();
  });
});

describe("validateSummary", () => {
  const body = "계약금액(원): 52,300,000,000\n매출액대비(%): 24.84\n계약상대: 주식회사 한국파일";
  const input = summaryInputOf({ body });
  const FACTS: Fact[] = [
    { label: "contract amount", value: "52300000000", unit: "KRW", source: "계약금액(원): 52,300,000,000" },
    { label: "share of recent revenue", value: "24.84", unit: "percent", source: "매출액대비(%): 24.84" },
  ];
  const text = (extra: string) =>
    `Test Electronics signed a supply contract worth KRW 52.3 billion, equal to 24.84% of its recent revenue. ${extra}`.padEnd(
      220,
      " The contract is material for the company.",
    );

  it("accepts a grounded English summary", () => {
    const result = validateSummary(input, { facts: FACTS, summaryEn: text(""), importanceScore: 7 });
    expect(result).toMatchObject({ ok: true, importanceScore: 7, notes: [] });
  });

  it("rejects answers of the wrong shape or score range", () => {
    expect(validateSummary(input, { facts: FACTS, summaryEn: text(""), importanceScore: 11 })).toMatchObject({
      ok: false,
    });
    expect(validateSummary(input, { facts: FACTS, summaryEn: text(""), importanceScore: 6.5 })).toMatchObject({
      ok: false,
    });
    expect(validateSummary(input, { summary: text(""), importanceScore: 7 })).toMatchObject({ ok: false });
  });

  it("clamps a score moved more than 2 from the classifier's and notes it", () => {
    const result = validateSummary(input, { facts: FACTS, summaryEn: text(""), importanceScore: 2 });
    expect(result).toMatchObject({
      ok: true,
      importanceScore: 5,
      notes: ["importanceScore 2 clamped to 5 (classifier 7)"],
    });
  });

  it("bounds the length to 200-1,200 characters", () => {
    expect(validateSummary(input, { summaryEn: "Too short.", importanceScore: 7 })).toMatchObject({
      ok: false,
      reason: expect.stringContaining("10 characters"),
    });
    expect(
      validateSummary(input, { facts: FACTS, summaryEn: text("").padEnd(1300, " More."), importanceScore: 7 }),
    ).toMatchObject({
      ok: false,
    });
  });

  it("allows Korean only as a quoted name copied from the filing", () => {
    expect(
      validateSummary(input, {
        facts: FACTS,
        summaryEn: text('The counterparty is Hangukpail ("주식회사 한국파일").'),
        importanceScore: 7,
      }),
    ).toMatchObject({ ok: true });
    expect(
      validateSummary(input, { facts: FACTS, summaryEn: text("The counterparty is 한국파일."), importanceScore: 7 }),
    ).toMatchObject({
      ok: false,
      reason: expect.stringContaining("outside a quoted name"),
    });
    expect(
      validateSummary(input, { facts: FACTS, summaryEn: text('The counterparty is "삼성물산".'), importanceScore: 7 }),
    ).toMatchObject({
      ok: false,
      reason: expect.stringContaining("does not appear in the filing"),
    });
  });

  it("rejects figures the filing does not state", () => {
    expect(
      validateSummary(input, { facts: FACTS, summaryEn: text("Revenue was KRW 210.5 billion."), importanceScore: 7 }),
    ).toMatchObject({
      ok: false,
      reason: expect.stringContaining("210.5 billion"),
    });
  });

  it("checks organisation names, but not the English title or quoted text", () => {
    const withTitle = text('It was filed as "Decision on Paid-in Capital Increase" by the company.');
    expect(validateSummary(input, { facts: FACTS, summaryEn: withTitle, importanceScore: 7 })).toMatchObject({
      ok: true,
    });
    const invented = text("The contract was arranged by Hana Securities.");
    expect(validateSummary(input, { facts: FACTS, summaryEn: invented, importanceScore: 7 })).toMatchObject({
      ok: false,
      reason: expect.stringContaining("Hana Securities"),
    });
  });

  it("requires the facts a summary states when the body was given", () => {
    expect(validateSummary(input, { summaryEn: text(""), importanceScore: 7 })).toMatchObject({
      ok: false,
      reason: expect.stringContaining("facts are missing"),
    });
  });

  it("accepts nothing without a body or structured record: a title alone grounds no summary", () => {
    const titleOnly = summaryInputOf({ body: null });
    const summary =
      "Test Electronics disclosed the conclusion of a single sales or supply contract. The filing's terms are not described here because only its title was available to the summariser at the time of writing.";
    for (const summaryEn of [summary, `${summary} This summary is based on the filing title only.`]) {
      expect(validateSummary(titleOnly, { summaryEn, importanceScore: 7 })).toMatchObject({
        ok: false,
        reason: expect.stringContaining("nothing to ground"),
      });
    }
  });
});
