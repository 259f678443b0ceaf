/**
 * Key-figure extraction and the offline generator, on real filing bodies (tests/fixtures/
 * documents) and, for the types no real body was found for, on bodies CONSTRUCTED from the
 * OpenDART field layouts (tests/fixtures/documents/constructed.ts; figures invented except
 * the convertible-bond decision's, which are the real cvbdIsDecsn.json values).
 */
import { describe, expect, it } from "vitest";
import { classifyFiling, EVENT_TYPES, normalizeReportNm } from "@/lib/classify";
import {
  composeOfflineAnswer,
  composeOfflineSummary,
  extractKeyFacts,
  validateSummary,
  type SummaryInput,
} from "@/lib/summaries";
import * as constructed from "../fixtures/documents/constructed";
import { REAL_FILINGS, realBody, summaryInputOf, type FilingFixture } from "./support";

function inputFor(
  filing: Pick<FilingFixture, "rcptNo" | "reportNm" | "corpName" | "ticker" | "flrNm">,
  body: string | null,
): SummaryInput {
  const c = classifyFiling({ reportNm: filing.reportNm, corpName: filing.corpName, flrNm: filing.flrNm });
  return summaryInputOf({
    rcptNo: filing.rcptNo,
    rceptDt: `${filing.rcptNo.slice(0, 4)}-${filing.rcptNo.slice(4, 6)}-${filing.rcptNo.slice(6, 8)}`,
    corpName: filing.corpName,
    ticker: filing.ticker,
    reportNm: normalizeReportNm(filing.reportNm),
    reportNmEn: c.reportNmEn,
    eventType: c.eventType,
    eventLabelEn: EVENT_TYPES.find((t) => t.eventType === c.eventType)!.labelEn,
    classifierScore: c.importanceScore,
    actionableFor: [...c.actionableFor],
    body,
  });
}

const real = (rcptNo: string) => {
  const filing = REAL_FILINGS.find((f) => f.rcptNo === rcptNo)!;
  return inputFor(filing, realBody(rcptNo));
};
const made = (reportNm: string, body: string) =>
  inputFor({ rcptNo: "20260716000001", reportNm, corpName: "테스트전자", ticker: "999990" }, body);
const facts = (input: SummaryInput) => extractKeyFacts({ ...input, body: input.body! });

describe("key figures of real filing bodies", () => {
  it("reads revenue and operating profit with their changes from a preliminary-earnings filing (Samsung Electronics, 2026 Q2)", () => {
    expect(facts(real("20260730800123"))).toEqual({
      kind: "preliminary_results",
      periodStart: "2026-04-01",
      periodEnd: "2026-06-30",
      // The table is in trillions of won (단위 : 조원).
      revenue: {
        current: 171.5e12,
        priorQuarter: 133.87e12,
        quarterChangePercent: 28.11,
        yearAgo: 74.57e12,
        yearChangePercent: 130,
        yearTurn: undefined,
      },
      operatingProfit: {
        current: 89.49e12,
        priorQuarter: 57.23e12,
        quarterChangePercent: 56.37,
        yearAgo: 4.68e12,
        yearChangePercent: 1813.83,
        yearTurn: undefined,
      },
      netIncome: expect.objectContaining({ current: undefined }),
    });
  });

  it("reads a debt guarantee: debtor, creditor, amounts and share of equity", () => {
    expect(facts(real("20260729900778"))).toMatchObject({
      kind: "debt_guarantee",
      debtor: "주식회사 한국파일",
      debtorRelation: "종속회사",
      creditor: "신한은행",
      debtAmount: 8_600_000_000,
      guaranteeAmount: 3_725_385_833,
      equity: 54_720_091_790,
      equityPercent: 6.8,
      totalOutstanding: 8_637_495_560,
      start: undefined,
      end: undefined,
    });
  });

  it("reads a conversion-price adjustment laid out as column tables", () => {
    expect(facts(real("20260415900781"))).toEqual({
      kind: "conversion_price_adjustment",
      series: 4,
      priceBefore: 1163,
      priceAfter: 1162,
      sharesBefore: 34_393_809,
      sharesAfter: 34_423_407,
      outstanding: 40_000_000_000,
      reason: "시가하락에 따른 전환가액의 조정",
      effectiveDate: "2026-04-15",
    });
  });

  it("reads a 5% holding report: the holder, its stake before and after, the reason", () => {
    expect(facts(real("20260814004224"))).toEqual({
      kind: "holding_report",
      reporter: "(주)캐디언스시스템",
      reporterEnglish: "CADians System Corp",
      relation: "최대주주",
      before: { shares: 6_052_211, percent: 6.71 },
      after: { shares: 6_052_211, percent: 6.71 },
      reason: "보유주식등에 관한 계약 변경",
      obligationDate: "2026-08-07",
      purpose: "management",
      // 4,500,000 shares pledged for two loans of 680,000,000 won at 12%.
      contractShares: 4_500_000,
      contractPercent: 4.99,
      contractKind: "pledge",
      loans: [
        { amount: 680_000_000, rate: 12 },
        { amount: 680_000_000, rate: 12 },
      ],
    });
  });

  it("extracts nothing from forms without a reader or whose figures the source lost", () => {
    // The treasury-stock result report's tables came through without their values.
    expect(facts(real("20260424000778"))).toBeNull();
    expect(facts(real("20260814903169"))).toBeNull(); // an IR event
    expect(facts(real("20260821000493"))).toBeNull(); // an executive's ownership report, not a 5% report
  });
});

describe("key figures of CONSTRUCTED bodies (OpenDART field layouts, invented figures)", () => {
  it("supply contract: counterparty, amount, share of revenue, period", () => {
    expect(facts(made("단일판매ㆍ공급계약체결", constructed.SUPPLY_CONTRACT))).toEqual({
      kind: "supply_contract",
      counterparty: "Northvolt Ett AB",
      counterpartyRelation: undefined,
      amount: 52_300_000_000,
      recentRevenue: 210_512_000_000,
      revenuePercent: 24.84,
      start: "2026-07-10",
      end: "2027-06-30",
      contractDate: "2026-07-10",
    });
  });

  it("rights offering: new shares, provisional issue price, method, purposes, dates", () => {
    expect(facts(made("주요사항보고서(유상증자결정)", constructed.RIGHTS_OFFERING))).toEqual({
      kind: "rights_offering",
      newShares: 12_000_000,
      sharesBefore: 48_000_000,
      issuePrice: 3800,
      issuePriceConfirmed: false,
      method: "주주배정후 실권주 일반공모",
      funding: [
        { purpose: "시설자금", amount: 30_000_000_000 },
        { purpose: "운영자금", amount: 15_600_000_000 },
      ],
      recordDate: "2026-08-14",
      paymentDate: "2026-09-22",
      listingDate: "2026-10-05",
    });
  });

  it("dividend: per-share amounts, yield, total, record and payment dates", () => {
    expect(facts(made("현금ㆍ현물배당결정", constructed.DIVIDEND))).toEqual({
      kind: "dividend",
      dividendKind: "분기배당",
      perShareCommon: 361,
      perSharePreferred: 362,
      yieldCommon: 0.6,
      total: 2_453_315_484_040,
      recordDate: "2026-06-30",
      paymentDate: "2026-08-20",
    });
  });

  it("treasury stock acquisition and disposal", () => {
    expect(facts(made("주요사항보고서(자기주식취득결정)", constructed.TREASURY_ACQUISITION))).toMatchObject({
      kind: "treasury_acquisition",
      shares: 1_000_000,
      amount: 50_000_000_000,
      start: "2026-07-10",
      end: "2026-10-09",
      purpose: "주주가치 제고 및 주가안정",
      broker: "미래에셋증권",
    });
    expect(facts(made("주요사항보고서(자기주식처분결정)", constructed.TREASURY_DISPOSAL))).toMatchObject({
      kind: "treasury_disposal",
      shares: 200_000,
      pricePerShare: 55_000,
      amount: 11_000_000_000,
      method: "장외처분",
      purpose: "임직원 성과보상",
      broker: undefined,
    });
  });

  it("change of largest shareholder: holders and stakes before and after", () => {
    expect(facts(made("최대주주변경", constructed.LARGEST_SHAREHOLDER_CHANGE))).toEqual({
      kind: "largest_shareholder_change",
      before: { holder: "김철수 외 2인", shares: 3_200_000, percent: 18.52 },
      after: { holder: "주식회사 에이치홀딩스 외 1인", shares: 4_100_000, percent: 23.7 },
      reason: "제3자배정 유상증자에 따른 신주 취득",
      changeDate: "2026-07-14",
    });
  });

  it("convertible bond decision (real values of receipt 20260910000549 in the form's layout)", () => {
    expect(facts(made("주요사항보고서(전환사채권발행결정)", constructed.CONVERTIBLE_BOND_DECISION))).toMatchObject({
      kind: "convertible_bond",
      series: 6,
      faceValue: 18_000_000_000,
      placement: "사모",
      couponPercent: 2,
      maturityYieldPercent: 6.5,
      maturity: "2029-09-18",
      conversionPrice: 1719,
      sharesOnConversion: 10_471_204,
      conversionStart: "2027-09-18",
      conversionEnd: "2029-08-18",
      refixFloor: 1203,
      paymentDate: "2026-09-18",
      funding: [{ purpose: "운영자금", amount: 18_000_000_000 }],
    });
  });
});

describe("the offline generator", () => {
  const everyBody: [string, SummaryInput][] = [
    ...REAL_FILINGS.map((f): [string, SummaryInput] => [`real ${f.rcptNo} ${f.reportNm}`, real(f.rcptNo)]),
    ["constructed supply contract", made("단일판매ㆍ공급계약체결", constructed.SUPPLY_CONTRACT)],
    ["constructed rights offering", made("주요사항보고서(유상증자결정)", constructed.RIGHTS_OFFERING)],
    ["constructed dividend", made("현금ㆍ현물배당결정", constructed.DIVIDEND)],
    ["constructed treasury acquisition", made("주요사항보고서(자기주식취득결정)", constructed.TREASURY_ACQUISITION)],
    ["constructed treasury disposal", made("주요사항보고서(자기주식처분결정)", constructed.TREASURY_DISPOSAL)],
    ["constructed largest-shareholder change", made("최대주주변경", constructed.LARGEST_SHAREHOLDER_CHANGE)],
    ["convertible bond decision", made("주요사항보고서(전환사채권발행결정)", constructed.CONVERTIBLE_BOND_DECISION)],
  ];

  it.each(everyBody)("writes a summary of %s that passes the validator, with its facts", (_, input) => {
    const answer = composeOfflineAnswer(input);
    expect(answer.facts.length).toBeGreaterThan(0);
    expect(validateSummary(input, { ...answer, importanceScore: input.classifierScore })).toMatchObject({ ok: true });
  });

  it("states the extracted figures in English, company and event first", () => {
    const summary = composeOfflineSummary(real("20260730800123"));
    // Deliberately changed: a wire-style lead with the corrected figures, no title restated.
    expect(summary).toMatch(
      /^Test Electronics corrected its preliminary consolidated results for April 1, 2026 to June 30, 2026: revenue of KRW 171.5 trillion and operating profit of KRW 89.49 trillion, against KRW 171 trillion and KRW 89.4 trillion first reported\./,
    );
    expect(summary).toContain("Revenue was up 130% from KRW 74.57 trillion a year earlier");
    expect(summary).not.toContain("filing titled");
    const guarantee = composeOfflineSummary(real("20260729900778"));
    // Readable names: the bank translated, the subsidiary's corporate form translated and the rest romanised.
    expect(guarantee).toContain(
      'guarantee KRW 3.725 billion of debt owed by Hangukpail Co., Ltd. ("주식회사 한국파일"), a subsidiary, to Shinhan Bank',
    );
  });

  it("refuses to write a summary from the title alone", () => {
    const input = made("단일판매ㆍ공급계약체결", constructed.SUPPLY_CONTRACT);
    expect(() => composeOfflineSummary({ ...input, body: null })).toThrow(/no body or structured record/);
  });

  it("is deterministic", () => {
    const input = real("20260814004224");
    expect(composeOfflineSummary(input)).toBe(composeOfflineSummary({ ...input }));
  });
});

describe("readings that need the body's words, not the printed figures (CONSTRUCTED bodies)", () => {
  it("a free contribution of treasury shares is not a sale: no proceeds, the price is a reference", () => {
    const input = made("주요사항보고서(자기주식처분결정)", constructed.TREASURY_FREE_CONTRIBUTION);
    const answer = composeOfflineAnswer(input);
    expect(answer.summaryEn).toContain(
      "contribute 30,000 treasury common shares free of charge to its employee stock ownership association",
    );
    expect(answer.summaryEn).toContain("KRW 41,250 per share, a reference price rather than money received");
    expect(answer.summaryEn).not.toMatch(/\bsell\b|KRW 1.2375 billion/);
    expect(validateSummary(input, { ...answer, importanceScore: input.classifierScore })).toMatchObject({ ok: true });
  });

  it("an operating loss that widened is said to widen, whatever sign the printed rate has", () => {
    const input = made("영업(잠정)실적(공정공시)", constructed.PRELIMINARY_LOSS);
    const answer = composeOfflineAnswer(input);
    expect(answer.summaryEn).toContain("an operating loss of KRW 12 billion");
    expect(answer.summaryEn).toContain("The operating loss was widening from a loss of KRW 6 billion a year earlier");
    expect(answer.summaryEn).not.toMatch(/down 100%|up 100%|operating profit/i);
    expect(validateSummary(input, { ...answer, importanceScore: input.classifierScore })).toMatchObject({ ok: true });
  });
});

describe("types without a real body (CONSTRUCTED bodies, invented figures)", () => {
  it("litigation: plaintiff, claim, share of equity, court and dates", () => {
    const input = made("소송등의제기ㆍ신청(일정금액이상의청구)", constructed.LITIGATION);
    const answer = composeOfflineAnswer(input);
    expect(answer.summaryEn).toContain(
      'Test Electronics was sued by Eibissitekeu Co., Ltd. ("주식회사 에이비씨테크") for damages of KRW 12.5 billion (5% of its equity) at the Seoul Central District Court',
    );
    expect(validateSummary(input, { ...answer, importanceScore: input.classifierScore })).toMatchObject({ ok: true });
  });

  it("a type with no reader still states the figures under labels the dictionary knows", () => {
    const input = made("신규시설투자등", constructed.FACILITY_INVESTMENT);
    const answer = composeOfflineAnswer(input);
    expect(answer.summaryEn).toContain("investment amount of KRW 45 billion");
    expect(answer.summaryEn).toContain("share of equity of 15%");
    expect(validateSummary(input, { ...answer, importanceScore: input.classifierScore })).toMatchObject({ ok: true });
  });
});
