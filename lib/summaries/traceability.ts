/**
 * Whether every figure in an English summary is one of the facts it declares.
 *
 * The summary is scanned for dates (`July 16, 2026`, `2026-07-16`, `July 2026`, `July 16`),
 * amounts with a scale (`KRW 17.4 billion`, also in words: `two trillion won`), percentages
 * and plain numbers. Each must equal a fact of a fitting unit, rounded to the digits the
 * summary writes: `KRW 3.73 billion` binds to 3,725,385,833 won, `KRW 3.8 billion` does not,
 * and neither do `KRW 171 trillion` or `KRW 172 trillion` for 171.50 (a rounding never moves a
 * figure by half its last digit or more than 0.5 %). A plain integer binds only exactly, so
 * 45,000 is not "50,000 jobs". Quarter names (Q2, 2Q, H1) and years that a declared date or
 * the sources give are context, not figures.
 */
import {
  datePartsOf,
  isoDate,
  isoMonth,
  KOREAN_DATE_PATTERNS,
  MONTH_NAMES,
  PLAIN_NUMBER,
  parsePlainNumber,
} from "./figures";
import { conceptsAgree, englishConcept, factNumber } from "./facts";
import type { Fact, FactUnit } from "./types";

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
const EN_SCALED = new RegExp(
  String.raw`(?<![A-Za-z\d.,])((?:${PLAIN_NUMBER}))\s*(thousand|million|billion|trillion|bn|mn|tn)\b`,
  "gi",
);
const PLAIN_NUMBERS = new RegExp(String.raw`(?<![A-Za-z\d.,])(?:${PLAIN_NUMBER})`, "g");
const QUARTERS = /\b(?:Q[1-4]|[1-4]Q|H[12]|[12]H)\b/g;

// ---------- numbers written in words ----------

const SMALL: Readonly<Record<string, number>> = Object.fromEntries(
  [
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen",
  ]
    .join(" ")
    .split(" ")
    .map((w, i) => [w, i]),
);
const TENS: Readonly<Record<string, number>> = {
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};
const WORD_SCALES: Readonly<Record<string, number>> = {
  hundred: 100,
  thousand: 1e3,
  million: 1e6,
  billion: 1e9,
  trillion: 1e12,
};
const NUMBER_WORD = `(?:${[...Object.keys(SMALL), ...Object.keys(TENS), ...Object.keys(WORD_SCALES)].join("|")})`;
const FIRST_NUMBER_WORD = `(?:${[...Object.keys(SMALL), ...Object.keys(TENS)].join("|")}|a(?=\\s+(?:hundred|thousand|million|billion|trillion)))`;
const WORD_RUN = new RegExp(
  String.raw`(?<![\d.,]\s*)\b${FIRST_NUMBER_WORD}(?:(?:\s+|-|\s+and\s+)${NUMBER_WORD})*\b(?=\s*(%|percent|per cent|shares|won|jobs|employees|people|persons|directors|units|days|months|years)?)`,
  "gi",
);

function wordsValue(run: string): number | null {
  let total = 0;
  let group = 0;
  for (const word of run.toLowerCase().split(/[\s-]+/)) {
    if (word === "and") continue;
    if (word === "a") group = 1;
    else if (word in SMALL) group += SMALL[word];
    else if (word in TENS) group += TENS[word];
    else if (word === "hundred") group = (group || 1) * 100;
    else if (word in WORD_SCALES) {
      total += (group || 1) * WORD_SCALES[word];
      group = 0;
    } else return null;
  }
  return total + group;
}

/**
 * Numbers written in words become digits when they count something: "two trillion won" →
 * "2000000000000 won", "five percent" → "5 percent". A lone "one" or "two" in prose stays.
 */
export function numbersInWordsToDigits(summary: string): string {
  return summary.replace(WORD_RUN, (run: string, unit: string | undefined) => {
    const hasScale = /hundred|thousand|million|billion|trillion/i.test(run);
    if (!hasScale && !unit) return run;
    const value = wordsValue(run.replace(/^a\s+/i, "a "));
    return value === null ? run : String(value);
  });
}

// ---------- binding ----------

function monthNumber(name: string): number {
  return MONTH_NAMES.findIndex((m) => m.startsWith(name.slice(0, 3))) + 1;
}

/** Replaces each match with spaces so later patterns do not read its digits again. */
function consume(text: string, pattern: RegExp, onMatch: (match: RegExpExecArray, index: number) => void): string {
  return text.replace(pattern, (...args: unknown[]) => {
    const groups = args.slice(0, -2) as unknown as RegExpExecArray;
    onMatch(groups, args[args.length - 2] as number);
    return " ".repeat((args[0] as string).length);
  });
}

/** Half a unit of the last digit written; 0 for a plain integer, which binds only exactly. */
function toleranceOf(digits: string, scale: number): number {
  const [, fraction] = digits.replace(/,/g, "").split(".");
  if (fraction !== undefined) return 0.5 * 10 ** -fraction.length * scale;
  return scale === 1 ? 0 : 0.5 * scale;
}

/** The unit a summary's wording gives a number written at `index`. */
function unitAround(text: string, index: number, length: number): FactUnit | null {
  const after = text.slice(index + length, index + length + 14).toLowerCase();
  const before = text.slice(Math.max(0, index - 6), index).toLowerCase();
  if (/^\s*(%|percent|per cent)/.test(after)) return "percent";
  if (/(krw|₩|won)\s*$/.test(before) || /^\s*(won\b|krw)/.test(after)) return "KRW";
  if (/(usd|us\$|\$)\s*$/.test(before) || /^\s*(dollars|usd)/.test(after)) return "USD";
  if (/^\s*(new |common |preferred |treasury )?(shares|stock)/.test(after)) return "shares";
  return null;
}

/** Concepts a summary's words can confuse with each other, as English phrases. */
const CONTRASTED =
  /coupon|yield to maturity|yield|floor|minimum price|no lower than|conversion price|converts? at|operating (?:profit|income|loss)|net (?:income|profit|loss)|revenue|sales|borrowing|guarantee|equity/gi;

/**
 * The contrasted concept a figure is stated as, if any: a word right after it ("2.0% coupon"),
 * else the nearest one before it in its clause ("coupon of 2.0%", "guarantee KRW 3.7 billion
 * of borrowing"), else the nearest one after it. Words across "and", a comma or a sentence
 * end belong to another figure.
 */
function conceptNear(text: string, index: number, length: number): string | null {
  const start = Math.max(0, index - 30);
  const window = text.slice(start, Math.min(text.length, index + length + 14));
  const at = index - start;
  let before: { distance: number; concept: string } | null = null;
  let after: { distance: number; concept: string } | null = null;
  for (const m of window.matchAll(CONTRASTED)) {
    const from = m.index ?? 0;
    const to = from + m[0].length;
    const between = from < at ? window.slice(to, at) : window.slice(at + length, from);
    if (/[.;,]|\band\b/.test(between)) continue;
    const concept = englishConcept(m[0]);
    if (!concept) continue;
    if (from < at) {
      if (!before || at - to < before.distance) before = { distance: at - to, concept };
    } else if (!after || from - (at + length) < after.distance) after = { distance: from - (at + length), concept };
  }
  if (after && after.distance <= 2) return after.concept;
  return before?.concept ?? after?.concept ?? null;
}

export interface FigureContext {
  /** Years any source states (a year is context when the filing gives it). */
  years: ReadonlySet<number>;
}

/** A figure as a summary writes it. */
export type WrittenFigure = { written: string } & (
  | { kind: "date"; iso: string | null }
  | { kind: "month"; month: string | null }
  | { kind: "monthday"; monthDay: string }
  | { kind: "number"; value: number; tolerance: number; unit: FactUnit | null; named: string | null }
);

/** Every date and number of `summary`, in digits or in words, with how it is written. */
export function writtenFigures(summary: string): WrittenFigure[] {
  const figures: WrittenFigure[] = [];
  let text = numbersInWordsToDigits(summary);
  const fullDate = (written: string, year: number, month: number, day: number) =>
    figures.push({ written, kind: "date", iso: isoDate(year, month, day) });
  text = consume(text, EN_DATE_MDY, (m) => fullDate(m[0], Number(m[3]), monthNumber(m[1]), Number(m[2])));
  text = consume(text, EN_DATE_DMY, (m) => fullDate(m[0], Number(m[3]), monthNumber(m[2]), Number(m[1])));
  for (const pattern of KOREAN_DATE_PATTERNS) {
    text = consume(text, new RegExp(pattern.source, "g"), (m) => fullDate(m[0], ...datePartsOf(m)));
  }
  text = consume(text, EN_MONTH_YEAR, (m) =>
    figures.push({ written: m[0], kind: "month", month: isoMonth(Number(m[2]), monthNumber(m[1])) }),
  );
  const monthDay = (written: string, month: number, day: string) =>
    figures.push({ written, kind: "monthday", monthDay: `${String(month).padStart(2, "0")}-${day.padStart(2, "0")}` });
  text = consume(text, EN_MONTH_DAY, (m) => monthDay(m[0], monthNumber(m[1]), m[2]));
  text = consume(text, EN_DAY_MONTH, (m) => monthDay(m[0], monthNumber(m[2]), m[1]));
  text = text.replace(QUARTERS, (q) => " ".repeat(q.length));

  const source = text;
  const number = (written: string, value: number, tolerance: number, index: number, length: number) =>
    figures.push({
      written,
      kind: "number",
      value,
      tolerance,
      unit: unitAround(source, index, length),
      named: conceptNear(source, index, length),
    });
  text = consume(text, EN_SCALED, (m, index) => {
    const scale = SCALE_WORDS[m[2].toLowerCase()];
    number(m[0], parsePlainNumber(m[1]) * scale, toleranceOf(m[1], scale), index, m[0].length);
  });
  for (const m of text.matchAll(PLAIN_NUMBERS)) {
    number(m[0], parsePlainNumber(m[0]), toleranceOf(m[0], 1), m.index ?? 0, m[0].length);
  }
  return figures;
}

/** True when a fact of this unit may be what the summary's wording calls `written`. */
export function unitFits(written: FactUnit | null, fact: FactUnit): boolean {
  return written === null || written === fact || (written === "shares" && fact === "count");
}

/**
 * True when `value` is `fact` rounded to the digits written: less than half a unit of the
 * last digit away and within 0.5 %; a plain integer (tolerance 0) only exactly.
 */
export function rounds(value: number, tolerance: number, fact: number): boolean {
  const diff = Math.abs(Math.abs(value) - Math.abs(fact));
  if (tolerance === 0) return diff <= Math.abs(fact) * 1e-9;
  return diff < tolerance - Math.abs(fact) * 1e-12 && diff <= Math.abs(fact) * 0.005;
}

/** The figures of `summary` that no fact states, as written (empty when all are bound). */
export function unboundFigures(summary: string, facts: readonly Fact[], context: FigureContext): string[] {
  const dates = new Set(facts.filter((f) => f.unit === "date").map((f) => f.value));
  const numbers = facts.flatMap((f) => {
    const value = factNumber(f);
    return value === null ? [] : [{ value, unit: f.unit, concept: englishConcept(f.label) }];
  });
  const years = new Set([...context.years, ...[...dates].map((d) => Number(d.slice(0, 4)))]);
  const unbound: string[] = [];
  for (const figure of writtenFigures(summary)) {
    switch (figure.kind) {
      case "date":
        if (figure.iso === null || !dates.has(figure.iso)) unbound.push(figure.written);
        break;
      case "month":
        if (figure.month === null || ![...dates].some((d) => d.startsWith(figure.month!))) unbound.push(figure.written);
        break;
      case "monthday":
        if (![...dates].some((d) => d.endsWith(figure.monthDay))) unbound.push(figure.written);
        break;
      case "number": {
        if (/^\d{4}$/.test(figure.written) && years.has(figure.value)) break;
        const candidates = numbers.filter(
          (n) => unitFits(figure.unit, n.unit) && rounds(figure.value, figure.tolerance, n.value),
        );
        if (candidates.length === 0) {
          unbound.push(figure.written);
          break;
        }
        // When the words next to the figure name a concept the facts also state (coupon,
        // yield, floor, revenue...), the fact must be that one: a coupon written beside the
        // yield's figure is rejected.
        const named = figure.unit === "KRW" || figure.unit === "percent" ? figure.named : null;
        if (
          named &&
          numbers.some((n) => n.concept && conceptsAgree(n.concept, named)) &&
          !candidates.some((n) => n.concept !== null && conceptsAgree(n.concept, named))
        ) {
          unbound.push(`${figure.written} (not the ${named.replace(/[._]/g, " ")})`);
        }
      }
    }
  }
  return unbound.map((u) => u.trim());
}
