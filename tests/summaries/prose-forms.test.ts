/**
 * Material management matters (투자판단관련주요경영사항) whose facts are written in numbered
 * prose (issue 34 item 5), over real bodies of the second batch (tests/fixtures/dart/corpus2),
 * through the offline generator and the gate a buyer's answer passes. Expectations written by
 * the implementer of these rules, from each body's `1. 제목` and `2. 주요내용`.
 */
import { describe, expect, it } from "vitest";
import { buildFactSheet, offlineAnswer, hasKeyFacts, validateSummary } from "@/lib/summaries";
import { corpus2Input } from "./corpus";

function read(rcptNo: string) {
  const input = corpus2Input(rcptNo);
  const sheet = buildFactSheet(input);
  const validation = validateSummary(input, sheet, offlineAnswer(input, sheet));
  return { sheet, validation, sold: hasKeyFacts(sheet) && validation.ok };
}

function summaryOf(rcptNo: string): string {
  const { validation, sold } = read(rcptNo);
  if (!validation.ok) throw new Error(`${rcptNo}: ${validation.reason}`);
  expect(sold).toBe(true);
  return validation.summaryEn;
}

const fact = (rcptNo: string, role: string) => read(rcptNo).sheet.facts.find((f) => f.role === role);

describe("material management matters written in prose", () => {
  it("reads a product approval: product, regulator, approval and application dates (Alteogen, 20240705900656)", () => {
    const summary = summaryOf("20240705900656");
    expect(summary).toContain(
      'Alteogen received approval of "테르가제주(베라히알루로니다제알파(히알루로니다제,유전자재조합))" (Korean, untranslated) ' +
        "from Korea's Ministry of Food and Drug Safety (MFDS) on July 5, 2024, after an application on February 7, 2023.",
    );
    expect(fact("20240705900656", "approval.date")?.source).toMatchObject({ label: "허가일", value: "2024년 7월 5일" });
  });

  it("reads an application as an application, never an approval (Alteogen EYZANFY, 20240912900581)", () => {
    const summary = summaryOf("20240912900581");
    expect(summary).toContain('Alteogen applied for approval of "EYZANFY주 (애플리버셉트)" (Korean, untranslated)');
    expect(summary).toContain("on September 12, 2024");
    expect(summary).not.toMatch(/received approval|approved/);
  });

  it("reads an investment stated as items: amount and purpose (SK hynix Indiana, 20241220800005)", () => {
    const summary = summaryOf("20241220800005");
    expect(summary).toContain("SK hynix disclosed an investment of KRW 5.9 trillion");
    expect(summary).toContain(
      'The matter disclosed: "미국 인디애나주(州)에 신규 어드밴스드 패키징 공장 건설" (Korean, untranslated).',
    );
    expect(fact("20241220800005", "investment.amount")?.source).toMatchObject({ label: "투자 금액", value: "5.9조원" });
  });

  it("reads a licence milestone from its sentence, the sentence's words as its source (Alteogen, 20251127900375)", () => {
    const summary = summaryOf("20251127900375");
    expect(summary).toContain("Alteogen is due to receive a licence milestone payment of USD 15 million.");
    expect(summary).not.toContain("signed a licence agreement");
    expect(fact("20251127900375", "licence.milestone")?.source).toMatchObject({
      label: "마일스톤 달성에 따른 기술료",
      value: "USD 15,000,000",
    });
  });

  it("states the matter as the filing titles it, Korean kept and marked, never romanised", () => {
    const subject = fact("20231206900058", "material.subject");
    expect(subject?.text).toBe('"그룹 전속 계약 체결의 건" (Korean, untranslated)');
  });

  it.each([
    ["20231206900058", "an artist's exclusive contract, no figure"],
    ["20251215801079", "a preferred-bidder selection whose terms are withheld"],
    ["20250826800505", "a preferred-bidder selection, no figure"],
    ["20260313800761", "a memorandum whose price is yet to be set"],
  ])("does not sell %s (%s): its title alone is no key fact", (rcptNo) => {
    expect(read(rcptNo).sold).toBe(false);
  });
});
