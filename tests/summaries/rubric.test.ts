/**
 * The rubric over every real body that is sold (tests/summaries/rubric.ts; expectations
 * written by the implementer in tests/fixtures/documents/expected-facts.ts): the offline
 * generator meets the target (mean ≥ 4.5, none below 3, no wrong fact), and the scoring
 * itself can fail — a summary that restates the title, one that misses facts and one with a
 * wrong figure score 2 (or is rejected), 3 and 1.
 */
import { describe, expect, it } from "vitest";
import { buildFactSheet, composeOfflineTemplate, hasKeyFacts } from "@/lib/summaries";
import { EXPECTED_FACTS } from "../fixtures/documents/expected-facts";
import { cite } from "./answers";
import { realSources } from "./corpus";
import { RUBRIC_TARGET, scoreSummary } from "./rubric";

const sold = realSources().filter(({ sheet }) => hasKeyFacts(sheet));

describe("the rubric over every real body sold", () => {
  const rows = sold.map(({ input, sheet }) =>
    scoreSummary(input, { summary: composeOfflineTemplate(input, sheet), importanceScore: input.classifierScore }),
  );

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
  const score = (summary: string) => scoreSummary(input, { summary: cite(sheet, summary), importanceScore: 4 });

  it("rejects a summary that only restates the title (it states no key fact)", () => {
    expect(
      score("{company} filed a decision on a debt guarantee for another party, as a voluntary disclosure."),
    ).toMatchObject({ score: 1, wrong: [expect.stringContaining("leaves out key facts")] });
  });

  it("gives 3 to a summary that misses facts", () => {
    const row = score(
      "{company} will guarantee {guarantee.amount} of debt owed by {guarantee.debtor} to {guarantee.creditor}, equal to {guarantee.equity_ratio} of its equity.",
    );
    expect(row).toMatchObject({ score: 3, wrong: [] });
  });

  it("gives 1 to a summary with a wrong reading", () => {
    // The company's own revenue stated as the acquired business's.
    const { input } = sold.find(({ input }) => input.rcptNo === "20250317000576")!;
    const intel = buildFactSheet(input);
    const row = scoreSummary(input, {
      summary: cite(
        intel,
        "{company} will take over a business from {transfer.counterparty} for {transfer.amount} on {transfer.date}; the business had revenue of {transfer.company_revenue}.",
      ),
      importanceScore: 5,
    });
    expect(row.score).toBe(1);
  });
});
