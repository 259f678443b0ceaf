/**
 * A correction filed because the deal was called off (정정사유: 계약 해제), on a real body of the
 * second batch: Doosan Robotics' correction 20241210000378 of its D20 Capital acquisition
 * (tests/fixtures/dart/corpus2). Its form's sentences would restate the deal "as corrected"; an
 * all-optional sentence with nothing to state once led "As corrected, " into the next one
 * ("…, The board decided…", refused as a typed name). Expectations written by the implementer
 * of the fix, from the body's cells.
 */
import { describe, expect, it } from "vitest";
import { buildFactSheet, offlineAnswer, hasKeyFacts, validateSummary } from "@/lib/summaries";
import { corpus2Input } from "./corpus";

describe("a correction that calls the deal off", () => {
  const input = corpus2Input("20241210000378");
  const sheet = buildFactSheet(input);
  const validation = validateSummary(input, sheet, offlineAnswer(input, sheet));

  it("reads the reason from its cell, verbatim", () => {
    expect(sheet.facts.find((f) => f.role === "correction.cancelled")?.source).toMatchObject({
      label: "정정사유",
      value: "계약 해제",
    });
  });

  it("says the deal is cancelled and never restates it as corrected", () => {
    if (!validation.ok) throw new Error(validation.reason);
    expect(hasKeyFacts(sheet)).toBe(true);
    expect(validation.summaryEn).toContain(
      "Doosan Robotics corrected its filing of July 11, 2024 to report the cancellation of the deal.",
    );
    expect(validation.summaryEn).not.toMatch(/As corrected|decided to (buy|acquire)/);
  });
});
