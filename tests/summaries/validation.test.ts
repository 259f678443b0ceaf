/**
 * The gate, piece by piece: Korean figures as DART writes them, rendering placeholders from
 * facts (directions and signs from the values, never typed), every rule of a plan's check, the
 * check of facts a model proposes, and validateSummary's shape, length and score.
 */
import { describe, expect, it } from "vitest";
import { acceptProposals, buildFactSheet, renderProse, validateSummary } from "@/lib/summaries";
import { parseAmount, parseDate } from "@/lib/summaries/figures";
import * as constructed from "../fixtures/documents/constructed";
import { cite } from "./plans";
import { realInput } from "./corpus";
import { answerOf, factOf } from "./plans";
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

describe("a plan's check", () => {
  const guarantee = realInput("20260729900778"); // Atlaslink's guarantee of a subsidiary's debt
  const sheet = buildFactSheet(guarantee);
  const LEAD = [
    "debt_guarantee.1a",
    "guarantee.amount",
    "guarantee.debtor",
    "guarantee.creditor",
    "guarantee.equity_ratio",
  ] as const;
  const judge = (...steps: Parameters<typeof answerOf>[1]) => validateSummary(guarantee, sheet, answerOf(sheet, steps));
  const reason = (...steps: Parameters<typeof answerOf>[1]) => {
    const result = judge(...steps);
    return result.ok ? null : result.reason;
  };

  it("writes the frames it names, in order, from the facts that fill them", () => {
    const result = judge([...LEAD, "guarantee.relation"], ["debt_guarantee.3a", "guarantee.total"]);
    expect(result.ok && result.summaryEn).toBe(
      'Atlaslink decided to guarantee KRW 3.725 billion of debt owed by Korea Pail Co., Ltd. ("주식회사 한국파일"), its subsidiary, to Shinhan Bank, equal to 6.8% of its equity. Its guarantees outstanding total KRW 8.637 billion.',
    );
  });

  it.each([
    ["frame_unknown", [["supply_contract.1a", "guarantee.amount"]]],
    ["frame_repeated", [LEAD, ["debt_guarantee.4b", "decision_date"], ["debt_guarantee.4b", "decision_date"]]],
    ["lead_first", [["debt_guarantee.3a", "guarantee.total"], LEAD]],
    ["correction_lead", [["correction.1c", { slot: "correction.original_date", fact: "f9" }], LEAD]],
    ["slot_unknown", [[...LEAD, "guarantee.total"]]],
    ["slot_fact", [[...LEAD.slice(0, 4), { slot: "guarantee.equity_ratio", fact: "f99" }]]],
    ["slot_role", [[...LEAD.slice(0, 4), { slot: "guarantee.equity_ratio", fact: factOf(sheet, "guarantee.amount") }]]],
    ["slot_missing", [LEAD.filter((r) => r !== "guarantee.debtor")]],
    ["restatement", [LEAD, ["also.1a", "guarantee.amount"]]],
    ["key_roles", [LEAD.filter((r) => r !== "guarantee.creditor")]],
    [
      "plan_shape",
      [
        LEAD,
        ["debt_guarantee.2a", "guarantee.debt_amount"],
        ["debt_guarantee.3a", "guarantee.total"],
        ["debt_guarantee.4b", "decision_date"],
        ["also.1a", "equity"],
        ["general.2a", "decision_date"],
      ],
    ],
  ] as const)("refuses a plan that breaks %s, and says so by name", (rule, steps) => {
    expect(reason(...(steps as never as Parameters<typeof answerOf>[1]))).toMatch(new RegExp(`^rule ${rule}:`));
  });

  it("refuses a slot whose bracketed part is not written (an inner part without its outer one)", () => {
    const relation = realInput("20231027800429"); // HMM: a supply contract with its recent revenue
    const hmm = buildFactSheet(relation);
    const lead = ["supply_contract.1a", "contract.kind", "contract.amount", "recent_revenue"] as const;
    const result = validateSummary(relation, hmm, answerOf(hmm, [lead as never]));
    expect(result).toMatchObject({ ok: false, reason: expect.stringMatching(/^rule slot_unused:/) });
  });

  it("refuses a frame whose sheet condition fails: a disposal is a sale only when no grant is stated", () => {
    const bonus = realInput("20230201000001"); // SK hynix: treasury shares granted to employees
    const granted = buildFactSheet(bonus);
    const sale = validateSummary(bonus, granted, answerOf(granted, [["treasury_disposal.1c", "treasury.shares"]]));
    expect(sale).toMatchObject({ ok: false, reason: expect.stringMatching(/^rule condition:.*treasury\.grant/) });
    const grant = validateSummary(
      bonus,
      granted,
      answerOf(granted, [
        ["treasury_disposal.1a", "treasury.shares", "treasury.grant", "treasury.price", "treasury.amount"],
        ["treasury_disposal.2a", "treasury.start", "treasury.end"],
      ]),
    );
    expect(grant).toMatchObject({ ok: true });
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
  const lead = [
    "debt_guarantee.1a",
    "guarantee.amount",
    "guarantee.debtor",
    "guarantee.creditor",
    "guarantee.equity_ratio",
  ] as const;
  const answer = answerOf(sheet, [lead as never]);

  it("renders an accepted answer and keeps its template and sheet", () => {
    const result = validateSummary(input, sheet, answer);
    expect(result).toMatchObject({
      ok: true,
      template: "{company} decided to guarantee {f5} of debt owed by {f1} to {f3}, equal to {f7} of its equity.",
      sheet,
    });
    expect(result.ok && result.summaryEn).toBe(
      'Atlaslink decided to guarantee KRW 3.725 billion of debt owed by Korea Pail Co., Ltd. ("주식회사 한국파일") to Shinhan Bank, equal to 6.8% of its equity.',
    );
  });

  it("refuses anything but a plan: prose of the model's own, unknown fields, a score out of range", () => {
    const prose = { summary: "{company} will guarantee {f5}.", importanceScore: 4 };
    expect(validateSummary(input, sheet, prose)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^rule plan_shape:/),
    });
    expect(
      validateSummary(input, sheet, { ...answer, summaryEn: "Atlaslink did not approve the guarantee." }),
    ).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^rule plan_shape:/),
    });
    expect(
      validateSummary(input, sheet, {
        ...answer,
        frames: [{ ...answer.frames[0], text: "{company} did not approve it." }],
      }),
    ).toMatchObject({ ok: false, reason: expect.stringMatching(/^rule plan_shape:/) });
    expect(validateSummary(input, sheet, { ...answer, importanceScore: 11 })).toMatchObject({
      ok: false,
      reason: "rule plan_shape: importanceScore: importanceScore must be from 1 to 10",
    });
  });

  it("clamps a score moved more than 2 from the classifier's and notes it", () => {
    expect(validateSummary(input, sheet, { ...answer, importanceScore: input.classifierScore + 5 })).toMatchObject({
      ok: true,
      importanceScore: Math.min(10, input.classifierScore + 2),
    });
  });

  it("accepts nothing for a filing whose sheet holds no key fact", () => {
    const notice = realInput("20260820800237");
    expect(
      validateSummary(notice, buildFactSheet(notice), {
        frames: [{ frame: "general.1a", slots: [] }],
        importanceScore: 8,
      }),
    ).toMatchObject({ ok: false, reason: expect.stringContaining("none of its type's key facts") });
  });
});
