import { describe, expect, it } from "vitest";
import {
  AUDIENCE_TAGS,
  classifyFiling,
  EVENT_TYPES,
  normalizeReportNm,
  type AudienceTag,
  type EventType,
  type FilingInput,
} from "@/lib/classify";
import { measureCoverage } from "@/lib/classify/coverage";
import { FORM_RULES } from "@/lib/classify/forms";
import { keywordEventType } from "@/lib/classify/keywords";
import { splitGroups } from "@/lib/classify/title";
import fixture from "@/tests/fixtures/filings/filing-titles.json";

interface Case {
  name: string;
  input: FilingInput;
  eventType: EventType;
  reportNmEn: string;
  importanceScore: number;
  actionableFor: AudienceTag[];
}

const TRADERS_LONG_TERM: AudienceTag[] = ["traders", "long_term_investors"];
const DISTRESS: AudienceTag[] = ["traders", "long_term_investors", "creditors"];
const HYBRID_BOND: AudienceTag[] = ["traders", "long_term_investors", "convertible_arbitrage", "creditors"];

/**
 * Real rows (title padding, corp_name, flr_nm and rm as DART sent them) from the shared filing
 * data, except the last few, which exercise fallbacks no real title needs.
 */
const CASES: Case[] = [
  {
    name: "padded exchange sanction filed by the exchange (no third-party reduction)",
    input: {
      reportNm: "불성실공시법인지정              ",
      corpName: "까뮤이앤씨",
      flrNm: "유가증권시장본부",
      rm: "유",
    },
    eventType: "UNFAITHFUL_DISCLOSURE",
    reportNmEn: "Designation as Unfaithful Disclosure Corporation",
    importanceScore: 7,
    actionableFor: ["traders", "governance_watchers"],
  },
  {
    name: "padding in the middle, qualifier narrows a generic notice",
    input: {
      reportNm: "투자유의안내              (상장폐지 기준 해당)",
      corpName: "제이알글로벌리츠",
      flrNm: "유가증권시장본부",
      rm: "유",
    },
    eventType: "DELISTING_RISK",
    reportNmEn: "Investment Caution Notice (Meets Delisting Criteria)",
    importanceScore: 8,
    actionableFor: DISTRESS,
  },
  {
    name: "market-cap warning with a translated amount",
    input: {
      reportNm: "기타시장안내(관리종목지정우려종목)              (시가총액 200억원 미달)",
      corpName: "이노시스",
      flrNm: "코스닥시장본부",
      rm: "코",
    },
    eventType: "DELISTING_RISK",
    reportNmEn:
      "Other Market Notice (At Risk of Administrative Issue Designation) (Market Capitalisation below KRW 20bn)",
    importanceScore: 8,
    actionableFor: DISTRESS,
  },
  {
    name: "major-issues report: the kind is the event",
    input: { reportNm: "주요사항보고서(유상증자결정)", corpName: "셀리드", flrNm: "셀리드", rm: "" },
    eventType: "RIGHTS_OFFERING",
    reportNmEn: "Decision of Paid-in Capital Increase (Report on Major Issues)",
    importanceScore: 7,
    actionableFor: TRADERS_LONG_TERM,
  },
  {
    name: "amendment keeps the type, says so and scores lower",
    input: { reportNm: "[기재정정]주요사항보고서(전환사채권발행결정)", corpName: "한화솔루션", flrNm: "한화솔루션" },
    eventType: "CONVERTIBLE_BOND_ISSUANCE",
    reportNmEn: "Amendment: Decision on Convertible Bond Issuance (Report on Major Issues)",
    importanceScore: 5,
    actionableFor: HYBRID_BOND,
  },
  {
    name: "subsidiary's event",
    input: { reportNm: "유상증자결정(종속회사의주요경영사항)", corpName: "한화", flrNm: "한화" },
    eventType: "RIGHTS_OFFERING",
    reportNmEn: "Decision of Paid-in Capital Increase (Subsidiary)",
    importanceScore: 5,
    actionableFor: TRADERS_LONG_TERM,
  },
  {
    name: "amended major-issues report of a subsidiary",
    input: { reportNm: "[기재정정]주요사항보고서(유상증자결정)(자회사의 주요경영사항)", corpName: "SK", flrNm: "SK" },
    eventType: "RIGHTS_OFFERING",
    reportNmEn: "Amendment: Decision of Paid-in Capital Increase (Report on Major Issues) (Subsidiary)",
    importanceScore: 3,
    actionableFor: TRADERS_LONG_TERM,
  },
  {
    name: "5% holding report by a third party",
    input: {
      reportNm: "주식등의대량보유상황보고서(일반)",
      corpName: "글로벌커넥트플랫폼홀딩스",
      flrNm: "LG유플러스",
      rm: "",
    },
    eventType: "MAJOR_SHAREHOLDER_FILING",
    reportNmEn: "Report on Significant Holdings of Stocks, etc. (General)",
    importanceScore: 2,
    actionableFor: ["governance_watchers", "traders"],
  },
  {
    name: "the same report filed by the company itself",
    input: {
      reportNm: "주식등의대량보유상황보고서(일반)",
      corpName: "글로벌커넥트플랫폼홀딩스",
      flrNm: "글로벌커넥트플랫폼홀딩스",
    },
    eventType: "MAJOR_SHAREHOLDER_FILING",
    reportNmEn: "Report on Significant Holdings of Stocks, etc. (General)",
    importanceScore: 3,
    actionableFor: ["governance_watchers", "traders"],
  },
  {
    name: "insider ownership report by an executive",
    input: { reportNm: "임원ㆍ주요주주특정증권등소유상황보고서", corpName: "삼성전자", flrNm: "허은녕", rm: "" },
    eventType: "MAJOR_SHAREHOLDER_FILING",
    reportNmEn: "Report on Specific Securities Owned by Executives and Major Shareholders",
    importanceScore: 1,
    actionableFor: ["governance_watchers", "traders"],
  },
  {
    name: "exchange inquiry",
    input: {
      reportNm: "조회공시요구(현저한시황변동)              ",
      corpName: "에스엘에스바이오",
      flrNm: "코스닥시장본부",
      rm: "코",
    },
    eventType: "EXCHANGE_INQUIRY",
    reportNmEn: "Exchange Inquiry Request (Significant Price or Volume Change)",
    importanceScore: 6,
    actionableFor: ["traders"],
  },
  {
    name: "answer to an inquiry: the longer form wins over 조회공시요구",
    input: {
      reportNm: "조회공시요구(풍문또는보도)에대한답변(미확정)              ",
      corpName: "카카오",
      flrNm: "카카오",
      rm: "유",
    },
    eventType: "RUMOR_CLARIFICATION",
    reportNmEn: "Response to Inquiry on a Rumour or Press Report (Undetermined)",
    importanceScore: 5,
    actionableFor: ["traders"],
  },
  {
    name: "embezzlement, later amended (rm 정)",
    input: { reportNm: "횡령ㆍ배임혐의발생", corpName: "오스템임플란트", flrNm: "오스템임플란트", rm: "코정" },
    eventType: "EMBEZZLEMENT_ALLEGATION",
    reportNmEn: "Allegation of Embezzlement or Breach of Trust",
    importanceScore: 8,
    actionableFor: ["traders", "long_term_investors", "creditors", "governance_watchers"],
  },
  {
    name: "withdrawn filing (rm 철)",
    input: { reportNm: "투자설명서", corpName: "현대엔지니어링", flrNm: "현대엔지니어링", rm: "철" },
    eventType: "PROSPECTUS_FILING",
    reportNmEn: "Prospectus (Withdrawn)",
    importanceScore: 1,
    actionableFor: ["long_term_investors", "creditors"],
  },
  {
    name: "revenue or profit swing with parentheses inside the form name",
    input: { reportNm: "매출액또는손익구조30%(대규모법인은15%)이상변경", corpName: "대유플러스", flrNm: "대유플러스" },
    eventType: "REVENUE_PROFIT_CHANGE",
    reportNmEn: "Change of 30% (15% for Large Corporations) or More in Revenue or Profit",
    importanceScore: 6,
    actionableFor: ["traders", "long_term_investors", "creditors"],
  },
  {
    name: "exchangeable bond",
    input: { reportNm: "주요사항보고서(교환사채권발행결정)", corpName: "한미반도체", flrNm: "한미반도체" },
    eventType: "EXCHANGEABLE_BOND_ISSUANCE",
    reportNmEn: "Decision on Exchangeable Bond Issuance (Report on Major Issues)",
    importanceScore: 6,
    actionableFor: HYBRID_BOND,
  },
  {
    name: "independent director (2026 form name)",
    input: { reportNm: "독립이사의선임ㆍ해임또는중도퇴임에관한신고", corpName: "광진실업", flrNm: "광진실업", rm: "" },
    eventType: "INDEPENDENT_DIRECTOR_CHANGE",
    reportNmEn: "Report on the Appointment, Dismissal or Early Retirement of Independent Directors",
    importanceScore: 2,
    actionableFor: ["governance_watchers"],
  },
  {
    name: "periodic report with its period",
    input: { reportNm: "사업보고서 (2026.06)", corpName: "제이알글로벌리츠", flrNm: "제이알글로벌리츠", rm: "연" },
    eventType: "PERIODIC_REPORT",
    reportNmEn: "Annual Report (2026.06)",
    importanceScore: 3,
    actionableFor: ["long_term_investors", "creditors"],
  },
  {
    name: "amended and superseded periodic report clamps at 1",
    input: { reportNm: "[기재정정]사업보고서(2019.12)", corpName: "케이티앤지", flrNm: "케이티앤지", rm: "정" },
    eventType: "PERIODIC_REPORT",
    reportNmEn: "Amendment: Annual Report (2019.12)",
    importanceScore: 1,
    actionableFor: ["long_term_investors", "creditors"],
  },
  {
    name: "FSS correction order on a merger report takes the merger's type",
    input: { reportNm: "정정명령부과( 2026.07.01. 제출 주요사항보고서(회사합병 결정) )", corpName: "휴맥스홀딩스" },
    eventType: "MERGER",
    reportNmEn: "FSS Correction Order: Decision on Company Merger (Report on Major Issues) (filed 2026.07.01)",
    importanceScore: 8,
    actionableFor: ["merger_arbitrage", "traders", "long_term_investors"],
  },
  {
    name: "FSS effectiveness notice keeps its own type",
    input: {
      reportNm: "효력발생안내( 2021.12.29. 제출 증권신고서(집합투자증권-신탁형) )",
      corpName: "삼성자산운용",
      flrNm: "금융감독원",
    },
    eventType: "SHELF_REGISTRATION_EFFECTIVE",
    reportNmEn:
      "Notice of Effectiveness: Securities Registration Statement (Collective Investment Securities – Trust Type) (filed 2021.12.29)",
    importanceScore: 1,
    actionableFor: ["creditors"],
  },
  {
    name: "technical trading halt",
    input: { reportNm: "주권매매거래정지 (무상증자)", corpName: "에이텍", flrNm: "코스닥시장본부", rm: "코" },
    eventType: "TRADING_SUSPENSION",
    reportNmEn: "Suspension of Trading (Bonus Issue)",
    importanceScore: 4,
    actionableFor: ["traders", "long_term_investors"],
  },
  {
    name: "trading halt for a listing-eligibility review",
    input: {
      reportNm: "주권매매거래정지(상장적격성 실질심사 대상(사유발생))",
      corpName: "쌍방울",
      flrNm: "유가증권시장본부",
      rm: "유",
    },
    eventType: "TRADING_SUSPENSION",
    reportNmEn: "Suspension of Trading (Cause for Listing Eligibility Review)",
    importanceScore: 10,
    actionableFor: ["traders", "long_term_investors"],
  },
  {
    name: "trust contract extension prefix",
    input: {
      reportNm: "[연장결정]주요사항보고서(자기주식취득신탁계약체결결정)",
      corpName: "삼천리",
      flrNm: "삼천리",
      rm: "유",
    },
    eventType: "TREASURY_STOCK_TRUST",
    reportNmEn:
      "Trust Contract Extended: Decision on Conclusion of Treasury Stock Acquisition Trust Contract (Report on Major Issues)",
    importanceScore: 2,
    actionableFor: ["dividend_investors", "traders"],
  },
  {
    name: "attachment added",
    input: { reportNm: "[첨부추가]기업설명회(IR)개최", corpName: "SK하이닉스", flrNm: "SK하이닉스", rm: "유" },
    eventType: "IR_EVENT",
    reportNmEn: "Attachment Added: Investor Relations (IR) Meeting",
    importanceScore: 1,
    actionableFor: ["long_term_investors"],
  },
  {
    name: "final issue terms of an equity offering",
    input: { reportNm: "[발행조건확정]증권신고서(지분증권)", corpName: "에스디바이오센서", flrNm: "에스디바이오센서" },
    eventType: "PROSPECTUS_FILING",
    reportNmEn: "Final Issue Terms: Securities Registration Statement (Equity Securities)",
    importanceScore: 3,
    actionableFor: ["long_term_investors", "creditors"],
  },
  {
    name: "free text narrows a voluntary catch-all",
    input: {
      reportNm: "기타경영사항(자율공시) (제14회차 신주인수권부사채 만기전 취득 후 재매각 결정)",
      corpName: "이엠앤아이",
      flrNm: "이엠앤아이",
    },
    eventType: "CONVERTIBLE_BOND_RESALE",
    reportNmEn: "Other Management Matters (Voluntary Disclosure) (Resale of Repurchased Bonds)",
    importanceScore: 4,
    actionableFor: ["convertible_arbitrage", "traders", "governance_watchers"],
  },
  {
    name: "subsidiary's clinical news in free text (nested parentheses, Latin inside) drops the Korean",
    input: {
      reportNm:
        "투자판단관련주요경영사항(자회사의 주요경영사항) (펙수클루정(Fexuclue)의 적응증 추가 국내 3상 임상시험계획(IND) 승인(미란성 위식도역류질환 치료 후 유지요법))",
      corpName: "종근당홀딩스",
      flrNm: "종근당홀딩스",
    },
    eventType: "CLINICAL_TRIAL",
    reportNmEn:
      "Material Management Matters Relevant to Investment Decisions (Subsidiary) (Clinical Trial or Approval)",
    importanceScore: 4,
    actionableFor: TRADERS_LONG_TERM,
  },
  {
    name: "bond series list",
    input: { reportNm: "[기재정정]전환청구권행사(제19회차,제21회차)", corpName: "에이치엘비", flrNm: "에이치엘비" },
    eventType: "CONVERTIBLE_BOND_CONVERSION",
    reportNmEn: "Amendment: Exercise of Conversion Rights (Series 19, 21)",
    importanceScore: 2,
    actionableFor: ["convertible_arbitrage", "traders"],
  },
  {
    name: "completion report of a division",
    input: { reportNm: "합병등종료보고서(분할)", corpName: "대웅", flrNm: "대웅" },
    eventType: "SPIN_OFF",
    reportNmEn: "Report on Conclusion of Merger, etc. (Division)",
    importanceScore: 4,
    actionableFor: ["merger_arbitrage", "long_term_investors", "traders"],
  },
  {
    name: "holding change that changes the largest shareholder",
    input: { reportNm: "최대주주등소유주식변동신고서(최대주주변경시)", corpName: "위즈코프", flrNm: "위즈코프" },
    eventType: "CONTROL_CHANGE",
    reportNmEn: "Report on Changes in Shares Held by the Largest Shareholder, etc. (Change of Largest Shareholder)",
    importanceScore: 6,
    actionableFor: ["traders", "governance_watchers", "merger_arbitrage"],
  },
  {
    name: "amended control-change pledge",
    input: {
      reportNm: "[기재정정]최대주주변경을수반하는주식담보제공계약체결              ",
      corpName: "인터로조",
      flrNm: "인터로조",
      rm: "코",
    },
    eventType: "CONTROL_CHANGE_PLEDGE",
    reportNmEn: "Amendment: Share Pledge Agreement Entailing Change of Largest Shareholder",
    importanceScore: 4,
    actionableFor: ["traders", "governance_watchers", "creditors"],
  },
  {
    name: "middle dot written as U+00B7 still matches the form spelled with ㆍ",
    input: { reportNm: "주식교환·이전결정" },
    eventType: "SHARE_EXCHANGE",
    reportNmEn: "Decision on Stock Exchange/Transfer",
    importanceScore: 7,
    actionableFor: ["merger_arbitrage", "traders", "long_term_investors"],
  },
  {
    name: "unknown form: keyword fallback with the event label (constructed title)",
    input: { reportNm: "투자경고종목지정(예고)" },
    eventType: "MARKET_WARNING",
    reportNmEn: "Exchange Market Warning",
    importanceScore: 5,
    actionableFor: ["traders"],
  },
  {
    name: "unrecognised amendment (constructed title)",
    input: { reportNm: "[기재정정]가나다라마바사" },
    eventType: "AMENDMENT",
    reportNmEn: "Amendment to a Prior Filing",
    importanceScore: 2,
    actionableFor: ["long_term_investors"],
  },
  {
    name: "unrecognised title (constructed)",
    input: { reportNm: "가나다라마바사(자율공시)" },
    eventType: "OTHER",
    reportNmEn: "Other Disclosure (Voluntary Disclosure)",
    importanceScore: 1,
    actionableFor: ["long_term_investors"],
  },
];

const HANGUL = /[\u1100-\u11FF\u3130-\u318F\uA960-\uA97F\uAC00-\uD7AF\uD7B0-\uD7FF]/;
const EVENT_TYPE_FORMAT = /^[A-Z]+(_[A-Z]+)*$/;
const AUDIENCE_FORMAT = /^[a-z]+(_[a-z]+)*$/;

const listedTitles = fixture.titles.map(({ reportNm }) => reportNm);
const everyRealTitle = [...listedTitles, ...fixture.unlistedTitles];

describe("classifyFiling on real titles", () => {
  it.each(CASES)("$name", ({ input, eventType, reportNmEn, importanceScore, actionableFor }) => {
    expect(classifyFiling(input)).toEqual({
      eventType,
      reportNmEn,
      importanceScore,
      numericExpectation: EVENT_TYPES.find((type) => type.eventType === eventType)!.numericExpectation,
      actionableFor,
    });
  });

  it("is deterministic and ignores padding", () => {
    const padded = classifyFiling({ reportNm: "  단일판매ㆍ공급계약체결              (자율공시)  " });
    expect(classifyFiling({ reportNm: "단일판매ㆍ공급계약체결(자율공시)" })).toEqual(padded);
    expect(classifyFiling({ reportNm: "  단일판매ㆍ공급계약체결              (자율공시)  " })).toEqual(padded);
  });
});

describe("invariants over every real title", () => {
  it.each([null, "철", "유정", "코"])("English only, valid names and scores 1..10 (rm %s)", (rm) => {
    for (const reportNm of everyRealTitle) {
      for (const filer of [{}, { corpName: "회사", flrNm: "국민연금공단" }]) {
        const result = classifyFiling({ reportNm, rm, ...filer });
        expect(result.reportNmEn, reportNm).not.toMatch(HANGUL);
        expect(result.reportNmEn.trim(), reportNm).not.toBe("");
        expect(result.eventType).toMatch(EVENT_TYPE_FORMAT);
        expect(Number.isInteger(result.importanceScore)).toBe(true);
        expect(result.importanceScore).toBeGreaterThanOrEqual(1);
        expect(result.importanceScore).toBeLessThanOrEqual(10);
        expect(["HIGH", "LOW"]).toContain(result.numericExpectation);
        for (const tag of result.actionableFor) expect(tag).toMatch(AUDIENCE_FORMAT);
      }
    }
  });

  it("an amendment, a subsidiary or a third-party filer never raises the score", () => {
    for (const reportNm of listedTitles) {
      const own = classifyFiling({ reportNm, corpName: "회사", flrNm: "회사" });
      const variants: FilingInput[] = [
        { reportNm: `[기재정정]${reportNm}` },
        { reportNm: `${reportNm}(자회사의 주요경영사항)` },
        { reportNm, corpName: "회사", flrNm: "국민연금공단" },
      ];
      for (const variant of variants) {
        expect(classifyFiling(variant).importanceScore, variant.reportNm).toBeLessThanOrEqual(own.importanceScore);
      }
    }
  });
});

describe("coverage of real listed-company filings", () => {
  it("gives at least 97% of rows a specific event type", () => {
    const report = measureCoverage(fixture.titles);
    const rowsInFixture = Object.values(fixture.rowsBySource).reduce((sum, rows) => sum + rows, 0);
    expect(report.rows).toBe(rowsInFixture);
    expect(report.share).toBeGreaterThanOrEqual(0.97);
  });
});

describe("normalizeReportNm", () => {
  it("collapses whitespace runs and trims", () => {
    expect(normalizeReportNm("투자유의안내              (상장폐지 기준 해당)")).toBe(
      "투자유의안내 (상장폐지 기준 해당)",
    );
    expect(normalizeReportNm("불성실공시법인지정              ")).toBe("불성실공시법인지정");
  });

  it("keeps ㆍ (U+318D), which NFKC would rewrite", () => {
    expect(normalizeReportNm(" 단일판매ㆍ공급계약체결 ")).toBe("단일판매ㆍ공급계약체결");
    expect(normalizeReportNm("단일판매ㆍ공급계약체결").normalize("NFKC")).not.toBe("단일판매ㆍ공급계약체결");
  });
});

describe("the vocabulary and rule tables", () => {
  it("keeps the 61 event types of the existing service", () => {
    const names = new Set<string>(EVENT_TYPES.map((type) => type.eventType));
    for (const legacy of LEGACY_EVENT_TYPES) expect(names.has(legacy), legacy).toBe(true);
  });

  it("has well-formed, unique names and in-range default scores", () => {
    const names = EVENT_TYPES.map((type) => type.eventType);
    expect(new Set(names).size).toBe(names.length);
    for (const type of EVENT_TYPES) {
      expect(type.eventType).toMatch(EVENT_TYPE_FORMAT);
      expect(type.defaultScore).toBeGreaterThanOrEqual(1);
      expect(type.defaultScore).toBeLessThanOrEqual(10);
      expect(type.labelEn).not.toMatch(HANGUL);
    }
    const tags = AUDIENCE_TAGS.map((audience) => audience.tag);
    expect(new Set(tags).size).toBe(tags.length);
    for (const tag of tags) expect(tag).toMatch(AUDIENCE_FORMAT);
  });

  it("spells form names as matching keys, once each, with English titles", () => {
    const keys = FORM_RULES.map((rule) => rule.ko);
    expect(new Set(keys).size).toBe(keys.length);
    for (const rule of FORM_RULES) {
      expect(rule.ko).not.toMatch(/\s/);
      expect(rule.en).not.toMatch(HANGUL);
    }
  });

  it("has keyword fallbacks that agree with the form table wherever they recognise a form", () => {
    for (const rule of FORM_RULES) {
      const byKeyword = keywordEventType(splitGroups(rule.ko).loose);
      if (byKeyword !== undefined) expect(byKeyword, rule.ko).toBe(rule.eventType);
    }
  });
});

/** reference/event_type_vocabulary.csv of the existing service. */
const LEGACY_EVENT_TYPES = [
  "ACQUISITION",
  "AMENDMENT",
  "ASSET_BACKED_SECURITIES",
  "ASSET_DISPOSAL",
  "AUDIT_REPORT",
  "BANKRUPTCY",
  "BOARD_CHANGE",
  "BOND_DEFAULT",
  "BOND_REDEMPTION",
  "BONUS_ISSUANCE",
  "BUSINESS_TRANSFER",
  "CAPITAL_REDUCTION",
  "CEO_CHANGE",
  "CONGLOMERATE_DISCLOSURE",
  "CONTROL_CHANGE",
  "CONTROL_CHANGE_PLEDGE",
  "CONVERSION_PRICE_ADJUSTMENT",
  "CONVERTIBLE_BOND_CONVERSION",
  "CONVERTIBLE_BOND_ISSUANCE",
  "CORPORATE_GOVERNANCE_REPORT",
  "DEBT_DEFAULT",
  "DEBT_GUARANTEE",
  "DEBT_ISSUANCE",
  "DELISTING",
  "DIVIDEND_DECISION",
  "EARNINGS_PREVIEW",
  "INSIDER_TRADE_PLAN",
  "IR_EVENT",
  "LITIGATION",
  "MAJOR_SHAREHOLDER_FILING",
  "MAJOR_SHAREHOLDER_TRANSACTION",
  "MARKET_NOTICE",
  "MATERIAL_EVENT",
  "MERGER",
  "OTHER",
  "PERIODIC_REPORT",
  "PRELIMINARY_RESULTS",
  "PROSPECTUS_FILING",
  "PUBLIC_TENDER_OFFER_RESULT",
  "RECORD_DATE_NOTICE",
  "RELATED_PARTY_TRANSACTION",
  "RIGHTS_OFFERING",
  "RUMOR_CLARIFICATION",
  "SHAREHOLDERS_MEETING",
  "SHARE_PLEDGE",
  "SHELF_REGISTRATION_EFFECTIVE",
  "SPIN_OFF",
  "STOCK_CONSOLIDATION",
  "STOCK_OPTION_EXERCISE",
  "STOCK_OPTION_GRANT",
  "STOCK_SPLIT",
  "SUPPLY_CONTRACT_SIGNED",
  "SUPPLY_CONTRACT_TERMINATED",
  "SUSTAINABILITY_REPORT",
  "TRADING_RESUMPTION",
  "TRADING_SUSPENSION",
  "TREASURY_STOCK_ACQUISITION",
  "TREASURY_STOCK_CANCELLATION",
  "TREASURY_STOCK_DISPOSAL",
  "TREASURY_STOCK_TRUST",
  "WARRANT_BOND_ISSUANCE",
];
