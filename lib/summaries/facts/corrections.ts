/**
 * The correction table of a `[기재정정]` filing (정정사항: `정정항목: 정정전 | 정정후`, or
 * `항 목: 정정사유 | 정 정 전 | 정 정 후`): each row's item with the value before and after the
 * correction, as facts of the roles correction.item / correction.before / correction.after
 * (the second and third rows `.second`, `.third`), and the date of the filing corrected as
 * correction.original_date (정정대상 공시서류의 최초제출일). The item is read by the form's own
 * dictionary, so `2. 투자금액` is the investment amount and its two values amounts; an item or
 * value the dictionary cannot read is quoted in Korean and marked untranslated, never guessed.
 *
 * The reader and the matcher are passed in by ./sheet.ts, which owns them.
 */
import { isDeepStrictEqual } from "node:util";
import { parseDate } from "../figures";
import type { BodyCells, Slot } from "./cells";
import { compactLabel, isValueCell, readerSlot, splitRow } from "./cells";
import type { LabelRule } from "./forms";
import { ROLES, ROW_SUFFIXES } from "./roles";
import { untranslated } from "./terms";
import type { FactKind, SheetFact } from "./types";

type Fact = Omit<SheetFact, "id">;
export type SheetDocument = { cells: BodyCells; origin: string | null };
export type ReadFact = (
  slot: Slot,
  role: string,
  kind: FactKind,
  document: SheetDocument,
  column: string | null,
) => Fact | null;
export type Matches = (rule: LabelRule, slot: Slot) => boolean;

/** Rows read: a summary states the first changes, not a whole amended form. */
const MAX_ROWS = 3;
/** A value no role reads is quoted only when short: a longer one is a rewritten paragraph. */
const MAX_QUOTED = 40;

interface Row {
  line: number;
  item: string;
  /** The item's own sub-label, written at the head of both values (`4. 투자기간 : 종료일: 2024-06-30`). */
  sub: string | null;
  before: string;
  after: string;
}

/** `종료일: 2024-06-30`, `4) 계약기간: 2024년 …`, `양수기준일 2025년 03월 15일`: a label before the value. */
const SUB_LABEL = /^((?:\d{1,2}\)\s*)?[가-힣A-Za-z()\s]{1,20}?)(?:\s*:\s|\s+(?=\d))/;
const DASH = /^[-–—]$/;
/** The receipt date of the filing corrected (정정대상 공시서류의 최초제출일, 정정관련 공시서류제출일). */
const ORIGINAL = /^(정정대상공시서류의최초제출일|정정관련공시서류제출일)/;

/** The rows under a correction header, each split into item, before and after. */
function correctionRows(lines: readonly string[]): { rows: Row[]; columns: [string, string] } | null {
  const at = lines.findIndex((line) => {
    const cells = splitRow(line).map(compactLabel);
    return cells.includes("정정전") && cells.includes("정정후");
  });
  if (at < 0) return null;
  const header = splitRow(lines[at]);
  const beforeAt = header.findIndex((c) => compactLabel(c) === "정정전");
  const afterAt = header.findIndex((c) => compactLabel(c) === "정정후");
  const rows: Row[] = [];
  for (let i = at + 1; i < lines.length; i++) {
    const [head, ...rest] = lines[i].split(" | ");
    const colon = head.indexOf(": ");
    // The table ends at a row of another shape: a separator, a note (`※ 관련공시`), the form itself.
    if (colon <= 0 || head.startsWith("※")) break;
    const cells = [head.slice(0, colon), head.slice(colon + 2), ...rest].map((c) => c.trim());
    if (cells.length !== header.length) break;
    let [before, after] = [cells[beforeAt], cells[afterAt]];
    const lead = SUB_LABEL.exec(before);
    const sub = lead?.[1]?.trim() ?? null;
    // A sub-label with a colon heads the value; one without must head both values to count.
    if (lead && sub && (lead[0].includes(":") || after.startsWith(sub))) {
      before = before.slice(lead[0].length).trim();
      if (after.startsWith(sub)) after = after.slice(sub.length).replace(/^\s*:?\s*/, "");
    }
    // A row of several figures under a list of labels (`171.00 / 304.87`) is the form's own to read.
    if (!before || !after || DASH.test(before) || DASH.test(after)) continue;
    if (cells[0].includes(" / ") || before.includes(" / ")) continue;
    rows.push({ line: i, item: cells[0], sub: before !== cells[beforeAt] ? sub : null, before, after });
  }
  return { rows, columns: [header[beforeAt], header[afterAt]] };
}

const HANGUL = /[가-힣]/;

/**
 * A label written at the head of both values without a colon (`보고구분 변동` → `보고구분 변동ㆍ변경`):
 * the label and the two values after it. Used only when the form's dictionary reads that label.
 */
function sharedHead(row: Row): { label: string; before: string; after: string } | null {
  const m = /^([가-힣]{2,12})\s+(\S.*)$/.exec(row.before);
  if (!m || !row.after.startsWith(`${m[1]} `)) return null;
  return { label: m[1], before: m[2].trim(), after: row.after.slice(m[1].length + 1).trim() };
}

function quoted(role: string, cell: string, source: Fact["source"]): Fact {
  const text = HANGUL.test(cell) ? untranslated(cell) : `"${cell}" (as filed)`;
  return { role, label: ROLES[role].en, kind: "enumeration", value: cell, unit: null, text, source };
}

export function correctionFacts(
  document: SheetDocument,
  rules: readonly LabelRule[],
  read: ReadFact,
  matches: Matches,
): Fact[] {
  // The filing corrected: read here, after the form's own facts, so their ids stay as they were.
  const original = document.cells.slots.find((slot) => slot.label && ORIGINAL.test(compactLabel(slot.label)));
  const date = original ? read(original, "correction.original_date", "date", document, null) : null;
  const table = correctionRows(document.cells.lines);
  if (!table) return date ? [date] : [];
  const rows = table.rows.flatMap((tableRow) => {
    let row = tableRow;
    const name = row.item.replace(/^\s*\d{1,2}(?:-\d{1,2})?\.\s*/, "").trim();
    const slot = (label: string, value: string, column: string): Slot =>
      readerSlot({ line: row.line, label, value, group: row.item, item: row.item, column, text: !isValueCell(value) });
    const readable = (label: string, value: string) =>
      rules.find((r) => !r.phrase && !r.correction && ROLES[r.role] && matches(r, slot(label, value, "")));
    // The values' own label before the item's: under `가. 보고자`, `보고구분 변동` is a report type.
    const head = row.sub ? null : sharedHead(row);
    if (head && readable(head.label, head.before))
      row = { ...row, sub: head.label, before: head.before, after: head.after };
    // The item's label: its sub-label, else its last part (`양수예정일자 - 등기예정일`), else its last word.
    const labels = [
      row.sub,
      name
        .split(/\s+-\s+|[-:]\s*/)
        .pop()!
        .trim(),
      name.split(/\s+/).pop()!,
    ].filter((l): l is string => Boolean(l));
    let found: { rule: LabelRule; label: string } | undefined;
    for (const label of labels) {
      const rule = readable(label, row.before);
      if (rule) {
        found = { rule, label };
        break;
      }
    }
    const values = (["before", "after"] as const).map((side, j) => {
      const value = side === "before" ? row.before : row.after;
      const column = table.columns[j];
      const label = found?.label ?? labels[0];
      // Read as the item's own role (its kind, unit and terms), then kept as the correction's value.
      const role = found?.rule.role ?? (parseDate(value) && /^\d{4}/.test(value) ? "correction.before" : null);
      const kind = found ? ROLES[found.rule.role].kind : "date";
      const parsed = role && read(slot(label, value, column), role, kind, document, column);
      const fact = parsed && { ...parsed, role: `correction.${side}`, label: ROLES[`correction.${side}`].en };
      // Quoted only when it is one thing: a short phrase, or one figure, not words and figures mixed.
      const single = value.length <= MAX_QUOTED && (isValueCell(value) || !/\d/.test(value));
      return fact || (single ? quoted(`correction.${side}`, value, { label: row.item, value, column }) : null);
    });
    const [before, after] = values;
    // A row whose two values read the same says nothing a summary can state as a change.
    if (!before || !after || isDeepStrictEqual(before.value, after.value) || before.text === after.text) return [];
    const item = quoted("correction.item", name, { label: row.item, value: row.item });
    // The item as a noun the lead's "changing the …" can take: "what the contract covers" is its description.
    const itemText = (en: string) => (/^what\b/.test(en) ? `description of ${en}` : en);
    return [
      {
        known: Boolean(found),
        facts: [found ? { ...item, text: itemText(ROLES[found.rule.role].en) } : item, ...values],
      },
    ];
  });
  // Rows the dictionary reads first: a summary states those changes in English.
  const changes = [...rows.filter((r) => r.known), ...rows.filter((r) => !r.known)]
    .slice(0, MAX_ROWS)
    .flatMap((row, k) => row.facts.map((fact) => ({ ...fact!, role: `${fact!.role}${ROW_SUFFIXES[k]}` })));
  return [...(date ? [date] : []), ...changes];
}
