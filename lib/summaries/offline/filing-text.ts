/**
 * Reads the fields of a filing body in the plain-text form lib/dart produces from
 * document.xml: one line per table row, the first cell as a label and the rest as values
 * (`계약금액(원): 52,300,000,000`, `매출액: 당해실적 | 171.50 | 133.87`), prose as lines.
 *
 * DART forms are label/value tables whose merged label cells vanish in that text, so a
 * sub-field's own label leads its line (`종료일: 2027-06-30`). Labels that repeat across
 * sections (`종료일`, `주식수`) are found after an anchor row (`전환청구기간`).
 */
import { KOREAN_UNIT_SCALE, parseAmount, parseDate, WON_UNIT_DECLARATION } from "../figures";

/** A label cell reduced to what patterns match: no whitespace, numbering or trailing colon. */
export function normalizeLabel(cell: string): string {
  return cell
    .replace(/\s+/g, "")
    .replace(/^(?:[-※*ㆍ·]|\d+(?:-\d+)?[.)]|\(\d+\)|[가-하][.)])+/, "")
    .replace(/[:：]+$/, "");
}

/** A row that opens a numbered item of a form (`4. 시가배당율(%)`, `2-1. 정관상 잔여 발행한도`). */
const NUMBERED_ITEM = /^\d{1,2}(?:-\d{1,2})?\.(?!\d)/;

function splitRow(line: string): string[] {
  const [head, ...rest] = line.split(" | ");
  const colon = head.indexOf(": ");
  const cells = colon > 0 ? [head.slice(0, colon), head.slice(colon + 2), ...rest] : [head, ...rest];
  return cells.map((c) => c.trim()).filter((c) => c !== "");
}

export type CellParser<T> = (cell: string) => T | null;

export const amountCell: CellParser<number> = (cell) => parseAmount(cell);
export const dateCell: CellParser<string> = parseDate;
/** A cell of text that says something (not `-`, not a bare number). */
export const textCell: CellParser<string> = (cell) =>
  /^[-–—\s]*$/.test(cell) || parseAmount(cell) !== null ? null : cell;

export class FilingText {
  readonly rows: readonly string[][];

  constructor(text: string) {
    this.rows = text
      .split("\n")
      .map(splitRow)
      .filter((cells) => cells.length > 0);
  }

  /** Index of the first row in [from, to) with a cell matching `label`; -1 when none. */
  private rowIndex(label: RegExp, from = 0, to = this.rows.length): number {
    for (let i = from; i < to; i++) {
      if (this.rows[i].some((cell) => label.test(normalizeLabel(cell)))) return i;
    }
    return -1;
  }

  /**
   * The rows to search: everything, or — after an anchor — the anchor's row up to the next
   * numbered item, so a sub-field missing from one item is never taken from the next.
   */
  private scope(after?: RegExp): [from: number, to: number] | null {
    if (!after) return [0, this.rows.length];
    const from = this.rowIndex(after);
    if (from < 0) return null;
    let to = from + 1;
    while (to < this.rows.length && !NUMBERED_ITEM.test(this.rows[to][0])) to++;
    return [from, to];
  }

  /** The cells after `label` on the first row that has it (within the scope of `after`). */
  cellsAfter(label: RegExp, after?: RegExp): string[] {
    const scope = this.scope(after);
    const index = scope ? this.rowIndex(label, ...scope) : -1;
    if (index < 0) return [];
    const row = this.rows[index];
    return row.slice(row.findIndex((cell) => label.test(normalizeLabel(cell))) + 1);
  }

  /**
   * The value of the field labelled `label`: the first cell after the label, on the same
   * row, that `parse` accepts. The first row with the label decides: a form that leaves the
   * field empty (`-`) yields null rather than a later, unrelated field of the same name.
   */
  field<T>(label: RegExp, parse: CellParser<T>, after?: RegExp): T | null {
    for (const cell of this.cellsAfter(label, after)) {
      const value = parse(cell);
      if (value !== null) return value;
    }
    return null;
  }

  /**
   * A value under a column header: the header row has a cell matching `header`, the next
   * row holds the values. Rows are aligned on the right, since a row-spanning label on the
   * header's left has no cell in the value row.
   */
  column<T>(header: RegExp, parse: CellParser<T>): T | null {
    const index = this.rowIndex(header);
    if (index < 0 || index + 1 >= this.rows.length) return null;
    const headers = this.rows[index];
    const values = this.rows[index + 1];
    const at = headers.findIndex((cell) => header.test(normalizeLabel(cell))) - (headers.length - values.length);
    return at >= 0 && at < values.length ? parse(values[at]) : null;
  }

  /** The won scale of the document's tables (`단위 : 백만원` → 1e6); 1 when undeclared. */
  unitScale(): number {
    for (const row of this.rows) {
      for (const cell of row) {
        const [declaration] = cell.matchAll(WON_UNIT_DECLARATION);
        if (declaration) return KOREAN_UNIT_SCALE[declaration[1] ?? declaration[2]];
      }
    }
    return 1;
  }
}
