/**
 * The cells of a filing body: every value with the labels that say what it is.
 *
 * Bodies come as the document text lib/dart makes of DART's XML and HTML forms: one line per
 * table row, `label: value | value`, prose as lines. DART's forms nest their labels: a
 * numbered item (`2. 계약내역`), a sub-label on the same row (`계약금액(원)`), continuation
 * rows that keep the item and group (`종료일: 2042-12-31` under `5. 계약기간: 시작일 | …`),
 * column headers over multi-column tables (`보유주식등의 수 | 보유비율`), and items written as
 * prose (`2) 계약금액: 584,175,165,193원 (USD 520,376,951, …) 3) 계약상대: …`). Each value
 * becomes a Slot carrying its label, group, item and column exactly as the body writes them,
 * the won scale its table declares (`단위 : 백만원`), and whether it sits in the notes of the
 * form (`기타 투자판단에 참고할 사항`) or in a correction block (`정정전 | 정정후`), where the
 * same labels say other things.
 */
import { KOREAN_UNIT_SCALE, parseAmount, parseDate } from "../figures";

export interface Slot {
  /** Index of the body line. */
  line: number;
  /** The label cell (or prose label), verbatim; null for a table value with only a column header. */
  label: string | null;
  /** The value cell (or the prose item's value text), verbatim. */
  value: string;
  /** The group the label sits under (`5. 계약기간` over `종료일`), verbatim. */
  group: string | null;
  /** The numbered item of the form the row belongs to, verbatim. */
  item: string | null;
  /** The last unnumbered heading line above the row (`연결 손익계산서`), verbatim. */
  heading: string | null;
  /** The column header over the value, verbatim. */
  column: string | null;
  /** The cell after the value on its row (a currency code: `1,500,000,000 | USD`). */
  after: string | null;
  /** Position of the value among the row's trailing values, and how many the row has. */
  position: number;
  values: number;
  /** Won per unit of a bare number, as the table declares it (단위 : 백만원 → 1e6); null when undeclared. */
  won: number | null;
  /** The value is text (a name, a term, a sentence), not a number or a date. */
  text: boolean;
  /** From a prose item, not a table cell. */
  prose: boolean;
  /** In the form's notes (기타 투자판단…), whose labels repeat the form's about other things. */
  notes: boolean;
  /** In a correction block: the value before (정정전) or after (정정후) the correction. */
  correction: boolean;
}

/** A slot for a cell a table reader found (./corrections.ts, ./tables.ts): no group, unit or note of its own. */
export function readerSlot(cell: Pick<Slot, "line" | "label" | "value" | "column" | "text"> & Partial<Slot>): Slot {
  return {
    group: null,
    item: null,
    heading: null,
    after: null,
    position: 0,
    values: 1,
    won: null,
    prose: false,
    notes: false,
    correction: false,
    ...cell,
  };
}

export interface BodyCells {
  readonly lines: readonly string[];
  readonly slots: readonly Slot[];
  /** The one won scale the document declares, when it declares exactly one (a results form). */
  readonly documentWon: number | null;
}

/** A label reduced to what patterns match: no whitespace, numbering, bullets or trailing colon. */
export function compactLabel(label: string): string {
  return label
    .replace(/\s+/g, "")
    .replace(/^(?:[-※*ㆍ·▶■□○●◆]|\d{1,2}(?:-\d{1,2})?[.)](?!\d)|\(\d{1,2}\)\.?|[가-하][.)])+/, "")
    .replace(/[:：]+$/, "");
}

const NUMBERED_ITEM = /^\s*\d{1,2}(?:-\d{1,2})?\.(?!\d)\s*\S/;
const NOTES_ITEM = /기타\s*투자\s*판단|참고할\s*사항|기타\s*투자판단|기타\s*사항$/;
/** A correction block's header has a "before" column: `정정항목: 정정전 | 정정후`, `항 목: 정정사유 | 정 정 전 | 정 정 후`. */
const CORRECTION_HEADER = /^정정전$/;
const UNIT_DECLARATION = /단위\s*[:：]?\s*(조|억|천만|백만|만|천)?\s*원/;
const CURRENCY_CELL = /^(?:KRW|USD|EUR|JPY|CNY|GBP|HKD|SGD)\b/;
/** A results table's turn column (흑자적자전환여부): a value of its column, not a label. */
const TURN = /^(?:흑자|적자)(?:전환|지속)$/;
/** A cell that is no value: empty leaders, a dash. */
const NO_VALUE = /^[-–—]$/;

/** True when a cell states a number, a date or nothing (`-`): a value, not a label. */
export function isValueCell(cell: string): boolean {
  const text = cell.trim();
  // `171.00 / 304.87 / 89.40`: a list of values under a list of labels.
  if (text.includes(" / ")) return text.split(" / ").every((part) => isValueCell(part));
  if (NO_VALUE.test(text) || TURN.test(text)) return true;
  // Every value starts with a figure: text that does not is a label or a sentence.
  if (!/^[\s(]*[-△]?\s*\d/.test(text)) return false;
  if (/^[\s(]*\d{4}/.test(text) && parseDate(text) !== null) return true;
  return (
    parseAmount(text.replace(/[%％]$/, "")) !== null ||
    /^[\s(]*[-△]?\d[\d,]*(?:\.\d+)?\s*(?:원|주|%|％|명)?\)?$/.test(text)
  );
}

/** A row's cells: `label: value | value | …`, the label split from the first value at its colon. */
export function splitRow(line: string): string[] {
  const [head, ...rest] = line.split(" | ");
  const colon = head.indexOf(": ");
  const cells = colon > 0 ? [head.slice(0, colon), head.slice(colon + 2), ...rest] : [head, ...rest];
  return cells.map((c) => c.trim()).filter((c) => c !== "");
}

function declaredWon(text: string): number | null {
  const m = UNIT_DECLARATION.exec(text);
  if (!m) return null;
  return m[1] ? KOREAN_UNIT_SCALE[m[1]] : 1;
}

/**
 * Prose items: `1) label : value`, `2. label: value`, `가. label: value`, `- label : value`.
 * The value runs to the next item marker.
 */
const PROSE_ITEM =
  /(?:^|\s)(?:\d{1,2}\)|\d{1,2}\.(?!\d)|[가-하]\.|\(\d{1,2}\)\.?|-)\s*([가-힣A-Za-z][가-힣A-Za-z()ㆍ·/ ]{0,28}?)\s*[:：]\s*/g;

function proseSlots(text: string, base: Omit<Slot, "label" | "value" | "prose" | "text" | "after">): Slot[] {
  const marks = [...text.matchAll(PROSE_ITEM)];
  return marks.flatMap((m, k) => {
    const start = (m.index ?? 0) + m[0].length;
    const end = k + 1 < marks.length ? (marks[k + 1].index ?? text.length) : text.length;
    // The value also ends where the next numbered item starts without a label of its own.
    const value = text
      .slice(start, end)
      .split(/\s\d{1,2}\.\s/)[0]
      .trim();
    const label = m[1].trim();
    if (!value || !label) return [];
    return [{ ...base, label, value, after: null, prose: true, text: !isValueCell(value) }];
  });
}

/**
 * `groupsCarry`: a group holds for the rows after it (a body's continuation rows); a
 * structured record names every field's group on its own line, so there it does not.
 */
export function bodyCells(body: string, { groupsCarry = true }: { groupsCarry?: boolean } = {}): BodyCells {
  const lines = body.split("\n").map((l) => l.trim());
  const slots: Slot[] = [];
  let item: string | null = null;
  let heading: string | null = null;
  let group: string | null = null;
  let header: string[] | null = null;
  let won: number | null = null;
  let notes = false;
  let correction = false;
  const declared = new Set<number>();

  lines.forEach((line, index) => {
    if (!line) return;
    // A currency cell after an amount (`40,000,000,000 | KRW : South-Korean Won`) belongs to it.
    const raw = splitRow(line);
    const cells: string[] = [];
    const annotations = new Map<number, string>();
    raw.forEach((cell, i) => {
      if (i > 0 && CURRENCY_CELL.test(cell) && isValueCell(raw[i - 1])) annotations.set(cells.length - 1, cell);
      else cells.push(cell);
    });
    const lineWon = declaredWon(line);
    if (lineWon !== null) declared.add(lineWon);
    const values = cells.map(isValueCell);
    const hasValue = values.some((v, i) => v && i > 0) || (values[0] && cells.length > 1);
    const first = cells[0];

    // A correction block is its header and the rows of three cells or more under it.
    if (correction && cells.length < 3) correction = false;
    if (NUMBERED_ITEM.test(first) && !(correction && cells.length > 1)) {
      item = first;
      heading = null;
      group = null;
      header = null;
      notes = NOTES_ITEM.test(first.replace(/\s+/g, ""));
      if (lineWon === null) won = null;
    }
    if (lineWon !== null) won = lineWon;
    if (cells.length >= 3 && cells.some((c) => CORRECTION_HEADER.test(compactLabel(c)))) correction = true;

    if (cells.length === 1 && !hasValue && !NUMBERED_ITEM.test(first) && line.length <= 30 && !/^\(|단위/.test(line))
      heading = line;
    const base = {
      line: index,
      group,
      item,
      heading,
      column: null,
      position: 0,
      values: 0,
      after: null,
      won,
      notes,
      correction,
    };
    if (cells.length === 1) {
      // A heading or prose: its items, when it has any.
      if (!hasValue && line.length > 20) slots.push(...proseSlots(line, base));
      if (!NUMBERED_ITEM.test(first) && lineWon === null && !hasValue)
        header = header && line.length <= 20 ? header : null;
      return;
    }

    // A header row: three or more cells, none a value.
    if (!hasValue && cells.length >= 3) {
      header = cells;
      if (!NUMBERED_ITEM.test(first) && groupsCarry) group = first;
    }

    // Text values: the cell after a label (`3. 계약상대: (주)주성알앤디`), and prose items in long cells.
    cells.forEach((cell, i) => {
      if (values[i] || i === 0 || values[i - 1]) return;
      slots.push({ ...base, label: cells[i - 1], value: cell, group: i > 1 ? first : group, text: true, prose: false });
      if (cell.length > 40) slots.push(...proseSlots(cell, { ...base, group: cells[i - 1] }));
    });

    // Values: the nearest text cell before each labels it, the text cells before that are its
    // group, and each sits under the header cell it lines up with (rows aligned on the right,
    // as merged label cells on the left leave no cell in the rows below them).
    const lastText = lastLabelBefore(values, cells.length);
    const trailing = cells.flatMap((_, i) => (values[i] && i > lastText ? [i] : []));
    cells.forEach((cell, i) => {
      if (!values[i]) return;
      const labelAt = lastLabelBefore(values, i);
      const label = labelAt >= 0 ? cells[labelAt] : null;
      const position = Math.max(0, trailing.indexOf(i));
      const count = trailing.includes(i) ? trailing.length : 1;
      const columns = header && NUMBERED_ITEM.test(header[0]) ? header.slice(1) : (header ?? []);
      const column = columns[columns.length - cells.length + i] ?? null;
      const ownGroup = labelAt > 0 ? cells.slice(0, labelAt).join(" / ") : group;
      const slot = {
        ...base,
        column,
        position,
        values: count,
        after: annotations.get(i) ?? cells[i + 1] ?? null,
        text: false,
        prose: false,
      };
      // `a / b / c` values under an `x / y / z` label: each part under its own label.
      if (label && label.includes(" / ") && cell.includes(" / ")) {
        const names = label.split(" / ");
        const parts = cell.split(" / ");
        parts.forEach((part, k) => {
          const name = names[k + names.length - parts.length];
          if (name && isValueCell(part))
            slots.push({ ...slot, label: name.trim(), value: part.trim(), group: names[0].trim() });
        });
        return;
      }
      slots.push({ ...slot, label, value: cell, group: ownGroup });
    });

    // Rows `group: sub-label | value` make the group hold for the rows that continue it.
    if (cells.length >= 3 && !values[0] && !values[1] && values[2]) group = groupsCarry ? first : null;
    else if (NUMBERED_ITEM.test(first)) group = null;
    if (!hasValue && cells.length < 3 && header && cells.length === 2) header = null;
  });

  return { lines, slots, documentWon: declared.size === 1 ? ([...declared][0] ?? null) : null };
}

/** Index of the last text cell before position `i`, or -1. */
function lastLabelBefore(values: readonly boolean[], i: number): number {
  for (let j = i - 1; j >= 0; j--) if (!values[j]) return j;
  return -1;
}
