/**
 * Capital-eligible debt (자본으로인정되는채무증권발행결정) and share exchanges (주식교환ㆍ이전결정),
 * issue 34 item 7, over real bodies of the second batch (tests/fixtures/dart/corpus2). Debt is
 * read with the bond dictionary and named for what its 종류 cell says (a hybrid that is no
 * contingent capital, a perpetual convertible); an exchange states its partner and dates.
 * Expectations written by the implementer of these rules, from each body's cells.
 */
import { describe, expect, it } from "vitest";
import { buildFactSheet, offlineAnswer, hasKeyFacts, validateSummary } from "@/lib/summaries";
import { corpus2Input } from "./corpus";

function summaryOf(rcptNo: string): string {
  const input = corpus2Input(rcptNo);
  const sheet = buildFactSheet(input);
  const validation = validateSummary(input, sheet, offlineAnswer(input, sheet));
  if (!validation.ok) throw new Error(`${rcptNo}: ${validation.reason}`);
  expect(hasKeyFacts(sheet)).toBe(true);
  return validation.summaryEn;
}

describe("capital-eligible debt", () => {
  it("states a hybrid's face value, placement, coupon and maturity, never as contingent capital (Ecopro BM, 20241028000368)", () => {
    const summary = summaryOf("20241028000368");
    expect(summary).toContain(
      "Ecopro BM decided to issue hybrid capital securities with a face value of KRW 244 billion by private placement.",
    );
    expect(summary).toContain("The bonds carry a coupon of 6.281%, maturing on October 29, 2054.");
    expect(summary).not.toContain("contingent");
  });

  it("names a perpetual convertible as one (D&D Pharmatech, 20250611000057)", () => {
    const summary = summaryOf("20250611000057");
    expect(summary).toContain(
      "D&D Pharmatech decided to issue series 1 perpetual convertible bonds with a face value of KRW 34.33 billion by private placement.",
    );
  });
});

describe("a share exchange (주식교환ㆍ이전결정)", () => {
  it("states the partner company and the dates (OCI Holdings and OCI Specialty, 20240805000309)", () => {
    expect(summaryOf("20240805000309")).toBe(
      "OCI Holdings decided on a share exchange with OCI Specialty. The exchange contract is dated August 6, 2024, " +
        "and the exchange takes effect on October 29, 2024.",
    );
  });
});
