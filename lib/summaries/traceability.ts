/**
 * Whether every figure in an English summary can be traced to the filing it summarises.
 *
 * The source side (Korean body and metadata) is indexed once: every plain number, every
 * Korean-unit amount (`789억원` → 78,900,000,000), every bare number scaled by each unit the
 * document declares for its tables (`단위 : 조원`), and every date in any of DART's forms.
 * The summary side is scanned for dates (`July 16, 2026`, `2026-07-16`, `July 2026`,
 * `July 16`), scaled amounts (`KRW 17.4 billion`) and plain numbers (`1,719`, `6.8%`, `Q2`).
 *
 * A summary figure is traced when some source value equals it within half a unit of its last
 * stated digit: `KRW 3.73 billion` traces to 3,725,385,833 but `KRW 3.8 billion` does not.
 * Rounding is a paraphrase; a figure the model computed (a sum, a ratio) is not in the source
 * and is rejected.
 */
import {
  datePartsOf,
  isoDate,
  isoMonth,
  KOREAN_DATE_PATTERNS,
  KOREAN_MONTH_PATTERNS,
  KOREAN_UNIT_AMOUNT,
  KOREAN_UNIT_SCALE,
  koreanUnitValue,
  MONTH_NAMES,
  PLAIN_NUMBER,
  parsePlainNumber,
  WON_UNIT_DECLARATION,
} from "./figures";

export interface SourceFigures {
  /** Every number in the sources, ascending. */
  readonly values: Float64Array;
  /** YYYY-MM-DD */
  readonly dates: ReadonlySet<string>;
  /** YYYY-MM, from full dates and from month-only mentions. */
  readonly months: ReadonlySet<string>;
  /** MM-DD, for summary dates written without a year. */
  readonly monthDays: ReadonlySet<string>;
}

const PLAIN_NUMBERS = new RegExp(`(?<![\\d.,])(?:${PLAIN_NUMBER})`, "g");

/** Replaces each match with spaces so later patterns do not read its digits again. */
function consume(text: string, pattern: RegExp, onMatch: (match: RegExpExecArray) => void): string {
  return text.replace(pattern, (...args: unknown[]) => {
    const match = args.slice(0, -2) as unknown as RegExpExecArray; // [whole, ...groups]
    onMatch(match);
    return " ".repeat((args[0] as string).length);
  });
}

export function indexSourceFigures(texts: readonly string[]): SourceFigures {
  const values: number[] = [];
  const dates = new Set<string>();
  const months = new Set<string>();
  const monthDays = new Set<string>();
  const scales = new Set<number>();

  const addDate = (iso: string | null) => {
    if (!iso) return;
    dates.add(iso);
    months.add(iso.slice(0, 7));
    monthDays.add(iso.slice(5));
    values.push(Number(iso.slice(0, 4)));
  };

  for (const source of texts) {
    let text = source;
    for (const [, unit, headingUnit] of text.matchAll(WON_UNIT_DECLARATION)) {
      scales.add(KOREAN_UNIT_SCALE[unit ?? headingUnit]);
    }
    for (const pattern of KOREAN_DATE_PATTERNS) text = consume(text, pattern, (m) => addDate(isoDate(...datePartsOf(m))));
    for (const pattern of KOREAN_MONTH_PATTERNS) {
      text = consume(text, pattern, (m) => {
        const [year, month] = datePartsOf(m);
        const iso = isoMonth(year < 100 ? 2000 + year : year, month);
        if (iso) {
          months.add(iso);
          values.push(Number(iso.slice(0, 4)));
        }
      });
    }
    text = consume(text, KOREAN_UNIT_AMOUNT, (m) => {
      values.push(koreanUnitValue(m[0]));
      // The bare figures too: "789억" may be cited as 789 (hundred million won).
      for (const part of m[0].matchAll(PLAIN_NUMBERS)) values.push(parsePlainNumber(part[0]));
    });
    for (const [digits] of text.matchAll(PLAIN_NUMBERS)) values.push(parsePlainNumber(digits));
  }

  // Bare table figures scaled by every unit the documents declare: 171.50 under 단위 : 조원.
  const bare = values.length;
  for (const scale of scales) for (let i = 0; i < bare; i++) values.push(values[i] * scale);

  return { values: Float64Array.from(values).sort(), dates, months, monthDays };
}

function hasValueNear(sorted: Float64Array, value: number, tolerance: number): boolean {
  const low = value - tolerance;
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] < low) lo = mid + 1;
    else hi = mid;
  }
  return lo < sorted.length && sorted[lo] <= value + tolerance;
}

// ---------- the summary side ----------

const MONTH = String.raw`(Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\.?`;
const DAY = String.raw`(\d{1,2})(?:st|nd|rd|th)?`;
const EN_DATE_MDY = new RegExp(String.raw`\b${MONTH}\s+${DAY},?\s+(\d{4})\b`, "g");
const EN_DATE_DMY = new RegExp(String.raw`\b${DAY}\s+${MONTH},?\s+(\d{4})\b`, "g");
const EN_MONTH_YEAR = new RegExp(String.raw`\b${MONTH},?\s+(\d{4})\b`, "g");
const EN_MONTH_DAY = new RegExp(String.raw`\b${MONTH}\s+${DAY}\b`, "g");
const EN_DAY_MONTH = new RegExp(String.raw`\b${DAY}\s+${MONTH}\b`, "g");
const SCALE_WORDS: Readonly<Record<string, number>> = {
  thousand: 1e3,
  million: 1e6,
  mn: 1e6,
  billion: 1e9,
  bn: 1e9,
  trillion: 1e12,
  tn: 1e12,
};
const EN_SCALED = new RegExp(String.raw`(?<![\d.,])(${PLAIN_NUMBER})\s*(thousand|million|billion|trillion|bn|mn|tn)\b`, "gi");

function monthNumber(name: string): number {
  return MONTH_NAMES.findIndex((m) => m.startsWith(name.slice(0, 3))) + 1;
}

/**
 * Half a unit of the last digit the summary states. Large round integers (18,000,000,000) are
 * read as rounded to their last non-zero digit; small ones (130, 2026) as exact.
 */
function toleranceOf(digits: string, scale: number): number {
  const [whole, fraction] = digits.replace(/,/g, "").split(".");
  if (fraction !== undefined) return 0.5 * 10 ** -fraction.length * scale;
  if (scale === 1 && whole.length >= 5) {
    const trailingZeros = whole.length - whole.replace(/0+$/, "").length;
    return 0.5 * 10 ** trailingZeros;
  }
  return 0.5 * scale;
}

/**
 * The figures of `summary` that no source states, as written (empty when all are traced).
 */
export function untracedFigures(summary: string, source: SourceFigures): string[] {
  const untraced: string[] = [];
  const check = (ok: boolean, written: string) => {
    if (!ok) untraced.push(written.trim());
  };
  let text = summary;

  const fullDate = (written: string, year: number, month: number, day: number) => {
    const iso = isoDate(year, month, day);
    check(iso !== null && source.dates.has(iso), written);
  };
  text = consume(text, EN_DATE_MDY, (m) => fullDate(m[0], Number(m[3]), monthNumber(m[1]), Number(m[2])));
  text = consume(text, EN_DATE_DMY, (m) => fullDate(m[0], Number(m[3]), monthNumber(m[2]), Number(m[1])));
  for (const pattern of KOREAN_DATE_PATTERNS) {
    text = consume(text, pattern, (m) => {
      const iso = isoDate(...datePartsOf(m));
      check(iso !== null && source.dates.has(iso), m[0]);
    });
  }
  text = consume(text, EN_MONTH_YEAR, (m) => {
    const iso = isoMonth(Number(m[2]), monthNumber(m[1]));
    check(iso !== null && source.months.has(iso), m[0]);
  });
  const monthDay = (written: string, month: number, day: string) =>
    check(source.monthDays.has(`${String(month).padStart(2, "0")}-${day.padStart(2, "0")}`), written);
  text = consume(text, EN_MONTH_DAY, (m) => monthDay(m[0], monthNumber(m[1]), m[2]));
  text = consume(text, EN_DAY_MONTH, (m) => monthDay(m[0], monthNumber(m[2]), m[1]));

  const near = (value: number, tolerance: number) =>
    hasValueNear(source.values, value, tolerance + Math.abs(value) * 1e-9);
  text = consume(text, EN_SCALED, (m) => {
    const scale = SCALE_WORDS[m[2].toLowerCase()];
    check(near(parsePlainNumber(m[1]) * scale, toleranceOf(m[1], scale)), m[0]);
  });
  for (const [digits] of text.matchAll(PLAIN_NUMBERS)) {
    check(near(parsePlainNumber(digits), toleranceOf(digits, 1)), digits);
  }
  return untraced;
}
