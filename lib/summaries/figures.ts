/**
 * Figures in Korean filing text: amounts and dates as DART writes them (`1,234,567`, `12억`,
 * `1조 2,000억원`, `2026.07.16`, `2026년 7월 16일`). How facts are written in English is
 * ./facts/format.ts.
 */

/** Korean number units, longest first so 천만 wins over 천 and 만. */
export const KOREAN_UNIT_SCALE: Readonly<Record<string, number>> = {
  조: 1e12,
  억: 1e8,
  천만: 1e7,
  백만: 1e6,
  만: 1e4,
  천: 1e3,
};
const KOREAN_UNIT = "조|억|천만|백만|만|천";

/** A plain number: digits with proper thousands groups, or bare digits, optionally decimal. */
const PLAIN_NUMBER = String.raw`\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?`;

/**
 * One or more `<number><unit>` parts (`1조 2,345억`). Not after 제 (`제48조` is an article of a
 * regulation, not 48 trillion) and not before a Hangul letter that makes the unit part of a
 * word (`3만기`).
 */
const KOREAN_UNIT_AMOUNT = new RegExp(
  String.raw`(?<![\d.,제])(?:(?:${PLAIN_NUMBER})\s*(?:${KOREAN_UNIT})(?!(?![원주명개건])[가-힣])\s*)+`,
  "g",
);
const KOREAN_UNIT_PART = new RegExp(String.raw`(${PLAIN_NUMBER})\s*(${KOREAN_UNIT})`, "g");

/** A cell that starts with a Korean-unit amount (`789억원`, `(1조 2,000억원)`). */
const UNIT_AMOUNT_CELL = new RegExp(String.raw`^[\s(]*(${KOREAN_UNIT_AMOUNT.source})`);
/** A cell that is one plain number, maybe negative, maybe with its unit: `(6,000)`, `△1,234`, `1,719원`. */
const PLAIN_AMOUNT_CELL = new RegExp(String.raw`^(\()?\s*(-|△)?\s*(${PLAIN_NUMBER})\s*\)?\s*(?:원|주|%|％|원\/주)?$`);

/** Dates as Korean filings write them. Each yields a full ISO date. */
export const KOREAN_DATE_PATTERNS: readonly RegExp[] = [
  /(\d{4})\s*년\s*(\d{1,2})\s*월\s*(\d{1,2})\s*일/g,
  // 2026.07.16 / 2026-07-16 / 2026/7/16 / 2026. 7. 29. — the same separator throughout.
  /(?<![\d.])(\d{4})\s*([.\-/])\s*(\d{1,2})\s*\2\s*(\d{1,2})(?![\d])/g,
  /(?<!\d)(20\d{2})(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])(?!\d)/g,
];

/** The numeric parts of a date match: [year, month, day] from the regex groups. */
export function datePartsOf(match: RegExpExecArray): [number, number, number] {
  const groups = match.slice(1).filter((g) => g !== undefined && /^\d+$/.test(g));
  return [Number(groups[0]), Number(groups[1]), Number(groups[2])];
}

export function isoDate(year: number, month: number, day: number): string | null {
  if (year < 1900 || year > 2100 || month < 1 || month > 12 || day < 1 || day > 31) return null;
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** A plain number with its thousands separators removed. */
function parsePlainNumber(text: string): number {
  return Number(text.replace(/,/g, ""));
}

/** The value of a run of Korean unit parts: `1조 2,345억` → 1.2345e12. */
function koreanUnitValue(text: string): number {
  let total = 0;
  for (const [, digits, unit] of text.matchAll(KOREAN_UNIT_PART)) {
    total += parsePlainNumber(digits) * KOREAN_UNIT_SCALE[unit];
  }
  return total;
}

/**
 * The number a table cell states, or null when it states none (`-`, `해당사항 없음`, text).
 * Accepts `17,400,000,000원`, `1,719`, `-793`, `(6,000)`, `6.8`, `789억원`, `1조 2,000억원`, `12.5%`.
 * `scale` multiplies a bare number (a table declared in 백만원, say).
 */
export function parseAmount(cell: string, scale = 1): number | null {
  const text = cell.trim();
  const units = UNIT_AMOUNT_CELL.exec(text);
  if (units) return koreanUnitValue(units[1]);
  const plain = PLAIN_AMOUNT_CELL.exec(text);
  if (!plain) return null;
  // Financial tables write losses and decreases as -1,234, △1,234 or (1,234).
  const sign = plain[1] || plain[2] ? -1 : 1;
  return sign * parsePlainNumber(plain[3]) * scale;
}

/** The ISO date (YYYY-MM-DD) a cell states, or null. */
export function parseDate(cell: string): string | null {
  for (const pattern of KOREAN_DATE_PATTERNS) {
    const [match] = cell.matchAll(pattern);
    if (match) return isoDate(...datePartsOf(match));
  }
  return null;
}
