/**
 * Variants of a form that change what its English must say (issue 34 items 3, 4 and 6), over
 * the real bodies here (tests/summaries/corpus.ts), through the offline generator and the gate
 * a buyer's answer passes: what each summary must say and must never say. The expectations are
 * the implementer's, written from each body's cells.
 *
 * Where no real body of a variant is in the corpus yet, the test takes a real body and changes
 * only the cell that makes the variant, with the wording a real filing uses (the exchange
 * disposal's 처분목적 is SK hynix's, receipt 20230403004080); those inputs are marked VARIANT.
 */
import { describe, expect, it } from "vitest";
import { buildFactSheet, offlineAnswer, validateSummary, type SummaryInput } from "@/lib/summaries";
import { glossaryText } from "@/lib/summaries/facts/glossary";
import { readableName } from "@/lib/summaries/names";
import { realInput } from "./corpus";

function summaryOf(input: SummaryInput): string {
  const sheet = buildFactSheet(input);
  const validation = validateSummary(input, sheet, offlineAnswer(input, sheet));
  if (!validation.ok) throw new Error(`${input.rcptNo}: ${validation.reason}`);
  return validation.summaryEn;
}

const roleOf = (input: SummaryInput, role: string) => buildFactSheet(input).facts.find((f) => f.role === role);

/** A real body with one cell's value replaced: a VARIANT input. */
function variant(rcptNo: string, from: string, to: string): SummaryInput {
  const input = realInput(rcptNo);
  expect(input.body).toContain(from);
  return { ...input, body: input.body!.replace(from, to) };
}

describe("treasury-stock disposals: a sale, or shares given away", () => {
  const SK_HYNIX_BONUS = "20230201000001"; // 처분목적: 임직원에 대한자기주식 상여 지급
  const PURPOSE = "5. 처분목적: 임직원에 대한자기주식 상여 지급";

  it("reads a grant of shares to employees as a transfer at a reference value, never a sale", () => {
    const summary = summaryOf(realInput(SK_HYNIX_BONUS));
    expect(summary).toContain(
      "decided to transfer 495,472 common shares of treasury stock as a grant of shares to employees",
    );
    expect(summary).toContain("KRW 90,700 per share, KRW 44.94 billion in all, a reference value, not money received");
    expect(summary).not.toMatch(/\bsell|\bsale\b|for KRW/);
  });

  it.each([
    ["an RSU payout", "5. 처분목적: 양도제한조건부주식(RSU) 지급", "a payout of restricted stock units to employees"],
    [
      "a contribution to the ESOP",
      "5. 처분목적: 우리사주조합 출연",
      "a contribution to the employee stock ownership association",
    ],
    [
      "an exchange of exchangeable bonds",
      "5. 처분목적: 자기주식을 교환대상으로 하는교환사채 발행에 따른 처분",
      "delivery to holders of exchangeable bonds on exchange",
    ],
  ])("VARIANT %s: states the transfer, never a sale for the price column", (_, purpose, english) => {
    const input = variant(SK_HYNIX_BONUS, PURPOSE, purpose);
    expect(roleOf(input, "treasury.grant")?.text).toBe(english);
    const summary = summaryOf(input);
    expect(summary).toContain(`of treasury stock as ${english}`);
    expect(summary).toContain("a reference value, not money received");
    expect(summary).not.toMatch(/\bsell|\bsale\b|for KRW/);
  });

  it("VARIANT a free contribution: transferred free of charge, not sold", () => {
    const summary = summaryOf(variant(SK_HYNIX_BONUS, PURPOSE, "5. 처분목적: 사회공헌 재단 무상출연"));
    expect(summary).toContain("of treasury stock free of charge");
    expect(summary).not.toMatch(/\bsell|\bsale\b/);
  });

  it("reads a block sale to raise funds as a sale, for its price", () => {
    const summary = summaryOf(realInput("20230628000356")); // 처분목적: 신규장비 개발자금 확보
    expect(summary).toContain("decided to sell 973,300 common shares of treasury stock at KRW 28,746 each");
    expect(summary).toContain("in after-hours block trades");
    expect(summary).not.toContain("reference value");
  });
});

describe("overseas listings and delistings", () => {
  it("reads SK Telecom's delisting from London as a delisting", () => {
    const summary = summaryOf(realInput("20230623000001"));
    expect(summary).toContain("decided to delist its shares from the London Stock Exchange");
    expect(summary).toContain("July 31, 2023");
  });

  it("VARIANT a listing of depositary receipts in London: a listing, never a delisting", () => {
    // The listing decision's fields (ovLstDecsn) in the delisting body's layout.
    const body = [
      "주요사항보고서(해외 증권시장 주권등 상장 결정)",
      "해외 증권시장 주권등 상장 결정",
      "1. 상장예정주식 종류ㆍ수(주): 보통주식 | -",
      "기타주식: 12,000,000",
      "2. 상장증권: 원주상장 (주) | -",
      "DR상장 (주): 12,000,000",
      "3. 상장거래소(소재국가): 런던증권거래소(영국)",
      "4. 해외상장목적: 해외투자자 거래 편의 제고",
      "5. 상장예정일자: 2026.09.30",
      "6. 이사회결의일(결정일): 2026.08.20",
    ].join("\n");
    const input = { ...realInput("20230623000001"), reportNm: "주요사항보고서(해외증권시장주권등상장결정)", body };
    const summary = summaryOf(input);
    expect(summary).toContain("decided to list depositary receipts for 12,000,000 shares on the London Stock Exchange");
    expect(summary).toContain("with listing expected on September 30, 2026");
    expect(summary).not.toMatch(/delist/i);
  });
});

describe("corrections: what the filing corrects and what changed, never a new event", () => {
  it.each([
    [
      "20240813800252", // LS Electric: investment amount and end date
      "LS Electric corrected its filing of August 13, 2024, changing the investment amount to KRW 100.8 billion (previously KRW 80.3 billion) and the investment end date to October 31, 2025 (previously September 30, 2025).",
    ],
    [
      "20240618800206", // HMM: end of the vessel investment
      "HMM corrected its filing of June 29, 2021, changing the investment end date to November 25, 2024 (previously June 30, 2024).",
    ],
    [
      "20250317000576", // SK hynix: closing of the Intel NAND business
      "SK hynix corrected its filing of October 20, 2020, changing the expected transaction date to March 31, 2025 (previously March 15, 2025).",
    ],
    [
      "20251219000396", // JYP: registration date of the land
      "JYP Entertainment corrected its filing of October 24, 2023, changing the expected transaction date to June 30, 2026 (previously December 31, 2025).",
    ],
    [
      "20241224800227", // OCI: the contract period ended early
      "OCI Holdings corrected its filing of April 30, 2024, changing the contract period to February 22, 2024 to December 24, 2024 (previously February 22, 2024 to August 31, 2025)",
    ],
  ])("%s leads with the correction, then the filing as corrected", (rcptNo, lead) => {
    const summary = summaryOf(realInput(rcptNo));
    expect(summary.startsWith(lead)).toBe(true);
    expect(summary).toMatch(/\. As corrected, /);
  });

  it("keeps both values of a corrected row as facts, with the Korean cells they come from", () => {
    const input = realInput("20240813800252");
    expect(roleOf(input, "correction.item")).toMatchObject({ value: "투자금액", text: "investment amount" });
    expect(roleOf(input, "correction.before")).toMatchObject({
      kind: "amount",
      value: 80_300_000_000,
      source: { label: "투자금액", value: "80,300,000,000", column: "정정전" },
    });
    expect(roleOf(input, "correction.after")).toMatchObject({ kind: "amount", value: 100_800_000_000 });
    expect(roleOf(input, "correction.original_date")?.value).toBe("2024-08-13");
  });

  it("leaves a results correction to its own sentences, which compare with the figures first reported", () => {
    const summary = summaryOf(realInput("20260730800123"));
    expect(summary).toMatch(/^Samsung Electronics corrected its preliminary results for the second quarter of 2026/);
    expect(summary).not.toContain("As corrected");
  });
});

describe("5% holding reports: why each was filed", () => {
  it.each([
    ["20250918000358", "shares tendered in a tender offer"], // KDB into HMM's tender offer (공개매수 청약)
    ["20230201000070", "a share purchase agreement"], // 조건부 장외 주식 양수도 계약 내용 확정
    ["20260814004224", "a change in contracts over the shares held"], // 보유주식등에 관한 계약 변경
    ["20230705000393", "on-market sales"], // 단순처분
    ["20241121000172", "on-market purchases"], // 장내 매수로 인한 지분율 변동
    ["20260202000968", "on-market purchases and sales"], // 단순추가취득/처분
    ["20250319000291", "a change in the purpose of holding"], // 일반투자목적에서 단순투자목적으로
    ["20250207000688", "the company's listing"], // 유가증권시장 상장에 따른 신규보고
    ["20230526000499", "a new holding of 5% or more"], // 5%이상 보유에 따른 신규보고
    ["20241030000276", "a change in its stake as the company's share count changed"], // 무상증자, 총발행주식수 증가
  ])("%s says why: %s", (rcptNo, reason) => {
    const input = realInput(rcptNo);
    expect(roleOf(input, "holding.reason")).toMatchObject({ kind: "enumeration", text: reason });
    expect(summaryOf(input)).toContain(`It reports ${reason}`);
  });

  it("VARIANT a holding sold out: states the zero it now holds, never a stake it keeps", () => {
    const input = variant("20230705000393", "이번 보고서: 21,971,248 | 4.49", "이번 보고서: 0 | 0.00");
    const summary = summaryOf(input);
    expect(summary).toContain("reported holding 0 shares of HMM (0%), down from 7.7% in its previous report");
    expect(summary).toContain("It reports on-market sales");
    expect(summary).not.toMatch(/holds the stake|It also states/);
  });

  it.each([
    ["20260814004224", "금전대여", "Of these, 4,500,000 shares (4.99%) are under a pledge as loan collateral."],
    [
      "20250918000358",
      "장외매매계약",
      "Of these, 35,065,870 shares (3.42%) are under an off-market sale and purchase agreement.",
    ],
  ])("%s names the contract over the shares (주요계약: %s)", (rcptNo, kind, sentence) => {
    const input = realInput(rcptNo);
    expect(roleOf(input, "holding.contract_kind")).toMatchObject({
      value: kind,
      source: { value: kind, column: "계약의종류" },
    });
    const summary = summaryOf(input);
    expect(summary).toContain(sentence);
    expect(summary).not.toContain("contracts such as pledges");
  });

  it("keeps the reason's Korean cell as its source", () => {
    expect(roleOf(realInput("20250918000358"), "holding.reason")?.source).toMatchObject({
      label: "보고사유",
      value: "에이치엠엠(주) 공개매수 청약에 따른주식 보유 비율 변동 및 주식 장외 매도",
    });
  });

  it("drops a correction row whose two readings are the same (the contract only confirmed)", () => {
    const summary = summaryOf(realInput("20230201000070"));
    expect(summary).toMatch(/^HD Hyundai Heavy Industries corrected its filing of January 3, 2023\. As corrected, /);
    expect(summary).not.toMatch(/[가-힣]/);
  });
});

describe("parties: undisclosed ones described, named ones in English, never romanised letter by letter", () => {
  it("writes a withheld shipowner as undisclosed, never as a romanised name", () => {
    const input = realInput("20251114800376"); // 계약상대: 오세아니아 소재 선사
    expect(roleOf(input, "contract.counterparty")).toMatchObject({
      value: "오세아니아 소재 선사",
      text: "an undisclosed shipowner based in Oceania",
    });
    const summary = summaryOf(input);
    expect(summary).toContain("from an undisclosed shipowner based in Oceania");
    expect(summary).not.toMatch(/Oseania|Sojae|Seonsa/);
  });

  it.each([
    ["글로벌 대형기업", "an undisclosed large global company"],
    ["유럽 소재 선주", "an undisclosed shipowner based in Europe"],
    ["북미 소재 완성차업체", "an undisclosed carmaker based in North America"],
    ["비공개", "an undisclosed party"],
    ["영업비밀", "an undisclosed party"],
    ["고객사(영업비밀)", "an undisclosed customer"],
    ["국내 대기업", "an undisclosed large company based in Korea"],
  ])("reads %s as %s", (korean, english) => {
    expect(readableName(korean)).toBe(english);
  });

  it("keeps a name that only looks like a description a name", () => {
    expect(readableName("글로벌텍")).not.toMatch(/undisclosed/);
    expect(readableName("신한은행")).toBe("Shinhan Bank");
  });

  it("says a tentative name (가칭) is one, and translates words with an English form", () => {
    expect(readableName("㈜청라스마트시티(가칭)")).toMatch(/^Cheongna Smart City Co\., Ltd\. .*\(tentative name\)$/);
    expect(readableName("청라스마트시티")).not.toMatch(/Cheongnaseumateusiti|Gaching/);
  });

  it.each([
    ["20250411800115", "from Korea Hydro & Nuclear Power Co., Ltd.", /Suryeogwonjaryeok/],
    [
      "20250331802527",
      "with KEPCO Engineering & Construction Co., Ltd., KUMHO Engineering & Construction, LS Electric",
      /Jeollyeok/,
    ],
    ["20251219000396", "from Seoul Housing & Communities Corporation", /Jutaekdosi/],
    ["20251223800049", "from Sinanui Offshore Wind Co., Ltd.", /Haesangpungnyeok/],
    [
      "20250929800006",
      "Apgujeong Apartment District Special Planning Zone 2 Reconstruction Project Association",
      /Jaegeonchuk/,
    ],
  ])("%s names its counterparty in English", (rcptNo, english, romanised) => {
    const summary = summaryOf(realInput(rcptNo));
    expect(summary).toContain(english);
    expect(summary).not.toMatch(romanised);
  });
});

describe("what the deal is: a contract's subject and an investment's target, from the glossary", () => {
  it.each([
    ["20251114800376", "Subject of the contract: 157,000 DWT crude oil tanker (2 vessels)."], // 원유운반선 2척
    ["20250730800046", "Subject of the contract: LFP battery supply contract."],
    [
      "20251223800049",
      "Subject of the contract: Sinan Ui offshore wind power plant engineering, procurement and construction (EPC) contract.",
    ],
    ["20250411800115", "Subject of the contract: fuel cell system long-term service agreement (LTSA)."],
    ["20251226800706", "Contract terminated: electric vehicle battery supply contract."],
    [
      "20240424800596",
      "Investment target: construction of Cheongju M15X; stated purpose: expanding next-generation DRAM production capacity to meet anticipated semiconductor demand.",
    ],
    [
      "20251016800144",
      "Investment target: container ship and VLCC newbuilding; stated purpose: strengthening fleet competitiveness.",
    ],
    [
      "20250730800037",
      "Investment target: new transformer plant for HVDC (ultra-high-voltage direct-current transmission)",
    ],
  ])("%s states what the deal is", (rcptNo, sentence) => {
    expect(summaryOf(realInput(rcptNo))).toContain(sentence);
  });

  it("keeps the Korean as the fact's source", () => {
    expect(roleOf(realInput("20251114800376"), "contract.description")).toMatchObject({
      kind: "enumeration",
      value: "157,000 DWT 원유운반선 2척",
      source: { label: "- 세부내용", value: "157,000 DWT 원유운반선 2척" },
    });
    expect(roleOf(realInput("20240424800596"), "investment.target")?.source.label).toBe("- 투자대상");
  });

  it("quotes a term outside the glossary in Korean, marked, never romanised", () => {
    const input = realInput("20260128800054"); // 체결계약명: 다파론정/다파론듀오서방정 멕시코 수출 공급계약
    expect(roleOf(input, "contract.description")?.text).toBe(
      '"다파론정/다파론듀오서방정 멕시코 수출 공급계약" (Korean, untranslated)',
    );
    expect(summaryOf(input)).not.toMatch(/Daparon|Dapa/i);
  });

  it.each([
    ["LNG운반선 4척", "LNG carrier (4 vessels)"],
    ["원유운반선", "crude oil tanker"],
    [
      "초고압 변압기 생산을 위한 시설 증설 투자",
      "facility expansion investment for ultra-high-voltage transformer production",
    ],
    ["양극재 공장 신설", "new cathode material plant"],
    ["알수없는 제품 공급", '"알수없는 제품 공급" (Korean, untranslated)'],
  ])("glossary: %s → %s", (korean, english) => {
    expect(glossaryText(korean)).toBe(english);
  });
});

describe("a placement's allottees and lock-up, a tender offer's price", () => {
  it("names HYBE's third-party allottees with their shares and the lock-up", () => {
    const input = realInput("20230209000226");
    expect(roleOf(input, "rights.allottee")).toMatchObject({
      value: "Pierre Thomas",
      source: { label: "제3자배정 대상자", value: "Pierre Thomas" },
    });
    expect(roleOf(input, "rights.allottee_shares")).toMatchObject({ kind: "shares", value: 182_064 });
    expect(roleOf(input, "rights.lockup")).toMatchObject({ value: "면제(의무보유 1년)", text: "a lock-up of 1 year" });
    expect(summaryOf(input)).toContain(
      "The new shares go to Pierre Thomas (182,064 shares) and Kevin Lee (182,064 shares), with a lock-up of 1 year.",
    );
  });

  it("states the tender offer's price from the notes' prose, with its sentence as source", () => {
    const input = realInput("20250814003240");
    expect(roleOf(input, "tender.price")).toMatchObject({
      kind: "amount",
      value: 26_200,
      source: { label: "1주당 공개매수가격", value: "26,200원" },
    });
    expect(summaryOf(input)).toContain("through a tender offer");
    expect(summaryOf(input)).toContain("at KRW 26,200 per share");
  });

  it("never reads a phrase rule into a cell when its phrase is absent (the disposal keeps its held shares)", () => {
    expect(summaryOf(realInput("20230628000356"))).toContain("Before the disposal it held 973,300 common shares");
    expect(roleOf(realInput("20230628000356"), "tender.price")).toBeUndefined();
  });
});
