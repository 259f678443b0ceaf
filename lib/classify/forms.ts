import type { EventType } from "./event-types";

/** What a specific qualifier means for one form, e.g. 합병등종료보고서(분할) is about a division. */
export interface QualifierMeaning {
  readonly eventType?: EventType;
  readonly score?: number;
}

export interface FormRule {
  /** The DART form name as a matching key: no whitespace, internal parentheses kept. */
  readonly ko: string;
  /** English title: the FSS's own English where it exists, otherwise a translation in its style. */
  readonly en: string;
  readonly eventType: EventType;
  /** Importance when this form differs from its event type's default (e.g. result reports). */
  readonly score?: number;
  /** Qualifiers (matching keys) that change this form's type or score. */
  readonly qualifierMeanings?: Readonly<Record<string, QualifierMeaning>>;
  /** A catch-all form whose free-text qualifier says what it is about (see REFINEMENTS). */
  readonly generic?: true;
  /**
   * The form carries another filing's title in its first qualifier:
   * - `reportKind`: 주요사항보고서(유상증자결정): the kind is the event; type and score come from it.
   * - `priorFilingAction`: an FSS action on a filing named as "<date>. 제출 <title>"; type and
   *   score come from that filing.
   * - `priorFilingNotice`: an FSS notice about such a filing; the form keeps its own type.
   */
  readonly wraps?: "reportKind" | "priorFilingAction" | "priorFilingNotice";
}

/** Trading halts for technical reasons (share-count changes, pending disclosure) are short and expected. */
const TECHNICAL_HALT: QualifierMeaning = { score: 4 };
const COMPLETION_REPORT_SCORE = 4;

/**
 * Known DART and KRX forms. Exact names; anything else goes to the keyword rules (keywords.ts).
 * Grouped by theme.
 */
export const FORM_RULES: readonly FormRule[] = [
  // Periodic and audit.
  { ko: "사업보고서", en: "Annual Report", eventType: "PERIODIC_REPORT" },
  { ko: "반기보고서", en: "Semi-annual Report", eventType: "PERIODIC_REPORT" },
  { ko: "분기보고서", en: "Quarterly Report", eventType: "PERIODIC_REPORT" },
  {
    ko: "사업보고서등제출기한연장신고서",
    en: "Report on Extension of the Filing Deadline for Periodic Reports",
    eventType: "PERIODIC_REPORT",
    score: 5,
  },
  { ko: "감사보고서", en: "Audit Report", eventType: "AUDIT_REPORT", score: 3 },
  { ko: "연결감사보고서", en: "Consolidated Audit Report", eventType: "AUDIT_REPORT", score: 3 },
  { ko: "결합감사보고서", en: "Combined Audit Report", eventType: "AUDIT_REPORT", score: 3 },
  { ko: "감사보고서제출", en: "Submission of Audit Report", eventType: "AUDIT_REPORT" },
  {
    ko: "감사전재무제표미제출신고서",
    en: "Report on Non-submission of Financial Statements before Audit",
    eventType: "AUDIT_REPORT",
    score: 5,
  },

  // Ownership, control and tender offers.
  {
    ko: "주식등의대량보유상황보고서",
    en: "Report on Significant Holdings of Stocks, etc.",
    eventType: "MAJOR_SHAREHOLDER_FILING",
  },
  {
    ko: "임원ㆍ주요주주특정증권등소유상황보고서",
    en: "Report on Specific Securities Owned by Executives and Major Shareholders",
    eventType: "MAJOR_SHAREHOLDER_FILING",
    score: 2,
  },
  {
    ko: "임원ㆍ주요주주특정증권등거래계획보고서",
    en: "Report on Trading Plans of Executives and Major Shareholders for Specific Securities",
    eventType: "INSIDER_TRADE_PLAN",
  },
  {
    ko: "최대주주등소유주식변동신고서",
    en: "Report on Changes in Shares Held by the Largest Shareholder, etc.",
    eventType: "MAJOR_SHAREHOLDER_TRANSACTION",
    qualifierMeanings: { 최대주주변경시: { eventType: "CONTROL_CHANGE", score: 6 } },
  },
  {
    ko: "최대주주등의주식보유변동",
    en: "Change in Shareholdings of the Largest Shareholder, etc.",
    eventType: "MAJOR_SHAREHOLDER_TRANSACTION",
  },
  { ko: "최대주주변경", en: "Change of Largest Shareholder", eventType: "CONTROL_CHANGE" },
  {
    ko: "최대주주변경을수반하는주식양수도계약체결",
    en: "Share Purchase Agreement Entailing Change of Largest Shareholder",
    eventType: "CONTROL_CHANGE",
  },
  {
    ko: "최대주주변경을수반하는주식양수도계약해제ㆍ취소등",
    en: "Termination of Share Purchase Agreement Entailing Change of Largest Shareholder",
    eventType: "CONTROL_CHANGE",
    score: 6,
  },
  {
    ko: "경영권변경등에관한계약체결",
    en: "Agreement on Change of Management Control, etc.",
    eventType: "CONTROL_CHANGE",
  },
  {
    ko: "최대주주변경을수반하는주식담보제공계약체결",
    en: "Share Pledge Agreement Entailing Change of Largest Shareholder",
    eventType: "CONTROL_CHANGE_PLEDGE",
  },
  {
    ko: "최대주주변경을수반하는주식담보제공계약해제ㆍ취소등",
    en: "Termination of Share Pledge Agreement Entailing Change of Largest Shareholder",
    eventType: "CONTROL_CHANGE_PLEDGE",
    score: 4,
  },
  { ko: "공개매수", en: "Tender Offer", eventType: "PUBLIC_TENDER_OFFER_RESULT" },
  { ko: "공개매수신고서", en: "Tender Offer Statement", eventType: "PUBLIC_TENDER_OFFER_RESULT" },
  { ko: "공개매수설명서", en: "Tender Offer Explanatory Statement", eventType: "PUBLIC_TENDER_OFFER_RESULT", score: 6 },
  { ko: "공개매수결과보고서", en: "Tender Offer Result Report", eventType: "PUBLIC_TENDER_OFFER_RESULT" },
  { ko: "의견표명서", en: "Statement of Opinion on a Tender Offer", eventType: "PUBLIC_TENDER_OFFER_RESULT", score: 6 },

  // Meetings, boards and governance.
  { ko: "의결권대리행사권유", en: "Proxy Solicitation", eventType: "SHAREHOLDERS_MEETING" },
  {
    ko: "의결권대리행사권유참고서류",
    en: "Reference Document for Proxy Solicitation",
    eventType: "SHAREHOLDERS_MEETING",
  },
  { ko: "주주총회소집결의", en: "Resolution to Convene a Shareholders' Meeting", eventType: "SHAREHOLDERS_MEETING" },
  { ko: "주주총회소집공고", en: "Notice of Shareholders' Meeting", eventType: "SHAREHOLDERS_MEETING" },
  { ko: "주주총회소집보고서", en: "Report on Calling Shareholders' Meeting", eventType: "SHAREHOLDERS_MEETING" },
  { ko: "정기주주총회결과", en: "Results of Annual General Meeting", eventType: "SHAREHOLDERS_MEETING" },
  { ko: "임시주주총회결과", en: "Results of Extraordinary General Meeting", eventType: "SHAREHOLDERS_MEETING" },
  {
    ko: "주주총회집중일개최사유신고",
    en: "Report on Reasons for Holding the Meeting on a Peak Date",
    eventType: "SHAREHOLDERS_MEETING",
    score: 1,
  },
  { ko: "대표이사변경", en: "Change of CEO", eventType: "CEO_CHANGE" },
  { ko: "대표이사(대표집행임원)변경", en: "Change of CEO", eventType: "CEO_CHANGE" },
  { ko: "대표집행임원변경", en: "Change of Representative Executive Director", eventType: "CEO_CHANGE" },
  { ko: "임원의변동", en: "Change of Executives", eventType: "BOARD_CHANGE" },
  { ko: "기업인수목적회사의임원사임", en: "Resignation of SPAC Officers", eventType: "BOARD_CHANGE" },
  {
    ko: "사외이사의선임ㆍ해임또는중도퇴임에관한신고",
    en: "Report on the Appointment, Dismissal or Early Retirement of Outside Directors",
    eventType: "INDEPENDENT_DIRECTOR_CHANGE",
  },
  {
    ko: "독립이사의선임ㆍ해임또는중도퇴임에관한신고",
    en: "Report on the Appointment, Dismissal or Early Retirement of Independent Directors",
    eventType: "INDEPENDENT_DIRECTOR_CHANGE",
  },
  { ko: "사외이사에관한신고", en: "Report on Outside Directors", eventType: "INDEPENDENT_DIRECTOR_CHANGE" },
  { ko: "기업지배구조보고서공시", en: "Corporate Governance Report", eventType: "CORPORATE_GOVERNANCE_REPORT" },
  { ko: "지속가능경영보고서등관련사항", en: "Sustainability Report", eventType: "SUSTAINABILITY_REPORT" },
  { ko: "기업가치제고계획", en: "Corporate Value-up Plan", eventType: "BUSINESS_PLAN" },
  { ko: "장래사업ㆍ경영계획", en: "Future Business and Management Plan", eventType: "BUSINESS_PLAN" },
  { ko: "기업설명회(IR)개최", en: "Investor Relations (IR) Meeting", eventType: "IR_EVENT" },
  { ko: "본점소재지변경", en: "Change of Head Office Location", eventType: "COMPANY_DETAILS_CHANGE" },
  { ko: "상호변경", en: "Change of Company Name", eventType: "COMPANY_DETAILS_CHANGE" },

  // Equity capital, dividends and share count.
  { ko: "유상증자결정", en: "Decision of Paid-in Capital Increase", eventType: "RIGHTS_OFFERING" },
  { ko: "무상증자결정", en: "Decision of Capital Increase without Consideration", eventType: "BONUS_ISSUANCE" },
  {
    ko: "유무상증자결정",
    en: "Decision on Paid-in Capital Increase/Capital Increase without Consideration",
    eventType: "RIGHTS_OFFERING",
  },
  { ko: "감자결정", en: "Decision on Capital Reduction", eventType: "CAPITAL_REDUCTION" },
  {
    ko: "유상증자신주발행가액",
    en: "Issue Price of New Shares in Paid-in Capital Increase",
    eventType: "RIGHTS_OFFERING",
    score: 5,
  },
  {
    ko: "유상증자1차발행가액결정",
    en: "First Issue Price of Paid-in Capital Increase Set",
    eventType: "RIGHTS_OFFERING",
    score: 5,
  },
  {
    ko: "유상증자최종발행가액확정",
    en: "Final Issue Price of Paid-in Capital Increase Confirmed",
    eventType: "RIGHTS_OFFERING",
    score: 5,
  },
  {
    ko: "유상증자또는주식관련사채등의청약결과",
    en: "Subscription Results of Paid-in Capital Increase or Equity-Linked Bonds",
    eventType: "SECURITIES_ISSUANCE_RESULT",
    score: 4,
  },
  {
    ko: "유상증자또는주식관련사채등의발행결과",
    en: "Issuance Results of Paid-in Capital Increase or Equity-Linked Bonds",
    eventType: "SECURITIES_ISSUANCE_RESULT",
  },
  { ko: "증권발행결과", en: "Securities Issuance Results", eventType: "SECURITIES_ISSUANCE_RESULT" },
  {
    ko: "증권발행실적보고서",
    en: "Report on Securities Issuance Results",
    eventType: "SECURITIES_ISSUANCE_RESULT",
    score: 2,
  },
  { ko: "주식분할결정", en: "Decision on Stock Split", eventType: "STOCK_SPLIT" },
  { ko: "주식병합결정", en: "Decision on Stock Consolidation", eventType: "STOCK_CONSOLIDATION" },
  { ko: "주식소각결정", en: "Decision on Stock Cancellation", eventType: "TREASURY_STOCK_CANCELLATION" },
  { ko: "자기주식소각결정", en: "Decision on Treasury Stock Cancellation", eventType: "TREASURY_STOCK_CANCELLATION" },
  { ko: "자기주식취득결정", en: "Decision on Treasury Stock Acquisition", eventType: "TREASURY_STOCK_ACQUISITION" },
  { ko: "자기주식처분결정", en: "Decision on Treasury Stock Disposal", eventType: "TREASURY_STOCK_DISPOSAL" },
  {
    ko: "자기주식취득신탁계약체결결정",
    en: "Decision on Conclusion of Treasury Stock Acquisition Trust Contract",
    eventType: "TREASURY_STOCK_TRUST",
  },
  {
    ko: "자기주식취득신탁계약해지결정",
    en: "Decision on Cancellation of Treasury Stock Acquisition Trust Contract",
    eventType: "TREASURY_STOCK_TRUST",
    score: 3,
  },
  {
    ko: "자기주식취득결과보고서",
    en: "Report on Results of Treasury Stock Acquisition",
    eventType: "TREASURY_STOCK_ACQUISITION",
    score: 3,
  },
  {
    ko: "자기주식처분결과보고서",
    en: "Report on Results of Treasury Stock Disposal",
    eventType: "TREASURY_STOCK_DISPOSAL",
    score: 3,
  },
  {
    ko: "신탁계약에의한취득상황보고서",
    en: "Report on Acquisitions under a Trust Contract",
    eventType: "TREASURY_STOCK_TRUST",
    score: 2,
  },
  {
    ko: "신탁계약해지결과보고서",
    en: "Report on Results of Trust Contract Termination",
    eventType: "TREASURY_STOCK_TRUST",
    score: 2,
  },
  { ko: "현금ㆍ현물배당결정", en: "Decision on Cash and Property Dividend", eventType: "DIVIDEND_DECISION" },
  { ko: "주식배당결정", en: "Decision on Stock Dividend", eventType: "DIVIDEND_DECISION" },
  { ko: "부동산투자회사금전배당결정", en: "REIT Cash Dividend Decision", eventType: "DIVIDEND_DECISION" },
  { ko: "선박투자회사수입분배", en: "Ship Investment Company Income Distribution", eventType: "DIVIDEND_DECISION" },
  {
    ko: "현금ㆍ현물배당을위한주주명부폐쇄(기준일)결정",
    en: "Decision on Record Date for Cash and Property Dividend",
    eventType: "RECORD_DATE_NOTICE",
    score: 3,
  },
  {
    ko: "주주명부폐쇄기간또는기준일설정",
    en: "Setting of Shareholder Register Closure Period or Record Date",
    eventType: "RECORD_DATE_NOTICE",
  },
  { ko: "주식매수선택권부여에관한신고", en: "Report on Granting Stock Options", eventType: "STOCK_OPTION_GRANT" },
  { ko: "주식매수선택권행사", en: "Exercise of Stock Options", eventType: "STOCK_OPTION_EXERCISE" },

  // Debt, hybrid bonds and their life cycle.
  { ko: "전환사채권발행결정", en: "Decision on Convertible Bond Issuance", eventType: "CONVERTIBLE_BOND_ISSUANCE" },
  {
    ko: "신주인수권부사채권발행결정",
    en: "Decision on Bond with Warrant Issuance",
    eventType: "WARRANT_BOND_ISSUANCE",
  },
  { ko: "교환사채권발행결정", en: "Decision on Exchangeable Bond Issuance", eventType: "EXCHANGEABLE_BOND_ISSUANCE" },
  {
    ko: "상각형조건부자본증권발행결정",
    en: "Decision on Write-Down Contingent Convertible Bond Issuance",
    eventType: "DEBT_ISSUANCE",
  },
  {
    ko: "전환형조건부자본증권발행결정",
    en: "Decision on Conversion-Type Contingent Capital Securities Issuance",
    eventType: "DEBT_ISSUANCE",
  },
  { ko: "단기차입금증가결정", en: "Decision to Increase Short-term Borrowings", eventType: "BORROWING" },
  { ko: "부동산투자회사자금차입", en: "REIT Borrowing", eventType: "BORROWING" },
  { ko: "전환청구권행사", en: "Exercise of Conversion Rights", eventType: "CONVERTIBLE_BOND_CONVERSION" },
  { ko: "신주인수권행사", en: "Exercise of Warrants", eventType: "CONVERTIBLE_BOND_CONVERSION" },
  { ko: "교환청구권행사", en: "Exercise of Exchange Rights", eventType: "CONVERTIBLE_BOND_CONVERSION" },
  { ko: "전환가액의조정", en: "Adjustment of Conversion Price", eventType: "CONVERSION_PRICE_ADJUSTMENT" },
  {
    ko: "신주인수권행사가액의조정",
    en: "Adjustment of Warrant Exercise Price",
    eventType: "CONVERSION_PRICE_ADJUSTMENT",
  },
  { ko: "교환가액의조정", en: "Adjustment of Exchange Price", eventType: "CONVERSION_PRICE_ADJUSTMENT" },
  {
    ko: "전환가액ㆍ신주인수권행사가액ㆍ교환가액의조정",
    en: "Adjustment of Conversion, Warrant Exercise or Exchange Price",
    eventType: "CONVERSION_PRICE_ADJUSTMENT",
  },
  {
    ko: "전환사채(해외전환사채포함)발행후만기전사채취득",
    en: "Acquisition of Convertible Bonds before Maturity",
    eventType: "BOND_REDEMPTION",
  },
  {
    ko: "신주인수권부사채(해외신주인수권부사채포함)발행후만기전사채취득",
    en: "Acquisition of Bonds with Warrants before Maturity",
    eventType: "BOND_REDEMPTION",
  },
  {
    ko: "교환사채(해외교환사채포함)발행후만기전사채취득",
    en: "Acquisition of Exchangeable Bonds before Maturity",
    eventType: "BOND_REDEMPTION",
  },
  {
    ko: "자기전환사채만기전취득결정",
    en: "Decision to Acquire Own Convertible Bonds before Maturity",
    eventType: "BOND_REDEMPTION",
  },
  {
    ko: "자기교환사채만기전취득결정",
    en: "Decision to Acquire Own Exchangeable Bonds before Maturity",
    eventType: "BOND_REDEMPTION",
  },
  {
    ko: "자기신주인수권부사채만기전취득결정",
    en: "Decision to Acquire Own Bonds with Warrants before Maturity",
    eventType: "BOND_REDEMPTION",
  },
  { ko: "자기전환사채매도결정", en: "Decision to Sell Own Convertible Bonds", eventType: "CONVERTIBLE_BOND_RESALE" },
  { ko: "자기교환사채매도결정", en: "Decision to Sell Own Exchangeable Bonds", eventType: "CONVERTIBLE_BOND_RESALE" },
  {
    ko: "자기신주인수권부사채매도결정",
    en: "Decision to Sell Own Bonds with Warrants",
    eventType: "CONVERTIBLE_BOND_RESALE",
  },
  {
    ko: "전환사채매수선택권행사자지정",
    en: "Designation of Convertible Bond Call Option Holder",
    eventType: "CONVERTIBLE_BOND_CALL_OPTION",
  },
  {
    ko: "신주인수권부사채매수선택권행사자지정",
    en: "Designation of Bond with Warrant Call Option Holder",
    eventType: "CONVERTIBLE_BOND_CALL_OPTION",
  },
  {
    ko: "제3자의전환사채매수선택권행사",
    en: "Exercise of Convertible Bond Call Option by a Third Party",
    eventType: "CONVERTIBLE_BOND_CALL_OPTION",
  },
  {
    ko: "제3자의신주인수권부사채매수선택권행사",
    en: "Exercise of Bond with Warrant Call Option by a Third Party",
    eventType: "CONVERTIBLE_BOND_CALL_OPTION",
  },
  { ko: "사채원리금미지급발생", en: "Non-payment of Bond Principal or Interest", eventType: "BOND_DEFAULT" },

  // Distress.
  { ko: "부도발생", en: "Bankruptcy Occurrence", eventType: "DEBT_DEFAULT" },
  { ko: "은행거래정지ㆍ금지", en: "Suspension or Prohibition of Bank Transactions", eventType: "DEBT_DEFAULT" },
  { ko: "영업정지", en: "Suspension of Business", eventType: "BUSINESS_SUSPENSION" },
  { ko: "생산중단", en: "Suspension of Production", eventType: "BUSINESS_SUSPENSION", score: 7 },
  {
    ko: "회생절차개시신청",
    en: "Application for Commencement of Rehabilitation Procedures",
    eventType: "BANKRUPTCY",
  },
  { ko: "회생절차개시결정", en: "Decision to Commence Rehabilitation Procedures", eventType: "BANKRUPTCY" },
  { ko: "회생절차종결결정", en: "Decision to Close Rehabilitation Procedures", eventType: "BANKRUPTCY", score: 6 },
  { ko: "파산신청", en: "Bankruptcy Petition", eventType: "BANKRUPTCY" },
  { ko: "파산신청기각", en: "Dismissal of Bankruptcy Petition", eventType: "BANKRUPTCY", score: 6 },
  {
    ko: "채권은행등의관리절차개시",
    en: "Commencement of Administrative Proceedings by Creditor Banks, etc.",
    eventType: "BANKRUPTCY",
    score: 9,
  },
  {
    ko: "채권은행등의관리절차중단",
    en: "Termination of Administrative Proceedings by Creditor Banks, etc.",
    eventType: "BANKRUPTCY",
    score: 6,
  },
  { ko: "해산사유발생", en: "Occurrence of Dissolution Cause", eventType: "DISSOLUTION" },
  {
    ko: "횡령ㆍ배임혐의발생",
    en: "Allegation of Embezzlement or Breach of Trust",
    eventType: "EMBEZZLEMENT_ALLEGATION",
  },
  {
    ko: "횡령ㆍ배임사실확인",
    en: "Confirmation of Embezzlement or Breach of Trust",
    eventType: "EMBEZZLEMENT_ALLEGATION",
  },

  // Exchange actions and market notices.
  {
    ko: "주권매매거래정지",
    en: "Suspension of Trading",
    eventType: "TRADING_SUSPENSION",
    qualifierMeanings: {
      무상증자: TECHNICAL_HALT,
      유상증자: TECHNICAL_HALT,
      "주식의병합,분할등전자등록변경,말소": TECHNICAL_HALT,
      액면분할: TECHNICAL_HALT,
      액면병합: TECHNICAL_HALT,
      단일판매공급계약: { score: 5 },
      풍문또는보도: { score: 6 },
      상장적격성실질심사대상: { score: 10 },
      "상장적격성실질심사대상(사유발생)": { score: 10 },
    },
  },
  {
    ko: "주권매매거래정지해제",
    en: "Resumption of Trading",
    eventType: "TRADING_RESUMPTION",
    qualifierMeanings: { 액면분할주권변경상장: { score: 3 }, 액면병합주권변경상장: { score: 3 } },
  },
  {
    ko: "주권매매거래정지기간변경",
    en: "Change of Trading Suspension Period",
    eventType: "TRADING_SUSPENSION",
    score: 8,
  },
  { ko: "매매거래정지및정지해제", en: "Trading Halt and Resumption", eventType: "TRADING_SUSPENSION", score: 5 },
  { ko: "상장폐지결정", en: "Decision on Delisting", eventType: "DELISTING" },
  { ko: "관리종목지정", en: "Designation as Administrative Issue", eventType: "DELISTING_RISK" },
  {
    ko: "관리종목지정해제",
    en: "Release from Administrative Issue Designation",
    eventType: "DELISTING_RISK",
    score: 5,
  },
  {
    ko: "투자주의환기종목지정",
    en: "Designation as Investment Attention Issue",
    eventType: "MARKET_WARNING",
    score: 6,
  },
  { ko: "투자유의안내", en: "Investment Caution Notice", eventType: "MARKET_WARNING", generic: true },
  { ko: "기타시장안내", en: "Other Market Notice", eventType: "MARKET_NOTICE", generic: true },
  { ko: "권리락", en: "Ex-Rights", eventType: "MARKET_NOTICE" },
  { ko: "배당락", en: "Ex-Dividend", eventType: "MARKET_NOTICE" },
  { ko: "추가상장", en: "Additional Listing", eventType: "MARKET_NOTICE", score: 2 },
  { ko: "변경상장", en: "Change of Listing", eventType: "MARKET_NOTICE", score: 2 },
  { ko: "유동성공급계약의체결", en: "Liquidity Provider Agreement", eventType: "MARKET_NOTICE", score: 2 },
  {
    ko: "유동성공급계약의해지",
    en: "Termination of Liquidity Provider Agreement",
    eventType: "MARKET_NOTICE",
    score: 2,
  },
  { ko: "조회공시요구", en: "Exchange Inquiry Request", eventType: "EXCHANGE_INQUIRY" },
  {
    ko: "조회공시요구(풍문또는보도)에대한답변",
    en: "Response to Inquiry on a Rumour or Press Report",
    eventType: "RUMOR_CLARIFICATION",
  },
  {
    ko: "조회공시요구(현저한시황변동)에대한답변",
    en: "Response to Inquiry on Significant Price or Volume Change",
    eventType: "RUMOR_CLARIFICATION",
    qualifierMeanings: { 중요정보없음: { score: 3 } },
  },
  { ko: "풍문또는보도에대한해명", en: "Clarification of a Rumour or Press Report", eventType: "RUMOR_CLARIFICATION" },
  {
    ko: "불성실공시법인지정",
    en: "Designation as Unfaithful Disclosure Corporation",
    eventType: "UNFAITHFUL_DISCLOSURE",
  },
  {
    ko: "불성실공시법인지정예고",
    en: "Notice of Planned Designation as Unfaithful Disclosure Corporation",
    eventType: "UNFAITHFUL_DISCLOSURE",
    score: 6,
  },
  {
    ko: "불성실공시법인미지정",
    en: "Not Designated as Unfaithful Disclosure Corporation",
    eventType: "UNFAITHFUL_DISCLOSURE",
    score: 3,
  },

  // Results and outlook.
  { ko: "영업(잠정)실적", en: "Preliminary Operating Results", eventType: "PRELIMINARY_RESULTS" },
  {
    ko: "연결재무제표기준영업(잠정)실적",
    en: "Preliminary Operating Results (Consolidated)",
    eventType: "PRELIMINARY_RESULTS",
  },
  { ko: "영업실적등에대한전망", en: "Earnings Outlook", eventType: "EARNINGS_GUIDANCE" },
  {
    ko: "연결재무제표기준영업실적등에대한전망",
    en: "Earnings Outlook (Consolidated)",
    eventType: "EARNINGS_GUIDANCE",
  },
  { ko: "결산실적공시예고", en: "Notice of Upcoming Earnings Release", eventType: "EARNINGS_PREVIEW" },
  {
    ko: "매출액또는손익구조30%(대규모법인은15%)이상변동",
    en: "Change of 30% (15% for Large Corporations) or More in Revenue or Profit",
    eventType: "REVENUE_PROFIT_CHANGE",
  },
  {
    ko: "매출액또는손익구조30%(대규모법인은15%)이상변경",
    en: "Change of 30% (15% for Large Corporations) or More in Revenue or Profit",
    eventType: "REVENUE_PROFIT_CHANGE",
  },
  {
    ko: "연결재무제표기준매출액또는손익구조30%(대규모법인은15%)이상변동",
    en: "Change of 30% (15% for Large Corporations) or More in Revenue or Profit (Consolidated)",
    eventType: "REVENUE_PROFIT_CHANGE",
  },
  { ko: "자산재평가실시결정", en: "Decision on Asset Revaluation", eventType: "ASSET_REVALUATION" },
  { ko: "자산재평가결과", en: "Asset Revaluation Results", eventType: "ASSET_REVALUATION" },

  // Contracts, investments and asset deals.
  {
    ko: "단일판매ㆍ공급계약체결",
    en: "Conclusion of Single Sales or Supply Contract",
    eventType: "SUPPLY_CONTRACT_SIGNED",
  },
  {
    ko: "단일판매ㆍ공급계약해지",
    en: "Termination of Single Sales or Supply Contract",
    eventType: "SUPPLY_CONTRACT_TERMINATED",
  },
  {
    ko: "거래처와의거래중단",
    en: "Suspension of Transactions with a Business Partner",
    eventType: "SUPPLY_CONTRACT_TERMINATED",
    score: 6,
  },
  { ko: "신규시설투자등", en: "New Facility Investment, etc.", eventType: "NEW_FACILITY_INVESTMENT" },
  {
    ko: "기술이전(라이선스아웃)계약",
    en: "Technology Transfer (Licence-out) Agreement",
    eventType: "TECHNOLOGY_LICENSING",
  },
  { ko: "특허권취득", en: "Patent Acquisition", eventType: "PATENT" },
  { ko: "유형자산취득결정", en: "Decision on Tangible Asset Acquisition", eventType: "ASSET_ACQUISITION" },
  { ko: "유형자산양수결정", en: "Decision on Tangible Asset Acquisition", eventType: "ASSET_ACQUISITION" },
  { ko: "유형자산처분결정", en: "Decision on Tangible Asset Disposal", eventType: "ASSET_DISPOSAL" },
  { ko: "유형자산양도결정", en: "Decision on Tangible Asset Transfer", eventType: "ASSET_DISPOSAL" },
  { ko: "비유동자산취득결정", en: "Decision on Non-current Asset Acquisition", eventType: "ASSET_ACQUISITION" },
  { ko: "비유동자산처분결정", en: "Decision on Non-current Asset Disposal", eventType: "ASSET_DISPOSAL" },
  { ko: "중요한자산양수도결정", en: "Decision on Transfer and Acquisition of Assets", eventType: "ASSET_ACQUISITION" },
  { ko: "부동산투자회사부동산취득", en: "REIT Property Acquisition", eventType: "ASSET_ACQUISITION" },
  { ko: "부동산투자회사부동산처분", en: "REIT Property Disposal", eventType: "ASSET_DISPOSAL" },
  { ko: "부동산투자회사증권취득", en: "REIT Securities Acquisition", eventType: "ACQUISITION", score: 5 },
  {
    ko: "타법인주식및출자증권취득결정",
    en: "Decision on Acquisition of Other Company Stock and Investment Securities",
    eventType: "ACQUISITION",
  },
  {
    ko: "타법인주식및출자증권양수결정",
    en: "Decision on Acquisition of Other Company Stock and Investment Securities",
    eventType: "ACQUISITION",
  },
  {
    ko: "타법인주식및출자증권처분결정",
    en: "Decision on Disposal of Other Company Stock and Investment Securities",
    eventType: "ASSET_DISPOSAL",
  },
  {
    ko: "타법인주식및출자증권양도결정",
    en: "Decision on Transfer of Other Company Stock and Investment Securities",
    eventType: "ASSET_DISPOSAL",
  },
  {
    ko: "주권관련사채권양수결정",
    en: "Decision on Acquisition of Stock-Related Bond",
    eventType: "ACQUISITION",
    score: 5,
  },
  {
    ko: "주권관련사채권양도결정",
    en: "Decision on Transfer of Stock-Related Bond",
    eventType: "ASSET_DISPOSAL",
    score: 5,
  },
  { ko: "타인에대한채무보증결정", en: "Decision on Debt Guarantee for Others", eventType: "DEBT_GUARANTEE" },
  { ko: "타인에대한담보제공결정", en: "Decision on Provision of Collateral for Others", eventType: "DEBT_GUARANTEE" },
  { ko: "증여결정", en: "Decision on Donation", eventType: "MATERIAL_EVENT" },
  { ko: "소송등의제기", en: "Lawsuit Filing, etc.", eventType: "LITIGATION" },
  { ko: "소송등의제기ㆍ신청", en: "Filing of Lawsuit or Petition, etc.", eventType: "LITIGATION" },
  { ko: "소송등의판결ㆍ결정", en: "Court Ruling or Decision in Lawsuit, etc.", eventType: "LITIGATION" },

  // M&A and restructuring.
  { ko: "회사합병결정", en: "Decision on Company Merger", eventType: "MERGER" },
  { ko: "회사분할결정", en: "Decision on Company Division", eventType: "SPIN_OFF" },
  { ko: "회사분할합병결정", en: "Decision on Company Division Merger", eventType: "SPIN_OFF" },
  { ko: "주식교환ㆍ이전결정", en: "Decision on Stock Exchange/Transfer", eventType: "SHARE_EXCHANGE" },
  { ko: "영업양수결정", en: "Decision on Business Acquisition", eventType: "BUSINESS_TRANSFER" },
  { ko: "영업양도결정", en: "Decision on Business Transfer", eventType: "BUSINESS_TRANSFER" },
  {
    ko: "합병등종료보고서",
    en: "Report on Conclusion of Merger, etc.",
    eventType: "MERGER",
    score: COMPLETION_REPORT_SCORE,
    qualifierMeanings: {
      분할: { eventType: "SPIN_OFF", score: COMPLETION_REPORT_SCORE },
      분할합병: { eventType: "SPIN_OFF", score: COMPLETION_REPORT_SCORE },
      자산양수도: { eventType: "ASSET_ACQUISITION", score: COMPLETION_REPORT_SCORE },
      영업양수도: { eventType: "BUSINESS_TRANSFER", score: COMPLETION_REPORT_SCORE },
      주식의포괄적교환ㆍ이전: { eventType: "SHARE_EXCHANGE", score: COMPLETION_REPORT_SCORE },
    },
  },
  {
    ko: "해외증권시장주권등상장결정",
    en: "Decision on Overseas Securities Market Stock Listing",
    eventType: "OVERSEAS_LISTING",
  },
  {
    ko: "해외증권시장주권등상장폐지결정",
    en: "Decision on Overseas Securities Market Stock Delisting",
    eventType: "OVERSEAS_LISTING",
  },
  { ko: "해외증권시장주권등상장", en: "Overseas Securities Market Stock Listing", eventType: "OVERSEAS_LISTING" },
  { ko: "해외증권시장주권등상장폐지", en: "Overseas Securities Market Stock Delisting", eventType: "OVERSEAS_LISTING" },
  { ko: "계열회사변경", en: "Change of Affiliated Companies", eventType: "AFFILIATE_CHANGE" },
  { ko: "지주회사의자회사탈퇴", en: "Exit of a Subsidiary from the Holding Company", eventType: "AFFILIATE_CHANGE" },

  // Catch-all management matters and accidents.
  { ko: "중대재해발생", en: "Occurrence of a Serious Accident", eventType: "SERIOUS_ACCIDENT" },
  {
    ko: "중대재해관련형사처벌사실확인",
    en: "Confirmation of a Criminal Penalty for a Serious Accident",
    eventType: "SERIOUS_ACCIDENT",
  },
  { ko: "재해발생", en: "Occurrence of a Disaster", eventType: "SERIOUS_ACCIDENT" },
  {
    ko: "투자판단관련주요경영사항",
    en: "Material Management Matters Relevant to Investment Decisions",
    eventType: "MATERIAL_EVENT",
    generic: true,
  },
  { ko: "기타주요경영사항", en: "Other Material Management Matters", eventType: "MATERIAL_EVENT", generic: true },
  { ko: "기타경영사항", en: "Other Management Matters", eventType: "MATERIAL_EVENT", score: 3, generic: true },
  { ko: "기타안내사항", en: "Other Guidance", eventType: "MATERIAL_EVENT", score: 3, generic: true },
  { ko: "주요사항보고서", en: "Report on Major Issues", eventType: "MATERIAL_EVENT", wraps: "reportKind" },

  // Related parties and Fair Trade Commission (large business group) disclosures.
  {
    ko: "특수관계인과의내부거래",
    en: "Internal Transaction with a Related Party",
    eventType: "RELATED_PARTY_TRANSACTION",
  },
  {
    ko: "특수관계인과의수익증권거래",
    en: "Beneficiary Certificate Transaction with a Related Party",
    eventType: "RELATED_PARTY_TRANSACTION",
  },
  { ko: "특수관계인으로부터자금차입", en: "Borrowing from a Related Party", eventType: "RELATED_PARTY_TRANSACTION" },
  { ko: "특수관계인에대한자금대여", en: "Loan to a Related Party", eventType: "RELATED_PARTY_TRANSACTION" },
  {
    ko: "특수관계인에대한부동산임대",
    en: "Real Estate Lease to a Related Party",
    eventType: "RELATED_PARTY_TRANSACTION",
  },
  {
    ko: "특수관계인으로부터부동산임차",
    en: "Real Estate Lease from a Related Party",
    eventType: "RELATED_PARTY_TRANSACTION",
  },
  {
    ko: "특수관계인의유상증자참여",
    en: "Related Party's Participation in a Paid-in Capital Increase",
    eventType: "RELATED_PARTY_TRANSACTION",
  },
  { ko: "특수관계인에대한출자", en: "Equity Investment in a Related Party", eventType: "RELATED_PARTY_TRANSACTION" },
  {
    ko: "특수관계인에대한주식의처분",
    en: "Disposal of Shares to a Related Party",
    eventType: "RELATED_PARTY_TRANSACTION",
  },
  {
    ko: "특수관계인과의보험거래",
    en: "Insurance Transaction with a Related Party",
    eventType: "RELATED_PARTY_TRANSACTION",
  },
  {
    ko: "동일인등출자계열회사와의상품ㆍ용역거래",
    en: "Goods and Services Transactions with Affiliates Owned by the Same Person",
    eventType: "RELATED_PARTY_TRANSACTION",
  },
  {
    ko: "계열금융회사를거래상대방으로한단기금융상품거래의분기별공시",
    en: "Quarterly Disclosure of Short-term Financial Product Transactions with Affiliated Financial Companies",
    eventType: "CONGLOMERATE_DISCLOSURE",
  },
  {
    ko: "약관에의한금융거래시계열금융회사의거래상대방의공시",
    en: "Disclosure of Affiliated Financial Companies as Counterparties in Standard-Terms Transactions",
    eventType: "CONGLOMERATE_DISCLOSURE",
  },
  { ko: "대규모기업집단현황공시", en: "Large Business Group Status Disclosure", eventType: "CONGLOMERATE_DISCLOSURE" },
  { ko: "기업집단현황공시", en: "Business Group Status Disclosure", eventType: "CONGLOMERATE_DISCLOSURE" },
  {
    ko: "비상장회사중요사항공시",
    en: "Disclosure of Material Facts of an Unlisted Company",
    eventType: "CONGLOMERATE_DISCLOSURE",
  },

  // Securities offerings and FSS notices.
  {
    ko: "증권신고서",
    en: "Securities Registration Statement",
    eventType: "PROSPECTUS_FILING",
    qualifierMeanings: {
      지분증권: { score: 4 },
      합병: { eventType: "MERGER", score: 6 },
      분할: { eventType: "SPIN_OFF", score: 5 },
      분할합병: { eventType: "SPIN_OFF", score: 5 },
      주식의포괄적교환ㆍ이전: { eventType: "SHARE_EXCHANGE", score: 5 },
    },
  },
  {
    ko: "투자설명서",
    en: "Prospectus",
    eventType: "PROSPECTUS_FILING",
    qualifierMeanings: { 일괄신고: { score: 1 } },
  },
  { ko: "일괄신고서", en: "Shelf Registration Statement", eventType: "PROSPECTUS_FILING" },
  { ko: "일괄신고추가서류", en: "Shelf Registration Supplement", eventType: "PROSPECTUS_FILING", score: 1 },
  { ko: "소액공모공시서류", en: "Small-Scale Public Offering Disclosure", eventType: "PROSPECTUS_FILING" },
  { ko: "철회신고서", en: "Withdrawal of Registration Statement", eventType: "PROSPECTUS_FILING", score: 4 },
  {
    ko: "효력발생안내",
    en: "Notice of Effectiveness",
    eventType: "SHELF_REGISTRATION_EFFECTIVE",
    wraps: "priorFilingNotice",
  },
  { ko: "정정명령부과", en: "FSS Correction Order", eventType: "AMENDMENT", score: 5, wraps: "priorFilingAction" },
  {
    ko: "정정신고서제출요구",
    en: "FSS Request to Submit a Correction",
    eventType: "AMENDMENT",
    score: 5,
    wraps: "priorFilingAction",
  },

  // Asset-backed securities.
  {
    ko: "자산유동화관련중요사항발생등신고서",
    en: "Report on Material Matters Related to Asset Securitization",
    eventType: "ASSET_BACKED_SECURITIES",
  },
  {
    ko: "자산유동화계획의등록신청서",
    en: "Application for Registration of an Asset Securitization Plan",
    eventType: "ASSET_BACKED_SECURITIES",
  },
  {
    ko: "자산양도등의등록신청서",
    en: "Application for Registration of Asset Transfer",
    eventType: "ASSET_BACKED_SECURITIES",
  },
  {
    ko: "채권양도등의등록신청서",
    en: "Application for Registration of Claim Transfer",
    eventType: "ASSET_BACKED_SECURITIES",
  },
];

export const FORM_BY_KEY: ReadonlyMap<string, FormRule> = new Map(FORM_RULES.map((rule) => [rule.ko, rule]));
