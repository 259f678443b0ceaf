/**
 * Buyback trust contracts (issue 34 item 7) over real bodies of the second batch
 * (tests/fixtures/dart/corpus2): a trust's signing (자기주식취득신탁계약체결결정) and its
 * termination (자기주식취득신탁계약해지결정), through the offline generator and the gate a
 * buyer's answer passes. Expectations written by the implementer of these rules, from each
 * body's cells.
 */
import { describe, expect, it } from "vitest";
import { buildFactSheet, offlineAnswer, hasKeyFacts, validateSummary } from "@/lib/summaries";
import { corpus2Input } from "./corpus";

function sold(rcptNo: string) {
  const input = corpus2Input(rcptNo);
  const sheet = buildFactSheet(input);
  const validation = validateSummary(input, sheet, offlineAnswer(input, sheet));
  if (!validation.ok) throw new Error(`${rcptNo}: ${validation.reason}`);
  expect(hasKeyFacts(sheet)).toBe(true);
  return { sheet, summary: validation.summaryEn };
}

describe("a buyback trust's termination", () => {
  it("states the trust's amount, trustee, reason, dates and the shares handed back (KB Financial, 20260109000437)", () => {
    const { sheet, summary } = sold("20260109000437");
    expect(summary).toBe(
      "KB Financial Group decided to terminate its trust contract of KRW 660 billion for buying back its shares " +
        "with Hana Securities Co., Ltd., as its term has ended. The contract had run from July 24, 2025 to " +
        "January 9, 2026; the termination takes effect on January 9, 2026. On termination the trust hands back " +
        "5,564,253 common shares (in shares).",
    );
    expect(sheet.missingKeyRoles).toEqual([]);
    // The amount is the one before termination, never the 0 after it.
    expect(sheet.facts.find((f) => f.role === "trust.amount")?.source).toMatchObject({ value: "660,000,000,000" });
  });

  it("tells an early termination on completed purchases from one at the end of its term (LG Uplus, 20260210000941)", () => {
    const { summary } = sold("20260210000941");
    expect(summary).toContain("as the share purchases are complete");
    expect(summary).toContain("the termination takes effect on February 10, 2026");
    expect(summary).toContain("(in cash and shares)");
    expect(summary).not.toContain("as its term has ended");
  });

  it.each(["20240126000018", "20251112000393", "20250507000438", "20250512000550", "20241108000518"])(
    "sells %s with its amount, trustee and termination date",
    (rcptNo) => {
      const { sheet, summary } = sold(rcptNo);
      expect(sheet.missingKeyRoles).toEqual([]);
      expect(summary).toMatch(/decided to terminate its trust contract of KRW [\d.,]+ (billion|trillion)/);
      expect(summary).not.toMatch(/decided to sign/);
    },
  );
});

describe("a buyback trust's signing", () => {
  it.each([
    [
      "20250204000177",
      "Hana Financial Group decided to sign a trust contract worth KRW 400 billion to buy back its shares with KB Securities Co., Ltd.",
    ],
    ["20250724000324", "KB Financial Group decided to sign a trust contract worth KRW 660 billion"],
    ["20260310002972", "Shift UP decided to sign a trust contract worth KRW 20 billion"],
    ["20250725000288", "Shinhan Financial Group decided to sign a trust contract worth KRW 800 billion"],
  ])("sells %s, its amount called the trust contract's", (rcptNo, lead) => {
    const { summary } = sold(rcptNo);
    expect(summary).toContain(lead);
    expect(summary).toMatch(/The contract runs from \w+ \d+, \d{4} to \w+ \d+, \d{4}\./);
  });
});
