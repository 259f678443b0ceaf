/**
 * English for the terms of closed lists DART forms repeat: placements, offering methods,
 * purposes, share classes, report kinds. A cell whose words are in no table yields no fact:
 * a term is stated only in the English the table gives it, never guessed.
 */

/**
 * The first entry whose Korean pattern matches the cell (spaces removed) gives its English; a
 * role whose terms are open (what a contract supplies) gives a function of the cell instead
 * (./glossary.ts).
 */
export type TermTable = readonly (readonly [korean: RegExp, english: string])[] | ((cell: string) => string | null);

export function termOf(cell: string, table: TermTable): string | null {
  if (typeof table === "function") return table(cell);
  const compact = cell.replace(/\s+/g, "");
  return table.find(([korean]) => korean.test(compact))?.[1] ?? null;
}

/**
 * A Korean term no table knows, as a fact's text states it: quoted and marked, never romanised,
 * and plain text (a body's markup characters are dropped, so no client renders them).
 */
export function untranslated(korean: string): string {
  return `"${korean.replace(/[<>`]/g, "").trim()}" (Korean, untranslated)`;
}

export function isUntranslated(text: string): boolean {
  return /^"[\s\S]+" \(Korean, untranslated\)$/.test(text);
}

export const PLACEMENTS: TermTable = [
  [/^사모/, "private placement"],
  [/^공모/, "public offering"],
];

export const OFFERING_METHODS: TermTable = [
  [/주주배정후실권주일반공모/, "a shareholder allotment with unsubscribed shares offered to the public"],
  [/제3자배정/, "a third-party allotment"],
  [/일반공모/, "a general public offering"],
  [/주주우선공모/, "a public offering with shareholder priority"],
  [/주주배정/, "a shareholder allotment"],
];

export const FUNDING_PURPOSES: TermTable = [
  [/^시설자금/, "facilities"],
  [/^영업양수자금/, "business acquisition"],
  [/^운영자금/, "operating funds"],
  [/^채무상환자금/, "debt repayment"],
  [/^타법인증권취득자금/, "acquiring other companies' securities"],
  [/^기타자금/, "other purposes"],
];

export const TREASURY_PURPOSES: TermTable = [
  [/소각/, "cancellation"],
  [/주주가치|주주환원/, "enhancing shareholder value"],
  [/주가안정/, "stabilising the share price"],
  [/우리사주|근로복지/, "the employee stock ownership association"],
  [/임직원|상여|보상/, "employee compensation"],
  [/교환사채/, "backing exchangeable bonds"],
  [/운영자금|재원|자금확보|개발자금/, "raising funds"],
];

/** Why a buyback trust ends (해지목적): its term ran out, or the purchases are done. */
export const TRUST_TERMINATION_REASONS: TermTable = [
  [/(계약)?기간만료/, "as its term has ended"],
  [/취득완료|매입완료/, "as the share purchases are complete"],
];

/** What the trust hands back on termination (해지후 신탁재산의 반환방법). */
export const TRUST_RETURN_METHODS: TermTable = [
  [/현금및실물/, "in cash and shares"],
  [/^실물/, "in shares"],
  [/^현금/, "in cash"],
];

/** A correction filed because the deal it reported was called off (정정사유: 계약 해제). */
export const CORRECTION_CANCELLATIONS: TermTable = [[/^(계약|거래|합의)(해제|해지)$/, "the cancellation of the deal"]];

/** 주식교환 (the partner's shareholders get the company's shares) or 주식이전 (a new holding company). */
export const SHARE_EXCHANGE_KINDS: TermTable = [
  [/^주식교환$/, "a share exchange"],
  [/^주식이전$/, "a share transfer to a new holding company"],
];

export const FREE_TRANSFERS: TermTable = [[/무상출연|무상증여|무상교부/, "free of charge"]];

/**
 * A treasury-stock disposal that is no sale (처분목적): the shares go to employees, an ESOP or
 * bondholders, and the price column is then a reference value, not money received.
 */
export const TREASURY_GRANTS: TermTable = [
  [/양도제한조건부|RSU|PSU/i, "a payout of restricted stock units to employees"],
  [/우리사주/, "a contribution to the employee stock ownership association"],
  [/교환사채|교환대상|교환권/, "delivery to holders of exchangeable bonds on exchange"],
  [/상여|성과급|성과보상|주식보상|주식기준보상|임직원|직원|인센티브|스톡그랜트/, "a grant of shares to employees"],
];

/** A lock-up of new shares (의무보유 1년, 보호예수 6개월, 전매제한 1년). */
export function lockUpOf(cell: string): string | null {
  const m = /(의무보유|보호예수|전매제한)[^\d]{0,6}(\d+)\s*(년|개월)/.exec(cell);
  if (!m) return null;
  const unit = m[3] === "년" ? "year" : "month";
  return `a lock-up of ${m[2]} ${unit}${m[2] === "1" ? "" : "s"}`;
}

export const TREASURY_METHODS: TermTable = [
  [/공개매수/, "a tender offer"],
  [/신탁/, "a trust contract"],
  [/장내/, "purchases on the market"],
  [/시간외대량매매/, "after-hours block trades"],
  [/장외/, "off-market trades"],
];

export const CONTRACT_KINDS: TermTable = [
  [/공사수주/, "construction order"],
  [/상품공급|제품공급|판매ㆍ?공급계약|판매·공급계약/, "sales and supply contract"],
  [/용역/, "services contract"],
  [/폴리실리콘/, "polysilicon supply contract"],
];

export const INVESTMENT_KINDS: TermTable = [
  [/신규시설투자/, "new facility investment"],
  [/시설증설|증설/, "facility expansion"],
  [/시설투자/, "facility investment"],
  [/선박/, "vessel investment"],
];

export const HOLDING_PURPOSES: TermTable = [
  [/경영권|경영참가/, "to influence management"],
  [/일반투자/, "general investment"],
  [/단순투자/, "simple investment"],
];

/**
 * Why a 5% report was filed (보고사유, 변동사유, 변경사유), as "It reports …" states it. The
 * first entry that matches wins, so a deal (a tender offer, a share purchase agreement) comes
 * before the trades and stake changes it causes.
 */
export const HOLDING_REASONS: TermTable = [
  [/공개매수청약|공개매수에응모|공개매수응모/, "shares tendered in a tender offer"],
  [/공개매수/, "a tender offer"],
  [/풋옵션|매수청구권/, "a put option"],
  [/콜옵션|매도청구권/, "a call option"],
  [/교환사채|교환청구|교환권/, "an exchangeable-bond contract"],
  [/시간외대량매매|블록딜|블록세일|블록매매/, "a block sale"],
  [/주식매매계약|주식양수도계약|양수도계약|SPA/i, "a share purchase agreement"],
  [/경영권/, "an agreement over management control"],
  // A holder becoming an officer, say: its stake moves into another holder's joint report.
  [
    /연명으로보고|연명보고|보고자변경/,
    "a change of reporting holder, the stake to be reported jointly in another holder's report",
  ],
  [/특수관계인|특별관계자|공동보유자/, "a related party's trade"],
  [/유상증자|제3자배정|신주취득|신주인수/, "a subscription for new shares"],
  [/전환청구|전환권|주식전환|전환사채/, "the conversion of convertible securities"],
  [/담보|질권/, "a pledge of shares"],
  [/보유목적변경|목적변경/, "a change in the purpose of holding"],
  [/상장에따른|신규상장/, "the company's listing"],
  [
    /무상증자|발행주식총수증가|총발행주식수증가|주식수증가/,
    "a change in its stake as the company's share count changed",
  ],
  [/장내매수.*매도|매수\/매도|취득\/처분|매수및매도|취득및처분/, "on-market purchases and sales"],
  [/장내매수|장내매입|추가취득|추가매수|장내취득/, "on-market purchases"],
  [/장내매도|장내처분|단순처분|처분|매도/, "on-market sales"],
  [/장외/, "an off-market trade"],
  [/계약변경|계약체결|계약내용/, "a change in contracts over the shares held"],
  [/5%이상보유|신규보고/, "a new holding of 5% or more"],
];

/** The contracts over a 5% holder's shares (주요계약: 계약의종류), as "are under …" states them. */
export const HOLDING_CONTRACTS: TermTable = [
  [/담보|질권|금전대여|대출/, "a pledge as loan collateral"],
  [/장외매매|주식매매|양수도|SPA/i, "an off-market sale and purchase agreement"],
  [/풋옵션|매수청구권/, "a put option"],
  [/콜옵션|매도청구권/, "a call option"],
  [/교환사채/, "an exchangeable-bond contract"],
  [/대차|대여/, "a stock-lending agreement"],
  [/신탁/, "a trust contract"],
  [/공동보유|의결권공동행사|주주간계약/, "a joint-holding agreement"],
  [/일임/, "a discretionary investment contract"],
  [/경영권/, "an agreement over management control"],
];

export const HOLDING_REPORT_KINDS: TermTable = [
  [/^신규/, "new report"],
  [/^변동/, "change in holding"],
  [/^변경/, "change in holding details"],
];

export const RELATIONSHIPS: TermTable = [
  [/최대주주/, "largest shareholder"],
  [/주요주주/, "major shareholder"],
  [/특수관계인/, "related party"],
  [/종속회사|자회사/, "subsidiary"],
  [/계열회사/, "affiliate"],
  [/관계회사/, "associate"],
  [/^임원|등기임원|비등기임원/, "executive"],
  [/^주주$/, "shareholder"],
];

export const REDUCTION_METHODS: TermTable = [
  [/자기주식소각|자사주소각/, "cancellation of treasury shares"],
  [/주식병합/, "share consolidation"],
  [/무상/, "reduction without compensation"],
  [/유상/, "reduction with compensation"],
];

export const SHARE_CLASSES: TermTable = [
  [/우선주|종류주식/, "preferred shares"],
  [/보통주/, "common shares"],
];

export const BOND_KINDS: TermTable = [
  [/해외교환사채/, "overseas exchangeable bonds"],
  [/교환사채/, "exchangeable bonds"],
  [/신주인수권부사채/, "bonds with warrants"],
  // A hybrid that is no contingent capital (Ecopro BM's 채권형 신종자본증권), and a perpetual CB (D&D Pharmatech's).
  [/^(?!.*조건부).*신종자본증권/, "hybrid capital securities"],
  [/영구전환사채/, "perpetual convertible bonds"],
  [/조건부자본증권|신종자본증권|영구채/, "contingent capital (hybrid) securities"],
  [/전환사채/, "convertible bonds"],
];

export const EXCHANGE_TARGETS: TermTable = [
  [/보통주.*자기주식|자기주식.*보통주/, "its common stock held in treasury"],
  [/보통주/, "common stock"],
];

export const MERGER_METHODS: TermTable = [
  [/소규모합병/, "a small-scale merger"],
  [/간이합병/, "a simplified merger"],
  [/흡수합병/, "a merger by absorption"],
  [/신설합병/, "a merger into a new company"],
];

export const SPINOFF_METHODS: TermTable = [
  [/인적분할/, "a split-off (the new company's shares go to the company's shareholders)"],
  [/물적분할/, "a spin-off into a wholly owned subsidiary"],
];

export const IR_AUDIENCES: TermTable = [
  [/국내.*기관투자자/, "domestic institutional investors"],
  [/해외.*기관투자자/, "overseas institutional investors"],
  [/기관투자자/, "institutional investors"],
  [/애널리스트/, "analysts"],
  [/투자자/, "investors"],
];

export const IR_METHODS: TermTable = [
  [/1대1|1:1|일대일/, "one-on-one meetings"],
  [/컨퍼런스|콘퍼런스/, "a conference"],
  [/기업설명회|설명회/, "a results briefing"],
  [/NDR|논딜로드쇼/, "a non-deal roadshow"],
];

export const ASSET_KINDS: TermTable = [
  [/토지및건물/, "land and buildings"],
  [/토지/, "land"],
  [/건물/, "a building"],
];

export const PRICE_ADJUSTMENT_REASONS: TermTable = [
  [/시가하락/, "a fall in the share price (refixing)"],
  [/유상증자/, "a rights offering"],
  [/무상증자/, "a bonus issue"],
  [/주식배당/, "a stock dividend"],
  [/감자/, "a capital reduction"],
  [/합병/, "a merger"],
  [/액면분할|주식분할/, "a stock split"],
];

export const DIVIDEND_KINDS: TermTable = [
  [/결산배당/, "year-end dividend"],
  [/분기배당/, "quarterly dividend"],
  [/중간배당/, "interim dividend"],
];

export const DIVIDEND_FORMS: TermTable = [
  [/현금/, "cash"],
  [/주식/, "stock"],
  [/현물/, "in kind"],
];

export const TRIAL_PHASES: TermTable = [
  [/^1\/2상|1ㆍ2상/, "Phase 1/2"],
  [/^1상|제1상/, "Phase 1"],
  [/^2상|제2상/, "Phase 2"],
  [/^3상|제3상/, "Phase 3"],
];

export const REGULATORS: TermTable = [
  [/식품의약품안전처|MFDS/, "Korea's Ministry of Food and Drug Safety (MFDS)"],
  [/FDA/, "the US Food and Drug Administration (FDA)"],
  [/EMA/, "the European Medicines Agency (EMA)"],
];

export const EXCHANGES: TermTable = [
  [/런던증권거래소|LondonStockExchange|LSE/i, "the London Stock Exchange"],
  [/뉴욕증권거래소|NewYorkStockExchange|NYSE/i, "the New York Stock Exchange"],
  [/나스닥|NASDAQ/i, "the Nasdaq"],
  [/싱가포르증권거래소|싱가포르거래소/, "the Singapore Exchange"],
  [/룩셈부르크/, "the Luxembourg Stock Exchange"],
  [/홍콩/, "the Hong Kong Stock Exchange"],
  [/도쿄증권거래소|동경증권거래소/, "the Tokyo Stock Exchange"],
  [/프랑크푸르트/, "the Frankfurt Stock Exchange"],
];

export const COURTS: TermTable = [
  [/^서울중앙지방법원/, "the Seoul Central District Court"],
  [/^서울남부지방법원/, "the Seoul Southern District Court"],
  [/^서울동부지방법원/, "the Seoul Eastern District Court"],
  [/^서울서부지방법원/, "the Seoul Western District Court"],
  [/^서울북부지방법원/, "the Seoul Northern District Court"],
  [/^수원지방법원/, "the Suwon District Court"],
  [/^서울고등법원/, "the Seoul High Court"],
  [/^대법원/, "the Supreme Court"],
];

export const LAWSUIT_KINDS: TermTable = [
  [/신주발행무효/, "a suit to nullify a new share issue"],
  [/손해배상/, "a damages suit"],
  [/주주총회결의/, "a suit over a shareholders' meeting resolution"],
  [/가처분/, "an injunction application"],
];
