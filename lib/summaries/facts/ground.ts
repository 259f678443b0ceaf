/**
 * Binding facts to the body: the values each body line states, with their units and labels.
 *
 * A line of document text is a table row (`label: value | value`) or prose. A table cell
 * states a value only when the whole cell is one (`3,725,385,833`, `789억원`, `6.8`,
 * `2026-07-29`, `2024-07-19 ~ 2027-07-19`), so a phone number or a street address never
 * reads as an amount. A bare number takes the unit its label gives (`(원)`, `(주)`, `(%)`)
 * or the table declares (`단위 : 조원, %`), and the declaration holds only for the table
 * right under it, never for the contact block after it. Prose states amounts only with their
 * own unit (`출연금액: 789억원`, `220명`, `10%`) and dates in DART's forms.
 *
 * Each value carries the labels it can be read under: its row's label, its column header
 * and the row it continues (`누계실적` under `매출액`). A fact agrees with a line when the
 * line states its value in its unit under a label of the same concept (./labels.ts).
 */
import {
  isoMonth,
  KOREAN_MONTH_PATTERNS,
  KOREAN_DATE_PATTERNS,
  KOREAN_UNIT_AMOUNT,
  KOREAN_UNIT_SCALE,
  datePartsOf,
  isoDate,
  koreanUnitValue,
  parseAmount,
  PLAIN_NUMBER,
  WON_UNIT_DECLARATION,
} from "../figures";
import type { Fact, FactUnit } from "../types";
import { conceptsAgree, englishConcept, koreanLabel } from "./labels";

export interface LineValue {
  /** A number in `units` (won, not billions), or an ISO date. */
  value: number | string;
  units: readonly FactUnit[];
  /** Korean labels the value sits under, nearest first. */
  labels: readonly string[];
}

export interface BodyLines {
  readonly lines: readonly string[];
  /** Index of each distinct line (trimmed) in `lines`. */
  readonly index: ReadonlyMap<string, number>;
  valuesOf(lineIndex: number): readonly LineValue[];
}

function splitRow(line: string): string[] {
  const [head, ...rest] = line.split(" | ");
  const colon = head.indexOf(": ");
  const cells = colon > 0 ? [head.slice(0, colon), head.slice(colon + 2), ...rest] : [head, ...rest];
  return cells.map((c) => c.trim());
}

const DATE_IN_CELL =
  /^[\s(]*(\d{4}\s*[.\-/년]\s*\d{1,2}\s*[.\-/월]\s*\d{1,2}\s*일?\.?)\s*\)?(?:\s*[~∼-]\s*(\d{4}\s*[.\-/년]\s*\d{1,2}\s*[.\-/월]\s*\d{1,2}\s*일?\.?))?\s*$/;
const NUMERIC_CELL = new RegExp(String.raw`^[\s(]*[-△]?\s*(?:${PLAIN_NUMBER})\s*\)?\s*(?:원|주|%|％|명)?$`);
const EMPTY_CELL = /^[-–—]?$/;
/** Periods in days a notice sets: `20일(영업일 기준) 이내`, `3일 이내` (never the day of a date). */
const PROSE_DAYS = /(?<!월\s*)(?<![\d.,])(\d{1,3})\s*일\s*(?=\(영업일|이내)/g;
const PROSE_AMOUNT = new RegExp(String.raw`(?<![\d.,])(${PLAIN_NUMBER})\s*(원|주|%|％|명|인(?![가-힣]))`, "g");

function isoOf(text: string): string | null {
  for (const pattern of KOREAN_DATE_PATTERNS) {
    const [match] = text.matchAll(new RegExp(pattern.source, "g"));
    if (match) return isoDate(...datePartsOf(match));
  }
  return null;
}

/** Units a label gives its bare numbers: `채무보증금액(원)` → KRW. */
function labelUnit(label: string): FactUnit | null {
  const key = label.replace(/\s+/g, "");
  if (/\(%\)|\(％\)|비율|율$|대비/.test(key)) return "percent";
  if (/\(주\)$|주식수|주수/.test(key)) return "shares"; // not the (주) of a company name
  if (/\(명\)/.test(key)) return "count";
  if (/\(원\)|\(원\/주\)|금액|가액|가격|단가|자본/.test(key)) return "KRW";
  return null;
}

interface TableScale {
  won: number;
  percent: boolean;
}

function declaredScale(line: string): TableScale | null {
  const [declaration] = line.matchAll(new RegExp(WON_UNIT_DECLARATION.source, "g"));
  if (declaration) return { won: KOREAN_UNIT_SCALE[declaration[1] ?? declaration[2]], percent: /%/.test(line) };
  if (/단위\s*[:：]?\s*원/.test(line)) return { won: 1, percent: /%/.test(line) };
  return null;
}

function hasNumbers(cells: readonly string[]): boolean {
  return cells.slice(1).some((c) => NUMERIC_CELL.test(c) || DATE_IN_CELL.test(c));
}

export function bodyLines(body: string): BodyLines {
  const lines = body.split("\n").map((l) => l.trim());
  const rows = lines.map(splitRow);
  const index = new Map<string, number>();
  lines.forEach((line, i) => {
    if (line && !index.has(line)) index.set(line, i);
  });

  // The won scale of each line: a declaration holds for up to three header rows, then for
  // as long as the rows state numbers (a sub-heading between two number rows included). A
  // declaration inside a row's label (`기본주당순이익(단위 : 원)`) holds for that row only.
  const isTableRow = (i: number) =>
    i < rows.length &&
    (hasNumbers(rows[i]) || (rows[i].length > 1 && rows[i].slice(1).every((c) => EMPTY_CELL.test(c))));
  const scales: (TableScale | null)[] = [];
  let current: TableScale | null = null;
  let headers = 0;
  rows.forEach((cells, i) => {
    const declared = declaredScale(lines[i]);
    if (declared && hasNumbers(cells) && declaredScale(cells[0])) {
      scales.push(declared);
      return;
    }
    if (declared) {
      current = declared;
      headers = 0;
    } else if (current) {
      if (isTableRow(i)) headers = 3;
      else if (!(headers >= 3 && isTableRow(i + 1)) && ++headers > 3) current = null;
    }
    scales.push(current);
  });

  /** The header cell above column `at` of row `i` (rows aligned on the right). */
  const headerLabel = (i: number, at: number): string | null => {
    for (let h = i - 1; h >= Math.max(0, i - 4); h--) {
      const header = rows[h];
      if (hasNumbers(header) || header.length < rows[i].length) continue;
      return header[at + header.length - rows[i].length] ?? null;
    }
    return null;
  };
  /** The label of the row this one continues (`누계실적` after `매출액: 당해실적 | ...`). */
  const continuedLabel = (i: number): string | null => {
    for (let p = i - 1; p >= Math.max(0, i - 2); p--) if (koreanLabel(rows[p][0])) return rows[p][0];
    return null;
  };

  // One won unit declared for the whole document: results figures stated before their table
  // (a correction's "정정전 | 정정후" rows) are in it.
  const declared = new Set(
    lines.map((l) => declaredScale(l)?.won).filter((w): w is number => w !== undefined && w !== 1),
  );
  const documentScale = declared.size === 1 ? [...declared][0] : null;

  const cache = new Map<number, LineValue[]>();
  const valuesOf = (i: number): LineValue[] => {
    const cached = cache.get(i);
    if (cached) return cached;
    const cells = rows[i];
    const values: LineValue[] = [];
    const scale = scales[i];
    const rowLabel = cells.length > 1 ? cells[0] : "";
    cells.forEach((cell, at) => {
      // A row label is a value only when it is one (`4: 비상장 | 1,163`, the series under `회차`).
      if (at === 0 && cells.length > 1 && !NUMERIC_CELL.test(cell) && !DATE_IN_CELL.test(cell)) {
        // A label that dates its table (`[2026년 4월 20일 현재]`) states that date.
        for (const pattern of KOREAN_DATE_PATTERNS) {
          for (const m of cell.matchAll(new RegExp(pattern.source, "g"))) {
            const iso = isoDate(...datePartsOf(m));
            if (iso) values.push({ value: iso, units: ["date"], labels: [cell] });
          }
        }
        return;
      }
      // A text cell right before a value labels it too (`자금조달의 목적: 시설자금 (원) | 30,000,000,000`).
      const cellBefore =
        at > 1 && !NUMERIC_CELL.test(cells[at - 1]) && !DATE_IN_CELL.test(cells[at - 1]) ? cells[at - 1] : null;
      const labels = (
        at === 0 ? [headerLabel(i, at)] : [cellBefore, rowLabel, headerLabel(i, at), continuedLabel(i)]
      ).filter((l): l is string => Boolean(l));
      // `a / b / c` lists under a `label / label / label` row: each part under its own label.
      if (cell.includes(" / ") && rowLabel.includes(" / ")) {
        const parts = cell.split(" / ");
        const names = rowLabel.split(" / ");
        const percent = /%|율/.test(names[0]);
        parts.forEach((part, k) => {
          const name = names[k + names.length - parts.length];
          const amount = NUMERIC_CELL.test(part) ? parseAmount(part) : null;
          if (amount === null || !name) return;
          const own = [name, ...labels];
          if (percent) values.push({ value: amount, units: ["percent"], labels: own });
          else {
            const won = scale?.won ?? (/매출액|영업이익|순이익/.test(name) ? documentScale : null);
            if (won) values.push({ value: amount * won, units: ["KRW"], labels: own });
          }
        });
        return;
      }
      const dates = DATE_IN_CELL.exec(cell);
      if (dates) {
        for (const part of [dates[1], dates[2]]) {
          const iso = part && isoOf(part);
          if (iso) values.push({ value: iso, units: ["date"], labels });
        }
        return;
      }
      if (NUMERIC_CELL.test(cell) || /^[\s(]*(?:\d[\d,.]*\s*(?:조|억|천만|백만|만|천)\s*)+원?\)?$/.test(cell)) {
        const amount = parseAmount(cell.replace(/명$/, ""));
        if (amount === null) return;
        const own = /원\)?$/.test(cell)
          ? "KRW"
          : /주$/.test(cell)
            ? "shares"
            : /[%％]$/.test(cell)
              ? "percent"
              : /명$/.test(cell)
                ? "count"
                : null;
        const korean = /[조억만천]/.test(cell);
        const byLabel = labels.map(labelUnit).find((u) => u !== null) ?? null;
        if (korean || own === "KRW") values.push({ value: amount, units: ["KRW"], labels });
        else if (own) values.push({ value: amount, units: [own], labels });
        else if (scale && scale.won !== 1) {
          values.push({ value: amount * scale.won, units: ["KRW"], labels });
          if (scale.percent) values.push({ value: amount, units: ["percent"], labels });
        } else if (byLabel)
          values.push({
            value: amount,
            units: [byLabel, ...(byLabel === "shares" ? (["count"] as const) : [])],
            labels,
          });
        else values.push({ value: amount, units: ["KRW", "shares", "count", "percent", "USD"], labels });
        return;
      }
      // Prose: amounts with their own unit, dates, each under the nearest "label :" before it.
      const labelBefore = (position: number): string[] => {
        const before = cell.slice(0, position);
        const colon = /([가-힣A-Za-z()\s]{1,30})\s*[:：]\s*[^:：]*$/.exec(before);
        return [...(colon ? [colon[1]] : []), ...labels];
      };
      for (const [text] of cell.matchAll(KOREAN_UNIT_AMOUNT)) {
        const position = cell.indexOf(text);
        if (/원/.test(cell.slice(position + text.length, position + text.length + 2)) || /원\s*$/.test(text)) {
          values.push({ value: koreanUnitValue(text), units: ["KRW"], labels: labelBefore(position) });
        }
      }
      for (const m of cell.matchAll(PROSE_AMOUNT)) {
        const unit: FactUnit =
          m[2] === "원" ? "KRW" : m[2] === "주" ? "shares" : m[2] === "명" || m[2] === "인" ? "count" : "percent";
        values.push({ value: parseAmount(m[1]) ?? Number.NaN, units: [unit], labels: labelBefore(m.index ?? 0) });
      }
      for (const m of cell.matchAll(PROSE_DAYS))
        values.push({ value: Number(m[1]), units: ["count"], labels: labelBefore(m.index ?? 0) });
      for (const pattern of KOREAN_MONTH_PATTERNS) {
        for (const m of cell.matchAll(new RegExp(pattern.source, "g"))) {
          const [year, month] = datePartsOf(m);
          const iso = isoMonth(year < 100 ? 2000 + year : year, month);
          if (iso) values.push({ value: iso, units: ["date"], labels: labelBefore(m.index ?? 0) });
        }
      }
      for (const pattern of KOREAN_DATE_PATTERNS) {
        for (const m of cell.matchAll(new RegExp(pattern.source, "g"))) {
          const iso = isoDate(...datePartsOf(m));
          if (iso) values.push({ value: iso, units: ["date"], labels: labelBefore(m.index ?? 0) });
        }
      }
    });
    cache.set(i, values);
    return values;
  };

  return { lines, index, valuesOf };
}

/** The number a fact states, or null for dates and names. */
export function factNumber(fact: Fact): number | null {
  if (fact.unit === "date" || fact.unit === "name") return null;
  const value = Number(fact.value.replace(/,/g, ""));
  return Number.isFinite(value) ? value : null;
}

function sameNumber(a: number, b: number): boolean {
  return Math.abs(a - b) <= Math.max(1e-9, Math.abs(b) * 1e-9);
}

/** Why `fact` does not read from its source line, or null when it does. */
export function factProblem(body: BodyLines, fact: Fact): string | null {
  const source = fact.source.trim();
  const at = body.index.get(source);
  if (at === undefined) {
    if (fact.unit === "name") {
      return body.lines.some((l) => l.includes(fact.value)) ? null : `the name "${fact.value}" is not in the filing`;
    }
    return `the source line of "${fact.label}" is not a line of the filing: "${source.slice(0, 80)}"`;
  }
  if (fact.unit === "name") return source.includes(fact.value) ? null : `"${fact.value}" is not on its source line`;
  const wanted = fact.unit === "date" ? fact.value : factNumber(fact);
  if (wanted === null) return `the value "${fact.value}" of "${fact.label}" is not a number`;
  const matches = body
    .valuesOf(at)
    .filter(
      (v) =>
        v.units.includes(fact.unit) &&
        (typeof wanted === "string" ? v.value === wanted : typeof v.value === "number" && sameNumber(v.value, wanted)),
    );
  if (matches.length === 0) {
    return `"${fact.label}" = ${fact.value} ${fact.unit} is not stated on its source line (with that line's unit)`;
  }
  if (fact.unit === "date") return null;
  const concept = englishConcept(fact.label);
  const labelProblem = (labels: readonly string[]): string | null => {
    const known = labels.map(koreanLabel).filter((l) => l !== null);
    if (known.some((l) => l.concept === "contact"))
      return `"${fact.value}" on that line is contact detail, not a figure`;
    if (!concept || known.length === 0) return null;
    return known.some((l) => conceptsAgree(l.concept, concept))
      ? null
      : `"${fact.label}" does not match the line's label (${known[0].en})`;
  };
  const problems = matches.map((m) => labelProblem(m.labels));
  return problems.includes(null) ? null : problems[0];
}
