/**
 * The rubric over every real body that is sold (tests/summaries/rubric.ts; expectations
 * written by the implementer in tests/fixtures/documents/expected-facts.ts): the offline
 * generator meets the target (mean ≥ 4.5, none below 3, no wrong fact), and the scoring
 * itself can fail — a summary that restates the title, one that misses facts and one with a
 * wrong figure score 2 (or is rejected), 3 and 1.
 */
import { describe, expect, it } from "vitest";
import { buildFactSheet, offlineAnswer, hasKeyFacts } from "@/lib/summaries";
import { EXPECTED_FACTS } from "../fixtures/documents/expected-facts";
import { realSources } from "./corpus";
import { answerOf, factOf, type Step } from "./plans";
import { RUBRIC_TARGET, scoreSummary } from "./rubric";

const sold = realSources().filter(({ sheet }) => hasKeyFacts(sheet));

describe("the rubric over every real body sold", () => {
  const rows = sold.map(({ input, sheet }) => scoreSummary(input, offlineAnswer(input, sheet)));

  it("has expectations for every sold real body: 64 bodies and the DS005 record", () => {
    expect(sold.map(({ input }) => input.rcptNo).sort()).toEqual(Object.keys(EXPECTED_FACTS).sort());
    expect(rows).toHaveLength(65);
  });

  it.each(sold.map(({ input }) => [input.rcptNo]))(
    "the offline summary of %s states no wrong fact and scores at least 3",
    (rcptNo) => {
      const row = rows.find((r) => r.rcptNo === rcptNo)!;
      expect(row.wrong, row.summaryEn).toEqual([]);
      expect(row.score, `${row.missing.join("; ")}\n${row.summaryEn}`).toBeGreaterThanOrEqual(RUBRIC_TARGET.min);
    },
  );

  it(`averages at least ${RUBRIC_TARGET.mean}`, () => {
    const mean = rows.reduce((sum, r) => sum + r.score, 0) / rows.length;
    expect(mean).toBeGreaterThanOrEqual(RUBRIC_TARGET.mean);
  });
});

describe("the rubric's scoring", () => {
  const { input } = sold.find(({ input }) => input.rcptNo === "20260729900778")!; // the debt guarantee
  const sheet = buildFactSheet(input);
  const score = (...steps: Step[]) => scoreSummary(input, answerOf(sheet, steps));

  it("rejects a plan that only says the board decided something (it states no key fact)", () => {
    expect(score(["general.1a", "decision_date"])).toMatchObject({
      score: 1,
      wrong: [expect.stringContaining("leaves out key facts")],
    });
  });

  it("gives 3 to a summary that misses facts", () => {
    const row = score([
      "debt_guarantee.1a",
      "guarantee.amount",
      "guarantee.debtor",
      "guarantee.creditor",
      "guarantee.equity_ratio",
    ]);
    expect(row).toMatchObject({ score: 3, wrong: [] });
  });

  it("gives 1 to a wrong reading, which the plan check refuses", () => {
    // The company's own revenue in the acquired business's revenue slot.
    const { input } = sold.find(({ input }) => input.rcptNo === "20250317000576")!;
    const intel = buildFactSheet(input);
    const row = scoreSummary(
      input,
      answerOf(intel, [
        ["correction.1a", "correction.original_date", "correction.item", "correction.after", "correction.before"],
        ["business_acquisition.1a", "transfer.counterparty", "transfer.amount"],
        [
          "business_acquisition.2a",
          { slot: "transfer.target_revenue", fact: factOf(intel, "transfer.company_revenue") },
        ],
        ["business_acquisition.3a", "transfer.date"],
      ]),
    );
    expect(row).toMatchObject({ score: 1, wrong: [expect.stringContaining("rule slot_role")] });
  });
});
