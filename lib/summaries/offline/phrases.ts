/**
 * English for the free-text values DART forms repeat (purposes, methods, reasons,
 * relationships). A value not in a table is left out of the summary rather
 * than shown in Korean: the offline generator states what it can read, nothing else.
 */

/** Phrase tables: the first entry whose Korean key occurs in the value (spaces ignored) wins. */
export type PhraseTable = readonly (readonly [korean: string, english: string])[];

export function translate(value: string | null, table: PhraseTable): string | null {
  if (!value) return null;
  const compact = value.replace(/\s+/g, "");
  for (const [korean, english] of table) if (compact.includes(korean)) return english;
  return null;
}

export const RELATIONSHIPS: PhraseTable = [
  ["최대주주", "the largest shareholder"],
  ["주요주주", "a major shareholder"],
  ["특수관계인", "a related party"],
  ["종속회사", "a subsidiary"],
  ["자회사", "a subsidiary"],
  ["계열회사", "an affiliate"],
  ["관계회사", "an associate"],
  ["임원", "an executive"],
];

export const TREASURY_PURPOSES: PhraseTable = [
  ["주주가치", "to enhance shareholder value"],
  ["주가안정", "to stabilise the share price"],
  ["소각", "for cancellation"],
  ["임직원", "for employee compensation"],
  ["우리사주", "for the employee stock ownership plan"],
  ["상여", "for employee bonuses"],
  ["운영자금", "to fund operations"],
  ["재원마련", "to raise funds"],
  ["교환사채", "to back exchangeable bonds"],
];

export const TREASURY_METHODS: PhraseTable = [
  ["신탁", "through a trust contract"],
  ["장내", "on the market"],
  ["시장을통한", "on the market"],
  ["시간외대량매매", "by after-hours block sale"],
  ["장외", "off the market"],
  ["공개매수", "by tender offer"],
  ["무상출연", "as a free contribution"],
];

export const OFFERING_METHODS: PhraseTable = [
  ["주주배정후실권주일반공모", "a shareholder allotment with unsubscribed shares offered to the public"],
  ["제3자배정", "a third-party allotment"],
  ["일반공모", "a general public offering"],
  ["주주우선공모", "a public offering with shareholder priority"],
  ["주주배정", "a shareholder allotment"],
];

export const FUNDING_PURPOSES: PhraseTable = [
  ["시설자금", "facilities"],
  ["영업양수자금", "business acquisition"],
  ["운영자금", "operating funds"],
  ["채무상환자금", "debt repayment"],
  ["타법인증권취득자금", "acquiring other companies' securities"],
  ["기타자금", "other purposes"],
];

export const DIVIDEND_KINDS: PhraseTable = [
  ["결산배당", "year-end"],
  ["분기배당", "quarterly"],
  ["중간배당", "interim"],
];

export const BOND_PLACEMENTS: PhraseTable = [
  ["사모", "privately placed"],
  ["공모", "publicly offered"],
];

export const PRICE_ADJUSTMENT_REASONS: PhraseTable = [
  ["시가하락", "a fall in the share price (refixing)"],
  ["유상증자", "a rights offering"],
  ["무상증자", "a bonus issue"],
  ["주식배당", "a stock dividend"],
  ["감자", "a capital reduction"],
  ["합병", "a merger"],
  ["액면분할", "a stock split"],
];

export const HOLDING_REASONS: PhraseTable = [
  ["보유주식등에관한계약", "a change in contracts over the shares held (such as pledges or loans)"],
  ["보유목적", "a change in the purpose of holding"],
  ["장내매수", "purchases on the market"],
  ["장내매도", "sales on the market"],
  ["장외매수", "off-market purchases"],
  ["장외매도", "off-market sales"],
  ["유상증자", "a rights offering"],
  ["전환권", "the exercise of conversion rights"],
  ["신규", "a newly reportable holding"],
  ["상속", "an inheritance"],
  ["증여", "a gift"],
];

export const CONTROL_CHANGE_REASONS: PhraseTable = [
  ["제3자배정", "the issuance of new shares to a third party"],
  ["유상증자", "a rights offering"],
  ["주식양수도", "a share purchase agreement"],
  ["장외매수", "an off-market purchase"],
  ["장내매수", "purchases on the market"],
  ["상속", "an inheritance"],
  ["증여", "a gift"],
  ["합병", "a merger"],
  ["전환권", "the exercise of conversion rights"],
  ["담보권", "the enforcement of a pledge"],
  ["반대매매", "a forced sale of pledged shares"],
];
