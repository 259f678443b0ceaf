/**
 * The label dictionary: what a Korean field label of a DART form means, and what an English
 * fact label means, as one vocabulary of dotted concepts ("conversion_price.after"). Built
 * from the labels of the real bodies in tests/fixtures/documents and the OpenDART DS005
 * field layouts. Two labels agree when one concept is the other or a part of it
 * ("guarantee" agrees with "guarantee.amount"); a revenue line never agrees with an
 * operating-profit fact.
 */

export interface KoreanLabel {
  /** Matched against the label with spaces, numbering and colons removed. */
  pattern: RegExp;
  concept: string;
  /** How summaries say it. */
  en: string;
}

/** Most specific first: the first entry that matches a label decides its concept. */
export const KOREAN_LABELS: readonly KoreanLabel[] = [
  // Never a figure a summary states.
  {
    pattern: /전화|팩스|홈페이지|이메일|사업자등록번호|생년월일|고유번호|회사코드|등록번호|소재지|주소/,
    concept: "contact",
    en: "contact details",
  },
  // Results.
  { pattern: /^최근매출액/, concept: "revenue.recent", en: "recent annual revenue" },
  { pattern: /^매출액대비/, concept: "contract.revenue_ratio", en: "share of revenue" },
  { pattern: /매출액/, concept: "revenue", en: "revenue" },
  { pattern: /영업이익|영업손실/, concept: "operating_profit", en: "operating profit" },
  { pattern: /법인세비용차감전/, concept: "pretax_profit", en: "pre-tax profit" },
  { pattern: /당기순이익|순이익|순손실/, concept: "net_income", en: "net income" },
  // Contracts and transactions.
  { pattern: /^계약금및중도금/, concept: "payment.deposit", en: "deposit and interim payment" },
  { pattern: /담보신탁채무/, concept: "payment.trust_debt", en: "trust-secured debt repaid" },
  { pattern: /임대차계약의승계금/, concept: "payment.lease", en: "lease obligations assumed" },
  { pattern: /^(확정)?계약금액/, concept: "contract.amount", en: "contract amount" },
  {
    pattern: /양수도금액|양수금액|양도금액|거래금액|취득금액|처분금액/,
    concept: "transaction.amount",
    en: "transaction amount",
  },
  // Guarantees and debt.
  { pattern: /채무보증총잔액|채무보증잔액/, concept: "guarantee.outstanding", en: "guarantees outstanding" },
  { pattern: /채무보증금액/, concept: "guarantee.amount", en: "guarantee amount" },
  { pattern: /^채무\(차입\)금액|^채무금액|^차입금액/, concept: "debt.amount", en: "borrowing" },
  { pattern: /^자기자본대비/, concept: "equity.ratio", en: "share of equity" },
  { pattern: /^자기자본/, concept: "equity", en: "equity" },
  { pattern: /^대출금액/, concept: "loan.amount", en: "loan amount" },
  { pattern: /^이자율/, concept: "loan.interest_rate", en: "interest rate" },
  { pattern: /^담보유지비율/, concept: "loan.collateral_ratio", en: "collateral maintenance ratio" },
  // Convertible bonds.
  {
    pattern: /^조정전전환가능주식수/,
    concept: "conversion_shares.before",
    en: "shares issuable on conversion before adjustment",
  },
  {
    pattern: /^조정후전환가능주식수/,
    concept: "conversion_shares.after",
    en: "shares issuable on conversion after adjustment",
  },
  { pattern: /최저조정가액|최저전환가액/, concept: "conversion_floor", en: "conversion price floor" },
  { pattern: /^조정전전환가액/, concept: "conversion_price.before", en: "conversion price before adjustment" },
  { pattern: /^조정후전환가액/, concept: "conversion_price.after", en: "conversion price after adjustment" },
  { pattern: /^전환가액|^행사가액|^교환가액/, concept: "conversion_price", en: "conversion price" },
  {
    pattern: /^전환에따라발행할주식|^주식총수대비비율/,
    concept: "conversion_shares",
    en: "shares issuable on conversion",
  },
  { pattern: /미전환사채의권면/, concept: "bonds.outstanding", en: "bonds outstanding" },
  { pattern: /사채의권면|권면총액/, concept: "bonds.face_value", en: "face value" },
  { pattern: /^표면이자율/, concept: "bonds.coupon", en: "coupon" },
  { pattern: /^만기이자율/, concept: "bonds.yield", en: "yield to maturity" },
  { pattern: /^사채만기일/, concept: "bonds.maturity", en: "maturity" },
  // Balance sheet.
  { pattern: /^자산총계/, concept: "assets.total", en: "total assets" },
  { pattern: /^부채총계/, concept: "liabilities.total", en: "total liabilities" },
  { pattern: /^자본총계/, concept: "equity.total", en: "total equity" },
  { pattern: /^유동자산/, concept: "assets.current", en: "current assets" },
  { pattern: /^비유동자산/, concept: "assets.non_current", en: "non-current assets" },
  { pattern: /^유동부채/, concept: "liabilities.current", en: "current liabilities" },
  { pattern: /^비유동부채/, concept: "liabilities.non_current", en: "non-current liabilities" },
  { pattern: /^자본금/, concept: "equity.capital", en: "share capital" },
  // Holdings.
  { pattern: /^주요계약체결/, concept: "holding.contract", en: "shares under contract (pledged)" },
  { pattern: /^보유주식등의수|^특정증권등의수|^소유주식수|^보유비율|^소유비율/, concept: "holding", en: "holding" },
  { pattern: /발행주식총수|발행주식 총수/, concept: "shares.outstanding", en: "shares outstanding" },
  { pattern: /^장내매도|^장내매수|^장외매도|^장외매수/, concept: "holding.trade", en: "trade" },
  // Litigation, mergers, record dates.
  { pattern: /^청구금액|^소송가액/, concept: "litigation.claim", en: "amount claimed" },
  { pattern: /^제기일자|^신청일자/, concept: "litigation.filed", en: "date filed" },
  { pattern: /^합병비율/, concept: "merger.ratio", en: "merger ratio" },
  { pattern: /^합병기일/, concept: "merger.date", en: "merger date" },
  { pattern: /^합병신주/, concept: "merger.new_shares", en: "new shares for the merger" },
  { pattern: /^주식매수청구가격/, concept: "appraisal_price", en: "appraisal price" },
  { pattern: /^기준일|배정기준일|배당기준일/, concept: "record_date", en: "record date" },
  { pattern: /^투자금액/, concept: "investment.amount", en: "investment amount" },
  { pattern: /^이사회결의일|^결정일/, concept: "decision_date", en: "board decision" },
  // Other.
  { pattern: /출연금액/, concept: "contribution", en: "contribution" },
  { pattern: /임상시험대상자/, concept: "trial.subjects", en: "trial subjects" },
];

/** English fact labels, most specific first. */
const ENGLISH_CONCEPTS: readonly (readonly [RegExp, string])[] = [
  [/phone|fax|address|website|registration number/, "contact"],
  [/(of|to) (its |the company'?s )?(recent )?(annual )?(revenue|sales)/, "contract.revenue_ratio"],
  [/recent (annual )?revenue|last year'?s revenue|annual revenue/, "revenue.recent"],
  [/operating (profit|income|loss)/, "operating_profit"],
  [/pre-?tax/, "pretax_profit"],
  [/net (income|profit|loss)/, "net_income"],
  [/revenue|sales|turnover/, "revenue"],
  [/lease/, "payment.lease"],
  [/trust/, "payment.trust_debt"],
  [/deposit|interim payment|down payment/, "payment.deposit"],
  [/contract (amount|value)/, "contract.amount"],
  [/(purchase|acquisition|transfer|sale|transaction) (price|amount|value)|consideration/, "transaction.amount"],
  [/(total|outstanding) guarantee|guarantees? outstanding|guarantee balance/, "guarantee.outstanding"],
  [/guarantee/, "guarantee.amount"],
  [/borrowing|debt|underlying loan/, "debt.amount"],
  [/(of|to) (its )?equity|equity ratio/, "equity.ratio"],
  [/interest rate/, "loan.interest_rate"],
  [/collateral (maintenance )?ratio/, "loan.collateral_ratio"],
  [/loan/, "loan.amount"],
  [/floor|minimum (conversion )?price|lowest (conversion )?price|no lower than|refix/, "conversion_floor"],
  [/(shares|stock).*(conversion|convert)|conversion shares|convertible shares/, "conversion_shares"],
  [/conversion price.*(before|previous|prior|old)|(previous|prior|old) conversion price/, "conversion_price.before"],
  [/conversion price.*(after|adjusted|new)|(new|adjusted) conversion price/, "conversion_price.after"],
  [/conversion price|exercise price|exchange price|converts? at/, "conversion_price"],
  [/unconverted|bonds outstanding|outstanding bonds/, "bonds.outstanding"],
  [/face value|principal|issue (size|amount)|bond amount/, "bonds.face_value"],
  [/coupon|surface (interest|rate)|nominal (interest|rate)/, "bonds.coupon"],
  [/yield/, "bonds.yield"],
  [/maturity/, "bonds.maturity"],
  [/total assets/, "assets.total"],
  [/total liabilities/, "liabilities.total"],
  [/total equity/, "equity.total"],
  [/equity/, "equity"],
  [/pledg|collateral|under contract/, "holding.contract"],
  [/shares outstanding|total (issued )?shares|issued shares/, "shares.outstanding"],
  [/sold|bought|sale|purchase|trade/, "holding.trade"],
  [/stake|holding|shares held|ownership|owns/, "holding"],
  [/claim|damages/, "litigation.claim"],
  [/merger ratio/, "merger.ratio"],
  [/appraisal/, "appraisal_price"],
  [/contribut/, "contribution"],
  [/subjects|patients|participants/, "trial.subjects"],
];

function compact(label: string): string {
  return label
    .replace(/\s+/g, "")
    .replace(/^(?:[-※*ㆍ·]|\d+(?:-\d+)?[.)]|\(\d+\)|[가-하][.)])+/, "")
    .replace(/[:：]+$/, "");
}

/** The dictionary entry of a Korean label, or null when the dictionary does not know it. */
export function koreanLabel(label: string): KoreanLabel | null {
  const key = compact(label);
  if (!key) return null;
  return KOREAN_LABELS.find((entry) => entry.pattern.test(key)) ?? null;
}

/** The concept an English fact label names, or null when it names none the dictionary knows. */
export function englishConcept(label: string): string | null {
  const key = label.toLowerCase();
  return ENGLISH_CONCEPTS.find(([pattern]) => pattern.test(key))?.[1] ?? null;
}

/** True when one concept is the other or a part of it. */
export function conceptsAgree(a: string, b: string): boolean {
  return a === b || a.startsWith(`${b}.`) || b.startsWith(`${a}.`);
}
