import type { EventType } from "./event-types";

/**
 * Qualifiers are the parenthesised parts after a form name: whose event it is (a subsidiary's),
 * under which regime it is filed (fair, voluntary), the kind or period of a report, a bond
 * series, or free text. Known ones are translated; unknown ones are dropped from the English
 * title rather than leaking Korean into it.
 */

/** Qualifiers that change how a filing is scored, not only how it reads. */
export type QualifierRole = "subsidiary" | "voluntary";

export interface QualifierTranslation {
  readonly en: string;
  readonly role?: QualifierRole;
}

const SUBSIDIARY: QualifierTranslation = { en: "Subsidiary", role: "subsidiary" };

/** Exact qualifiers, as matching keys (no whitespace). */
const QUALIFIER_TRANSLATIONS: ReadonlyMap<string, QualifierTranslation> = new Map<string, QualifierTranslation>([
  ["자회사의주요경영사항", SUBSIDIARY],
  ["종속회사의주요경영사항", SUBSIDIARY],
  ["공정공시", { en: "Fair Disclosure" }],
  ["자율공시", { en: "Voluntary Disclosure", role: "voluntary" }],
  ["안내공시", { en: "Notice" }],
  // Ownership reports.
  ["일반", { en: "General" }],
  ["약식", { en: "Short Form" }],
  ["최대주주변경시", { en: "Change of Largest Shareholder" }],
  // Kinds of registration statements, prospectuses and completion reports.
  ["일괄신고", { en: "Shelf Registration" }],
  ["지분증권", { en: "Equity Securities" }],
  ["채무증권", { en: "Debt Securities" }],
  ["파생결합증권", { en: "Derivative-Linked Securities" }],
  ["파생결합증권-주가연계증권", { en: "Derivative-Linked Securities – Equity-Linked Securities" }],
  ["기타파생결합증권", { en: "Other Derivative-Linked Securities" }],
  ["파생결합사채", { en: "Derivative-Linked Bonds" }],
  ["파생결합사채-주가연계파생결합사채", { en: "Derivative-Linked Bonds – Equity-Linked Bonds" }],
  ["기타파생결합사채", { en: "Other Derivative-Linked Bonds" }],
  ["집합투자증권", { en: "Collective Investment Securities" }],
  ["집합투자증권-신탁형", { en: "Collective Investment Securities – Trust Type" }],
  ["집합투자증권-회사형", { en: "Collective Investment Securities – Corporate Type" }],
  ["집합투자증권-합병", { en: "Collective Investment Securities – Merger" }],
  ["유동화증권등", { en: "Asset-Backed Securities, etc." }],
  ["유동화전문회사", { en: "Securitization Special Purpose Company" }],
  ["합병", { en: "Merger" }],
  ["합병등", { en: "Merger, etc." }],
  ["분할", { en: "Division" }],
  ["분할합병", { en: "Division Merger" }],
  ["물적분할", { en: "Vertical Split-off" }],
  ["인적분할", { en: "Horizontal Spin-off" }],
  ["자산양수도", { en: "Asset Transfer" }],
  ["영업양수도", { en: "Business Transfer" }],
  ["주식의포괄적교환ㆍ이전", { en: "Comprehensive Stock Exchange/Transfer" }],
  ["기타", { en: "Other" }],
  ["해산", { en: "Dissolution" }],
  // Offerings.
  ["제3자배정", { en: "Third-Party Allotment" }],
  ["제3자배정유상증자", { en: "Third-Party Allotment" }],
  ["주주배정", { en: "Shareholder Allotment" }],
  ["일반공모", { en: "General Public Offering" }],
  ["주주배정후실권주일반공모", { en: "Shareholder Allotment, Unsubscribed Shares Offered Publicly" }],
  ["일반공모증자-소액공모", { en: "General Public Offering – Small-Scale" }],
  // Dividends and meetings.
  ["분기배당", { en: "Quarterly Dividend" }],
  ["중간배당", { en: "Interim Dividend" }],
  ["결산배당", { en: "Year-end Dividend" }],
  ["임시주주총회", { en: "Extraordinary General Meeting" }],
  ["정기주주총회", { en: "Annual General Meeting" }],
  // Results.
  ["월별", { en: "Monthly" }],
  // Exchange actions, inquiries and answers.
  ["무상증자", { en: "Bonus Issue" }],
  ["유상증자", { en: "Paid-in Capital Increase" }],
  ["액면분할", { en: "Stock Split" }],
  ["액면병합", { en: "Stock Consolidation" }],
  ["단일판매공급계약", { en: "Single Sales or Supply Contract" }],
  ["주식의병합,분할등전자등록변경,말소", { en: "Electronic Registration Change for Share Consolidation or Split" }],
  ["액면분할주권변경상장", { en: "Relisting after Stock Split" }],
  ["액면병합주권변경상장", { en: "Relisting after Stock Consolidation" }],
  ["상장적격성실질심사대상", { en: "Subject to Listing Eligibility Review" }],
  ["상장적격성실질심사대상(사유발생)", { en: "Cause for Listing Eligibility Review" }],
  ["상장적격성실질심사대상결정기한안내", { en: "Deadline for Listing Eligibility Review Decision" }],
  ["상장적격성실질심사관련안내", { en: "Listing Eligibility Review" }],
  ["상장적격성실질심사사유추가관련안내", { en: "Additional Cause for Listing Eligibility Review" }],
  ["상장폐지기준해당", { en: "Meets Delisting Criteria" }],
  ["상장폐지이의신청서제출", { en: "Objection to Delisting Filed" }],
  ["관리종목지정우려예고", { en: "Warning of Possible Administrative Issue Designation" }],
  ["관리종목지정우려종목", { en: "At Risk of Administrative Issue Designation" }],
  ["시가총액미달에따른상장폐지우려관련안내", { en: "Delisting Risk from Low Market Capitalisation" }],
  ["개선계획서제출", { en: "Improvement Plan Submitted" }],
  ["개선계획이행내역중간점검기준일도래안내", { en: "Improvement Plan Interim Review Date" }],
  ["최대주주의의무보유관련", { en: "Largest Shareholder's Mandatory Holding" }],
  ["현저한시황변동", { en: "Significant Price or Volume Change" }],
  ["풍문또는보도", { en: "Rumour or Press Report" }],
  ["풍문등조회공시", { en: "Inquiry into Rumours" }],
  ["미확정", { en: "Undetermined" }],
  ["중요정보없음", { en: "No Material Information" }],
  ["부인", { en: "Denied" }],
  ["공시변경", { en: "Change of Disclosure" }],
  ["공시불이행", { en: "Failure to Disclose" }],
  ["공시번복", { en: "Reversal of Disclosure" }],
  // Lawsuits and other free-standing phrases seen in real titles.
  ["일정금액이상의청구", { en: "Claim above Threshold" }],
  ["부동산인도명령", { en: "Order for Delivery of Real Estate" }],
  ["전환사채금반환", { en: "Return of Convertible Bond Proceeds" }],
  ["특허권취득", { en: "Patent Acquisition" }],
  ["특허취득", { en: "Patent Acquisition" }],
  ["연1회공시및1/4분기용(개별회사)", { en: "Annual and First-Quarter Filing (Individual Company)" }],
]);

const SERIES_NUMBER = /제(\d+)회/g;

/** Qualifiers with a variable part: periods, fiscal years, bond series, progress years. */
const QUALIFIER_PATTERNS: readonly { pattern: RegExp; translate: (match: RegExpExecArray) => string }[] = [
  // "(2026.03)" on periodic reports: the period end.
  { pattern: /^(\d{4})\.(\d{1,2})$/, translate: (m) => `${m[1]}.${m[2].padStart(2, "0")}` },
  { pattern: /^(\d{4})사업연도$/, translate: (m) => `FY${m[1]}` },
  { pattern: /^(\d{4})년이행현황$/, translate: (m) => `${m[1]} Progress` },
  // "(시가총액 200억원 미달)": 억 is 100 million won.
  { pattern: /^시가총액(\d+)억원미달$/, translate: (m) => `Market Capitalisation below KRW ${Number(m[1]) / 10}bn` },
  // "(제10회차)", "(제3회)", "(제 11회차)", "(제13회차 CB)", "(제19회차,제21회차)".
  {
    pattern: /^제\d+회(?:차)?(?:,제\d+회(?:차)?)*(CB|BW|EB)?$/,
    translate: (m) => {
      const series = [...m[0].matchAll(SERIES_NUMBER)].map((s) => s[1]).join(", ");
      return m[1] ? `Series ${series} ${m[1]}` : `Series ${series}`;
    },
  },
];

export function translateQualifier(qualifier: string): QualifierTranslation | undefined {
  const known = QUALIFIER_TRANSLATIONS.get(qualifier);
  if (known) return known;
  for (const { pattern, translate } of QUALIFIER_PATTERNS) {
    const match = pattern.exec(qualifier);
    if (match) return { en: translate(match) };
  }
  return undefined;
}

export interface Refinement {
  readonly pattern: RegExp;
  /** Shown for the qualifier when it has no exact translation. */
  readonly en: string;
  /** The narrower type; absent when the phrase only labels the filing. */
  readonly eventType?: EventType;
}

/**
 * Free text in the qualifier of a catch-all form (기타경영사항, 투자판단관련주요경영사항,
 * 기타시장안내, 투자유의안내, ...) says what the filing is about. First match wins, so the
 * more specific phrases come first (a resale after an early buy-back is a resale).
 */
export const REFINEMENTS: readonly Refinement[] = [
  {
    pattern: /상장폐지|관리종목|상장적격성|감사의견|개선계획|시가총액.*미달|기업심사위원회/,
    en: "Delisting Risk",
    eventType: "DELISTING_RISK",
  },
  {
    pattern: /사채.*(재매각|매도)|(재매각|매도).*사채/,
    en: "Resale of Repurchased Bonds",
    eventType: "CONVERTIBLE_BOND_RESALE",
  },
  { pattern: /사채.*(소각|말소)/, en: "Cancellation of Repurchased Bonds", eventType: "BOND_REDEMPTION" },
  { pattern: /만기전.*취득/, en: "Bond Acquisition before Maturity", eventType: "BOND_REDEMPTION" },
  {
    pattern: /임상|품목허가|시판허가|(?<![A-Z])(IND|NDA|BLA)(?![A-Z])/,
    en: "Clinical Trial or Approval",
    eventType: "CLINICAL_TRIAL",
  },
  {
    pattern: /기술이전|기술도입|기술수출|라이선스|라이센스|공동.*개발/,
    en: "Technology Licensing",
    eventType: "TECHNOLOGY_LICENSING",
  },
  { pattern: /특허/, en: "Patent", eventType: "PATENT" },
  { pattern: /청산|해산/, en: "Liquidation", eventType: "DISSOLUTION" },
  { pattern: /경매|압류/, en: "Court Auction or Seizure", eventType: "LITIGATION" },
  { pattern: /가처분|소송|판결/, en: "Litigation", eventType: "LITIGATION" },
  { pattern: /감사보고서/, en: "Audit Report", eventType: "AUDIT_REPORT" },
  { pattern: /의무보유/, en: "Mandatory Holding (Lock-up)", eventType: "MAJOR_SHAREHOLDER_TRANSACTION" },
  { pattern: /최대주주변경/, en: "Change of Largest Shareholder", eventType: "CONTROL_CHANGE" },
  { pattern: /기업가치제고/, en: "Corporate Value-up Plan", eventType: "BUSINESS_PLAN" },
  { pattern: /공급계약|수주/, en: "Supply Contract", eventType: "SUPPLY_CONTRACT_SIGNED" },
  { pattern: /우선협상대상자/, en: "Preferred Bidder" },
  { pattern: /상장명세서/, en: "Listing Statement" },
];

export function refinementFor(qualifier: string): Refinement | undefined {
  return REFINEMENTS.find((refinement) => refinement.pattern.test(qualifier));
}
