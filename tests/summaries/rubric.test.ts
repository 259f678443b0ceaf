/**
 * The rubric over every real body (tests/summaries/rubric.ts, expected facts in
 * tests/fixtures/documents/expected-facts.ts): the offline generator meets the target, and
 * the scoring itself can fail — a summary that restates the title, one that misses facts and
 * one with a wrong figure score 2, 3 and 1.
 */
import { describe, expect, it } from "vitest";
import { composeOfflineAnswer } from "@/lib/summaries";
import { REAL_RCPT_NOS, realInput, RUBRIC_TARGET, scoreSummary } from "./rubric";

describe("the summary rubric on every real body", () => {
  const rows = REAL_RCPT_NOS.map((rcptNo) => {
    const input = realInput(rcptNo);
    return scoreSummary(input, { ...composeOfflineAnswer(input), importanceScore: input.classifierScore });
  });

  it("covers every real body: the 12 rendered bodies, the earnings cells and the half-year report", () => {
    expect(rows).toHaveLength(14);
  });

  it.each(REAL_RCPT_NOS.map((r) => [r]))(
    "the offline summary of %s states no wrong fact and scores at least 3",
    (rcptNo) => {
      const row = rows.find((r) => r.rcptNo === rcptNo)!;
      expect(row.wrong).toEqual([]);
      expect(row.score).toBeGreaterThanOrEqual(RUBRIC_TARGET.min);
    },
  );

  it(`averages at least ${RUBRIC_TARGET.mean}`, () => {
    const mean = rows.reduce((sum, r) => sum + r.score, 0) / rows.length;
    expect(mean).toBeGreaterThanOrEqual(RUBRIC_TARGET.mean);
  });
});

describe("the rubric's scoring", () => {
  const input = realInput("20260729900778"); // the debt guarantee
  const good = composeOfflineAnswer(input);

  it("gives 2 to a summary that only restates the title", () => {
    const titleOnly = {
      summaryEn: `Atlaslink made a filing titled "${input.reportNmEn}". The filing concerns a decision on a debt guarantee for another party, made as a voluntary disclosure. No further detail is given in this summary of the filing.`,
      importanceScore: 4,
      facts: [],
    };
    expect(scoreSummary(input, titleOnly).score).toBe(2);
  });

  it("gives 3 to a summary that misses key facts", () => {
    const summaryEn = good.summaryEn
      .replace(/ The underlying borrowing[^.]*\./, "")
      .replace(/ Its guarantees outstanding[^.]*\./, "");
    const partial = { summaryEn, importanceScore: 4, facts: good.facts };
    expect(scoreSummary(input, partial)).toMatchObject({ score: 3, wrong: [] });
  });

  it("gives 1 to a summary with a wrong figure or a wrong name", () => {
    expect(
      scoreSummary(input, {
        ...good,
        summaryEn: good.summaryEn.replace("KRW 8.6 billion", "KRW 8.7 billion"),
        importanceScore: 4,
      }).score,
    ).toBe(1);
    expect(
      scoreSummary(input, {
        ...good,
        summaryEn: good.summaryEn.replace("Shinhan Bank", "KB Kookmin Bank"),
        importanceScore: 4,
      }).score,
    ).toBe(1);
  });
});
