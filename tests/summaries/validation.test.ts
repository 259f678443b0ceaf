/**
 * The gate, piece by piece: Korean figures as DART writes them, rendering placeholders from
 * facts (directions and signs from the values, never typed), every rule of checkProse, the
 * check of facts a model proposes, and validateSummary's shape, length and score.
 */
import { describe, expect, it } from "vitest";
import { acceptProposals, buildFactSheet, checkProse, renderProse, validateSummary } from "@/lib/summaries";
import { parseAmount, parseDate } from "@/lib/summaries/figures";
import * as constructed from "../fixtures/documents/constructed";
import { cite } from "./answers";
import { realInput } from "./corpus";
import { summaryInputOf } from "./support";

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
});

const LOSS = summaryInputOf({
  eventType: "PRELIMINARY_RESULTS",
  reportNm: "영업(잠정)실적(공정공시)",
  body: constructed.PRELIMINARY_LOSS,
});
const LOSS_SHEET = buildFactSheet(LOSS);
const EARNINGS = realInput("20260730800123");
const EARNINGS_SHEET = buildFactSheet(EARNINGS);
const company = { nameEn: "Test Electronics Co., Ltd.", displayName: "Test Electronics" };

describe("rendering placeholders", () => {
  it("says how a figure moved from the facts it compares: up with the stated rate, widened, narrowed, turned", () => {
    expect(
      renderProse(
        cite(EARNINGS_SHEET, "Revenue was {move revenue.current revenue.year_ago revenue.yoy_change}."),
        EARNINGS_SHEET,
        "Samsung Electronics",
      ),
    ).toBe("Revenue was up 130% from KRW 74.57 trillion.");
    // -120 against -60 (억원): a loss twice as large, whatever the printed -100.0%.
    expect(
      renderProse(
        cite(
          LOSS_SHEET,
          "The loss {move operating_profit.current operating_profit.year_ago operating_profit.yoy_change}.",
        ),
        LOSS_SHEET,
        "X",
      ),
    ).toBe("The loss widened from KRW 6 billion.");
    expect(
      renderProse(
        cite(LOSS_SHEET, "Revenue was {move revenue.current revenue.year_ago revenue.yoy_change}."),
        LOSS_SHEET,
        "X",
      ),
    ).toBe("Revenue was down 16.7% from KRW 102 billion.");
  });

  it("names a signed figure by its sign and writes its size", () => {
    expect(
      renderProse(cite(LOSS_SHEET, "{label operating_profit.current} of {operating_profit.current}."), LOSS_SHEET, "X"),
    ).toBe("Operating loss of KRW 12 billion.");
  });

  it("writes the company's possessive as English does", () => {
    expect(renderProse("{company}'s board", EARNINGS_SHEET, "Samsung Electronics")).toBe("Samsung Electronics' board");
    expect(renderProse("{company}'s board", EARNINGS_SHEET, "HMM")).toBe("HMM's board");
  });
});

describe("checkProse", () => {
  const check = (summary: string, sheet = EARNINGS_SHEET) => checkProse(cite(sheet, summary), sheet, company).problem;
  const good =
    "{company} reported revenue of {revenue.current} and operating profit of {operating_profit.current} for {results.period}.";

  it("accepts a summary that states every key fact through placeholders", () => {
    expect(check(good)).toBeNull();
  });

  it.each([
    ["a digit", good.replace("{revenue.current}", "KRW 171.5 trillion")],
    ["a number in words", `${good} Revenue was up thirty percent.`],
    ["a period in words", good.replace("{results.period}", "the second quarter")],
    ["a currency", `${good} It sells in dollars.`],
    ["a percentage", `${good} Margins stay in percent terms.`],
    ["a month", good.replace("{results.period}", "June")],
    ["an enumerated term", `${good} It was a private placement.`],
    ["a direction of change", `${good} Revenue increased.`],
    ["a name", `${good} Its main customer is Apple Inc.`],
    ["a listed company in lower case", `${good} it sells chips to sk hynix.`],
    ["Korean", `${good} 삼성전자.`],
  ])("rejects text that types %s", (_, summary) => {
    expect(check(summary)).toMatch(/types|names/);
  });

  it("rejects a placeholder its sentence calls something else, and a loss called a profit", () => {
    expect(
      check(
        "{company} reported revenue of {operating_profit.current} and operating profit of {revenue.current} for {results.period}.",
      ),
    ).toMatch(/calls it "revenue"/);
    expect(
      check(
        "{company} reported revenue of {revenue.current} and operating profit of {operating_profit.current} for {results.period}.",
        LOSS_SHEET,
      ),
    ).toMatch(/is a loss/);
  });

  it("rejects comparisons of facts that do not compare, unknown placeholders and unknown facts", () => {
    expect(check(`${good} It compares {move revenue.current operating_profit.year_ago}.`)).toMatch(/do not compare/);
    expect(checkProse(`${cite(EARNINGS_SHEET, good)} {revenue}`, EARNINGS_SHEET, company).problem).toMatch(
      /not a placeholder/,
    );
    expect(check(`${good} {f999}`)).toMatch(/not a fact of this filing/);
  });

  it("rejects a summary that leaves out a key fact its sheet has", () => {
    expect(check("{company} reported revenue of {revenue.current} for {results.period}.")).toMatch(
      /leaves out key facts of this filing: \{f\d+\} \(operating profit\)/,
    );
  });
});

describe("facts a model proposes", () => {
  const input = realInput("20231027800429"); // HMM: 선박 4척 장기대선계약
  const sheet = buildFactSheet(input);

  it("are refused without a role, even when their cells are in the body: what no role fits is not sold", () => {
    const result = acceptProposals(input, sheet, [
      { id: "n1", role: null, kind: "count", label: "6. 주요 계약조건", value: "선박 4척 장기대선계약" },
    ]);
    expect(result).toMatchObject({ ok: false, reason: expect.stringMatching(/needs a role/) });
  });

  it.each([
    [
      "a label the body lacks",
      { id: "n1", role: "contract.units", kind: "count", label: "선박수", value: "4척" },
      /no such label/,
    ],
    [
      "a value that is not beside its label",
      { id: "n1", role: "transfer.amount", kind: "amount", label: "계약금액(원)", value: "18,582,770,290,515" },
      /no such label/,
    ],
    [
      "a role its label does not state",
      { id: "n1", role: "bond.coupon", kind: "percent", label: "매출액대비(%)", value: "6.90" },
      /does not state/,
    ],
    [
      "a role the sheet already has",
      { id: "n1", role: "contract.amount", kind: "amount", label: "계약금액(원)", value: "1,282,363,356,560" },
      /already has/,
    ],
    [
      "a role of another kind",
      { id: "n1", role: "contract.units", kind: "date", label: "6. 주요 계약조건", value: "선박 4척 장기대선계약" },
      /is a count, not a date/,
    ],
    [
      "a bad id",
      { id: "f2", role: "contract.units", kind: "count", label: "6. 주요 계약조건", value: "선박 4척 장기대선계약" },
      /ids of new facts/,
    ],
  ] as const)("are rejected for %s", (_, proposal, reason) => {
    expect(acceptProposals(input, sheet, [proposal])).toMatchObject({
      ok: false,
      reason: expect.stringMatching(reason),
    });
  });
});

describe("validateSummary", () => {
  const input = realInput("20260729900778");
  const sheet = buildFactSheet(input);
  const summary = cite(
    sheet,
    "{company} will guarantee {guarantee.amount} of debt owed by {guarantee.debtor} to {guarantee.creditor}, equal to {guarantee.equity_ratio} of its equity.",
  );

  it("renders an accepted answer and keeps its template and sheet", () => {
    const result = validateSummary(input, sheet, { summary, importanceScore: 4 });
    expect(result).toMatchObject({ ok: true, template: summary, sheet });
    expect(result.ok && result.summaryEn).toBe(
      'Atlaslink will guarantee KRW 3.725 billion of debt owed by Korea Pail Co., Ltd. ("주식회사 한국파일") to Shinhan Bank, equal to 6.8% of its equity.',
    );
  });

  it("rejects answers of the wrong shape or score range", () => {
    expect(validateSummary(input, sheet, { summaryEn: summary, importanceScore: 4 })).toMatchObject({ ok: false });
    expect(validateSummary(input, sheet, { summary, importanceScore: 11 })).toMatchObject({
      ok: false,
      reason: "importanceScore must be from 1 to 10",
    });
  });

  it("clamps a score moved more than 2 from the classifier's and notes it", () => {
    expect(validateSummary(input, sheet, { summary, importanceScore: input.classifierScore + 5 })).toMatchObject({
      ok: true,
      importanceScore: Math.min(10, input.classifierScore + 2),
    });
  });

  it("accepts nothing for a filing whose sheet holds no key fact", () => {
    const notice = realInput("20260820800237");
    expect(
      validateSummary(notice, buildFactSheet(notice), {
        summary: "{company} filed a notice about its listing.",
        importanceScore: 8,
      }),
    ).toMatchObject({ ok: false, reason: expect.stringContaining("none of its type's key facts") });
  });
});
