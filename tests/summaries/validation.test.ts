import { describe, expect, it } from "vitest";
import { formatKrw, parseAmount, parseDate } from "@/lib/summaries/figures";
import { indexSourceFigures, untracedFigures } from "@/lib/summaries/traceability";
import { validateSummary } from "@/lib/summaries";
import { realBody, summaryInputOf } from "./support";

const traced = (summary: string, ...sources: string[]) => untracedFigures(summary, indexSourceFigures(sources));

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
    expect(formatKrw(1719)).toBe("KRW 1,719");
  });
});

describe("tracing summary figures to the source", () => {
  it("normalises separators, Korean units, English scales and rounding before comparing", () => {
    expect(traced("a guarantee of KRW 3.73 billion and KRW 3,725,385,833", "채무보증금액(원): 3,725,385,833")).toEqual([]);
    expect(traced("KRW 78.9 billion", "출연금액: 789억원")).toEqual([]);
    expect(traced("KRW 1.2345 trillion, or 1.2 trillion", "1조 2,345억원")).toEqual([]);
    expect(traced("10.47 million shares", "주식수: 10,471,204")).toEqual([]);
    expect(traced("about 18,000,000,000 won", "18,000,000,000")).toEqual([]);
  });

  it("rejects a figure rounded the wrong way or not in the source", () => {
    expect(traced("KRW 3.8 billion", "3,725,385,833")).toEqual(["3.8 billion"]);
    expect(traced("a stake of 7.1%", "보유비율: 6.71")).toEqual(["7.1"]);
    expect(traced("a combined KRW 12.3 billion", "3,725,385,833 | 8,600,000,000")).toEqual(["12.3 billion"]);
  });

  it("scales bare table figures by the unit the document declares", () => {
    const body = realBody("20260730800123"); // 단위 : 조원
    expect(traced("Revenue was KRW 171.5 trillion, operating profit KRW 89.49 trillion, up 1,813.83%.", body)).toEqual([]);
    expect(traced("Revenue was KRW 171.5 billion.", body)).toEqual(["171.5 billion"]);
  });

  it("accepts dates in any of DART's forms and rejects dates the source lacks", () => {
    const source = "계약기간: 시작일 | 2026.07.10\n종료일: 2027년 6월 30일\n계약일자: 2026-07-09";
    expect(traced("from July 10, 2026 to 30 June 2027, signed 2026-07-09", source)).toEqual([]);
    expect(traced("signed on July 9 and due in June 2027", source)).toEqual([]);
    expect(traced("from July 11, 2026", source)).toEqual(["July 11, 2026"]);
    expect(traced("in March 2027", source)).toEqual(["March 2027"]);
  });

  it("reads percentages, ordinals and quarters as the numbers they contain", () => {
    expect(traced("its series 4 bonds, Q2 results, up 28.11%", "제4회차 2분기 28.11")).toEqual([]);
    expect(traced("its 5th series", "제4회차")).toEqual(["5"]);
  });
});

describe("validateSummary", () => {
  const body = "계약금액(원): 52,300,000,000\n매출액대비(%): 24.84\n계약상대: 주식회사 한국파일";
  const input = summaryInputOf({ body });
  const text = (extra: string) =>
    `Test Electronics signed a supply contract worth KRW 52.3 billion, equal to 24.84% of its recent revenue. ${extra}`.padEnd(
      220,
      " The contract is material for the company.",
    );

  it("accepts a grounded English summary", () => {
    const result = validateSummary(input, { summaryEn: text(""), importanceScore: 7 });
    expect(result).toMatchObject({ ok: true, importanceScore: 7, notes: [] });
  });

  it("rejects answers of the wrong shape or score range", () => {
    expect(validateSummary(input, { summaryEn: text(""), importanceScore: 11 })).toMatchObject({ ok: false });
    expect(validateSummary(input, { summaryEn: text(""), importanceScore: 6.5 })).toMatchObject({ ok: false });
    expect(validateSummary(input, { summary: text(""), importanceScore: 7 })).toMatchObject({ ok: false });
  });

  it("clamps a score moved more than 2 from the classifier's and notes it", () => {
    const result = validateSummary(input, { summaryEn: text(""), importanceScore: 2 });
    expect(result).toMatchObject({ ok: true, importanceScore: 5, notes: ["importanceScore 2 clamped to 5 (classifier 7)"] });
  });

  it("bounds the length to 200-1,200 characters", () => {
    expect(validateSummary(input, { summaryEn: "Too short.", importanceScore: 7 })).toMatchObject({
      ok: false,
      reason: expect.stringContaining("10 characters"),
    });
    expect(validateSummary(input, { summaryEn: text("").padEnd(1300, " More."), importanceScore: 7 })).toMatchObject({
      ok: false,
    });
  });

  it("allows Korean only as a quoted name copied from the filing", () => {
    expect(validateSummary(input, { summaryEn: text('The counterparty is Hangukpail ("주식회사 한국파일").'), importanceScore: 7 }))
      .toMatchObject({ ok: true });
    expect(validateSummary(input, { summaryEn: text("The counterparty is 한국파일."), importanceScore: 7 })).toMatchObject({
      ok: false,
      reason: expect.stringContaining("outside a quoted name"),
    });
    expect(validateSummary(input, { summaryEn: text('The counterparty is "삼성물산".'), importanceScore: 7 })).toMatchObject({
      ok: false,
      reason: expect.stringContaining("does not appear in the filing"),
    });
  });

  it("rejects figures the filing does not state", () => {
    expect(validateSummary(input, { summaryEn: text("Revenue was KRW 210.5 billion."), importanceScore: 7 })).toMatchObject({
      ok: false,
      reason: expect.stringContaining("210.5 billion"),
    });
  });

  it("requires a title-only summary to say so", () => {
    const titleOnly = summaryInputOf({ body: null });
    const summary =
      "Test Electronics disclosed the conclusion of a single sales or supply contract. The filing's terms are not described here because only its title was available to the summariser at the time of writing.";
    expect(validateSummary(titleOnly, { summaryEn: summary, importanceScore: 7 })).toMatchObject({ ok: false });
    expect(
      validateSummary(titleOnly, { summaryEn: `${summary} This summary is based on the filing title only.`, importanceScore: 7 }),
    ).toMatchObject({ ok: true });
  });
});
