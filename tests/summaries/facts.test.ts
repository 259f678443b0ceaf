/**
 * Fact sheets over every real body here (tests/summaries/corpus.ts: 54 corpus bodies in
 * DART's XML and HTML forms, 13 rendered 2026 bodies, the half-year report) and the real DS005
 * record: each yields a sheet without error, every fact's Korean cells are found verbatim in
 * its source, and the sheet reads units, columns, groups, corrections and qualifiers as the
 * forms mean them. Bodies marked CONSTRUCTED (tests/fixtures/documents/constructed.ts) follow
 * the OpenDART field layouts with invented figures, for types no real body was found for.
 */
import { describe, expect, it } from "vitest";
import { buildFactSheet, hasKeyFacts, type FactSheet, type SheetFact } from "@/lib/summaries";
import { formatValue, structuredText } from "@/lib/summaries/facts";
import * as constructed from "../fixtures/documents/constructed";
import { realInput, realSources, REAL_RCPT_NOS, structuredInput } from "./corpus";
import { summaryInputOf } from "./support";

const byRole = (sheet: FactSheet, role: string): SheetFact | undefined => sheet.facts.find((f) => f.role === role);
const value = (sheet: FactSheet, role: string) => byRole(sheet, role)?.value;
const sheetOf = (rcptNo: string) => buildFactSheet(realInput(rcptNo));

/** Real bodies that state none of their type's key facts: never sold (reason no_facts). */
const NOT_SOLD: Readonly<Record<string, string>> = {
  "20260330000792": "outside-director change whose fields the source left blank",
  "20260814803848": "the exchange's notice on STX, prose only",
  "20260820800237": "the exchange's notice on STX, prose only",
  "20231219800001": "HMM's preferred-bidder notice, prose only",
};

describe("fact sheets of every real body", () => {
  const sources = realSources();

  it("covers the 68 real bodies and the DS005 record, each read without error", () => {
    expect(REAL_RCPT_NOS).toHaveLength(68);
    expect(sources).toHaveLength(69);
    // The outside-director change (its form left blank) and the exchange's prose notices on STX state no fact with a role.
    expect(sources.filter(({ sheet }) => sheet.facts.length === 0).map(({ input }) => input.rcptNo)).toEqual([
      "20260330000792",
      "20260814803848",
      "20260820800237",
    ]);
  });

  it("finds every fact's Korean label, value, section and column verbatim in its source", () => {
    let cells = 0;
    for (const { input, sheet } of sources) {
      const text = [input.body ?? "", structuredText(input.structured)].join("\n");
      const sourced = [
        ...sheet.facts.map((fact) => ({ what: fact.id, source: fact.source })),
        ...sheet.cells.map((source, i) => ({ what: `cell ${i}`, source })),
      ];
      for (const { what, source } of sourced) {
        for (const cell of [source.label, source.value, source.column]) {
          if (cell === undefined) continue;
          cells += 1;
          expect(text, `${input.rcptNo} ${what}`).toContain(cell);
        }
        for (const part of (source.section ?? "").split(" / ").filter((p) => !p.startsWith("DART structured"))) {
          expect(text, `${input.rcptNo} ${what} section`).toContain(part);
        }
      }
    }
    expect(cells).toBeGreaterThan(1500);
  });

  it("gives ids f1, f2, … in order, and the same sheet for the same input", () => {
    for (const { input, sheet } of sources) {
      expect(sheet.facts.map((f) => f.id)).toEqual(sheet.facts.map((_, i) => `f${i + 1}`));
      expect(buildFactSheet(input)).toEqual(sheet);
    }
  });

  it("holds a key fact for every real body but the four that state none, which are not sold", () => {
    const unsold = sources.filter(({ sheet }) => !hasKeyFacts(sheet)).map(({ input }) => input.rcptNo);
    expect(unsold.sort()).toEqual(Object.keys(NOT_SOLD).sort());
  });
});

describe("reading the forms as they mean", () => {
  it("scales bare figures by their table's unit: 조원, 백만원, 억원, 천주", () => {
    expect(value(sheetOf("20260730800123"), "revenue.current")).toBe(171.5e12); // 단위 : 조원
    expect(value(sheetOf("20220816001711"), "revenue.current")).toBe(154_985_105e6); // 단위 : 백만원
    const loss = buildFactSheet(
      summaryInputOf({
        eventType: "PRELIMINARY_RESULTS",
        reportNm: "영업(잠정)실적(공정공시)",
        body: constructed.PRELIMINARY_LOSS,
      }),
    );
    expect(value(loss, "operating_profit.current")).toBe(-120e8); // 단위 : 억원 (CONSTRUCTED)
    const thousands = buildFactSheet(
      summaryInputOf({
        eventType: "TREASURY_STOCK_ACQUISITION",
        reportNm: "주요사항보고서(자기주식취득결정)",
        body: "자기주식 취득 결정\n1. 취득예정주식(천주): 보통주식 | 1,500\n2. 취득예정금액(원): 보통주식 | 45,000,000,000",
      }),
    );
    expect(byRole(thousands, "treasury.shares")).toMatchObject({ value: 1_500_000, text: "1,500,000 common shares" });
  });

  it("reads a 5% report's share counts and percentages from their own columns", () => {
    const sheet = sheetOf("20241030000276"); // Alteogen, 형인우: 1,700,000 (6.05%) → 2,662,000 (4.99%)
    expect(value(sheet, "holding.before_shares")).toBe(1_700_000);
    expect(value(sheet, "holding.before_percent")).toBe(6.05);
    expect(value(sheet, "holding.after_shares")).toBe(2_662_000);
    expect(byRole(sheet, "holding.after_percent")).toMatchObject({ value: 4.99, text: "4.99%", kind: "percent" });
    expect(byRole(sheet, "holding.holder")?.text).toBe("Hyung Inwoo"); // the report's own English
  });

  it("keeps a form's notes and correction blocks apart from its fields", () => {
    const earnings = sheetOf("20260730800123"); // 정정전 171.00 / 정정후 171.50
    expect(value(earnings, "revenue.first_reported")).toBe(171e12);
    expect(value(earnings, "revenue.current")).toBe(171.5e12);
    const intel = sheetOf("20250317000576"); // the correction block's 정정전 date is not the closing date
    expect(value(intel, "transfer.date")).toBe("2025-03-31");
    const succession = sheetOf("20241224800227"); // the notes name the original counterparty
    expect(byRole(succession, "contract.counterparty")?.text).toBe(
      "VIETNAM SUNERGY CELL COMPANY LIMITED, VSUN CHINA CO.,LTD.",
    );
  });

  it("keeps qualifiers: the acquired business's revenue is not the company's", () => {
    const intel = sheetOf("20250317000576");
    expect(value(intel, "transfer.target_revenue")).toBe(4_652_281_600_000);
    expect(value(intel, "transfer.company_revenue")).toBe(26_990_732_675_981);
    const spinOff = buildFactSheet(
      summaryInputOf({ eventType: "SPIN_OFF", reportNm: "주요사항보고서(회사분할결정)", body: constructed.SPIN_OFF }),
    );
    expect(byRole(spinOff, "spinoff.remaining_revenue")).toMatchObject({ value: 402_500_000_000 });
    expect(byRole(spinOff, "spinoff.remaining_revenue")?.label).toBe("revenue of the business the company keeps");
    expect(spinOff.facts.some((f) => f.role === "revenue.current")).toBe(false);
  });

  it("names the period of a results filing", () => {
    expect(byRole(sheetOf("20260730800123"), "results.period")?.text).toBe("the second quarter of 2026");
    expect(byRole(sheetOf("20220816001711"), "results.period")?.text).toBe("the first half of 2022");
    expect(byRole(sheetOf("20260814903169"), "results.period")?.text).toBe("the second quarter of 2026"); // IR: 2026년 2분기
  });

  it("reads amounts in US dollars as dollars", () => {
    expect(byRole(sheetOf("20230403003950"), "bond.face_value_foreign")).toMatchObject({
      value: 1.5e9,
      unit: "USD",
      text: "USD 1.5 billion",
    });
    expect(byRole(sheetOf("20250317900376"), "licence.upfront")).toMatchObject({
      value: 20e6,
      unit: "USD",
      text: "USD 20 million",
    });
    expect(byRole(sheetOf("20260206801724"), "transfer.amount")).toMatchObject({
      value: 100,
      unit: "USD",
      text: "USD 100",
    });
  });

  it("never guesses a role: a label the dictionary does not know is a cell listed apart, in Korean, never a fact", () => {
    const sheet = buildFactSheet(
      summaryInputOf({
        body: "단일판매ㆍ공급계약체결\n2. 계약내역: 계약금액(원) | 52,300,000,000\n특별장려금(원): 1,200,000,000\n선급금수령일: 2026-08-01",
      }),
    );
    expect(byRole(sheet, "contract.amount")?.value).toBe(52_300_000_000);
    expect(sheet.facts.map((f) => f.role)).toEqual(["contract.amount"]);
    expect(sheet.cells).toEqual([
      { label: "특별장려금(원)", value: "1,200,000,000", section: "2. 계약내역" },
      { label: "선급금수령일", value: "2026-08-01", section: "2. 계약내역" },
    ]);
  });

  it("reads DART's structured record with the form's own labels", () => {
    const sheet = buildFactSheet(structuredInput());
    expect(byRole(sheet, "bond.face_value")).toMatchObject({
      value: 18_000_000_000,
      source: { section: "DART structured record (cvbdIsDecsn)" },
    });
    expect(value(sheet, "bond.coupon")).toBe(2);
    expect(value(sheet, "bond.yield")).toBe(6.5);
    expect(value(sheet, "bond.conversion_price")).toBe(1719);
    expect(value(sheet, "bond.floor")).toBe(1203);
  });

  it("reads CONSTRUCTED dividend, merger and spin-off forms (OpenDART field layouts, invented figures)", () => {
    const dividend = buildFactSheet(
      summaryInputOf({ eventType: "DIVIDEND_DECISION", reportNm: "현금ㆍ현물배당결정", body: constructed.DIVIDEND }),
    );
    expect([
      value(dividend, "dividend.per_share"),
      value(dividend, "dividend.record_date"),
      value(dividend, "dividend.payment_date"),
    ]).toEqual([361, "2026-06-30", "2026-08-20"]);
    const merger = buildFactSheet(
      summaryInputOf({ eventType: "MERGER", reportNm: "주요사항보고서(회사합병결정)", body: constructed.MERGER }),
    );
    expect(byRole(merger, "merger.ratio")).toMatchObject({ value: 0.2487531, source: { value: "1 : 0.2487531" } });
    expect(value(merger, "merger.date")).toBe("2026-10-01");
    expect(byRole(merger, "merger.method")?.text).toBe("a small-scale merger");
  });
});

describe("the one formatter", () => {
  it.each([
    [258e9, "KRW", "KRW 258 billion"],
    [171.5e12, "KRW", "KRW 171.5 trillion"],
    [9.45e12, "KRW", "KRW 9.45 trillion"], // a figure at half a unit of its last digit keeps its digits
    [3_725_385_833, "KRW", "KRW 3.725 billion"],
    [20e6, "USD", "USD 20 million"],
    [1719, "KRW", "KRW 1,719"],
  ])("writes %d %s as %s", (amount, currency, text) => {
    expect(formatValue("amount", amount, currency)).toBe(text);
  });

  it("writes dates, periods, shares, percentages and percentage points", () => {
    expect(formatValue("date", "2025-09-22", null)).toBe("September 22, 2025");
    expect(formatValue("period", { from: "2026-04-01", to: "2026-06-30" }, null)).toBe("the second quarter of 2026");
    expect(formatValue("period", { from: "2024-02-22", to: "2025-08-31" }, null)).toBe(
      "February 22, 2024 to August 31, 2025",
    );
    expect(formatValue("shares", 364_128, "common shares")).toBe("364,128 common shares");
    expect(formatValue("percent", 6.9, "%")).toBe("6.9%");
    expect(formatValue("percentage_points", -1.06, "pp", { magnitude: true })).toBe("1.06 percentage points");
    expect(formatValue("count", 4, "vessels")).toBe("4 vessels");
  });
});
