/**
 * What the first sight of the fourth real batch (tests/fixtures/dart/corpus4) found wrong, on its
 * bodies: a new company's name the filing spells in English beside the Korean was romanised and
 * doubled ("OCI OCI Company Ltd. Co., Ltd."), and a correction whose values carry their own label
 * (`보고구분 변동` → `보고구분 변동ㆍ변경`, under the item `가. 보고자`) was sold as a change of the
 * reporting holder; and a holder whose stake moved into another's joint report (연명으로 보고) read
 * as a related party's trade down to 0%. Expectations written by the implementer of the fixes,
 * from the bodies' cells.
 */
import { describe, expect, it } from "vitest";
import { buildFactSheet, offlineAnswer, validateSummary } from "@/lib/summaries";
import { readableName } from "@/lib/summaries/names";
import { rawBodyInput } from "./corpus";

function summaryOf(rcptNo: string): string {
  const input = rawBodyInput("corpus4", rcptNo);
  const sheet = buildFactSheet(input);
  const validation = validateSummary(input, sheet, offlineAnswer(input, sheet));
  if (!validation.ok) throw new Error(validation.reason);
  return validation.summaryEn;
}

describe("names the filing spells in English", () => {
  it("takes the English beside the Korean, bracketed or not, and keeps a tentative name marked", () => {
    expect(readableName("오씨아이 주식회사(가칭)OCI Company Ltd.(가칭)")).toBe("OCI Company Ltd. (tentative name)");
    expect(readableName("한화인더스트리얼솔루션즈 주식회사(가칭)(Hanwha Industrial Solutions Co.,Ltd.)(가칭)")).toBe(
      "Hanwha Industrial Solutions Co., Ltd. (tentative name)",
    );
    expect(readableName("신세계건설 주식회사 (Shinsegae E&C Co., Ltd.)")).toBe("Shinsegae E&C Co., Ltd.");
    // A Latin word that is no name of the company's own stays with the translation.
    expect(readableName("청라스마트시티 주식회사")).not.toMatch(/Cheongnaseumateu/);
  });

  it("names the new company of a split-off once, as filed", () => {
    const oci = summaryOf("20230330001007");
    expect(oci).toContain("creating OCI Company Ltd. (tentative name)");
    expect(oci).not.toMatch(/OCI OCI|Co\., Ltd\. Co\./);
    const hanwha = summaryOf("20240405000022");
    expect(hanwha).toContain("creating Hanwha Industrial Solutions Co., Ltd. (tentative name)");
    expect(hanwha).not.toMatch(/Co\. Co\.|Ltd\., Ltd\./);
  });
});

describe("a correction of a 5% report's report type", () => {
  it("never says the reporting holder changed, and still says what it corrects", () => {
    const input = rawBodyInput("corpus4", "20250919000067");
    const sheet = buildFactSheet(input);
    const item = sheet.facts.find((f) => f.role === "correction.item");
    expect(item?.text ?? "").not.toBe("reporting holder");
    const summary = summaryOf("20250919000067");
    expect(summary).toMatch(/^HMM corrected its filing of September 18, 2025/);
    expect(summary).not.toMatch(/reporting holder|Bogogubun/);
    expect(summary).toContain("330,867,712 shares of HMM (32.28%)");
  });
});

describe("a 5% holder whose stake moves into another holder's joint report", () => {
  it("says so, and never that a related party traded", () => {
    const summary = summaryOf("20240717000363");
    expect(summary).toContain(
      "It reports a change of reporting holder, the stake to be reported jointly in another holder's report",
    );
    expect(summary).not.toMatch(/related party's trade|on-market sales/);
  });
});
