/**
 * The allottees of a third-party placement (제3자배정 대상자별 … 배정내역): the table whose
 * rows are named by the allottee (`Pierre Thomas: 없음 | … | 182,064 | 의무보유 1년`), read as
 * facts of the roles rights.allottee and rights.allottee_shares (the second and third rows
 * `.second`, `.third`), each with its Korean cells. The reader is passed in by ./sheet.ts.
 */
import type { Slot } from "./cells";
import { compactLabel } from "./cells";
import type { ReadFact, SheetDocument } from "./corrections";
import type { SheetFact } from "./types";

const MAX_ROWS = 3;
const SUFFIXES = ["", ".second", ".third"] as const;
const HEADER = /^제3자배정대상자$/;
const SHARES_COLUMN = /^배정주식수/;

const BASE: Omit<Slot, "line" | "label" | "value" | "column" | "text"> = {
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
};

function cellsOf(line: string): string[] {
  const [head, ...rest] = line.split(" | ");
  const colon = head.indexOf(": ");
  return (colon > 0 ? [head.slice(0, colon), head.slice(colon + 2), ...rest] : [head, ...rest]).map((c) => c.trim());
}

export function allotteeFacts(document: SheetDocument, read: ReadFact): Omit<SheetFact, "id">[] {
  const lines = document.cells.lines;
  const at = lines.findIndex((line) => {
    const cells = cellsOf(line);
    return HEADER.test(compactLabel(cells[0])) && cells.some((c) => SHARES_COLUMN.test(compactLabel(c)));
  });
  if (at < 0) return [];
  const header = cellsOf(lines[at]);
  const sharesAt = header.findIndex((c) => SHARES_COLUMN.test(compactLabel(c)));
  const facts: Omit<SheetFact, "id">[] = [];
  for (let i = at + 1, k = 0; i < lines.length && k < MAX_ROWS; i++) {
    const cells = cellsOf(lines[i]);
    if (cells.length !== header.length || lines[i].startsWith("※")) break;
    const name = read(
      { ...BASE, line: i, label: header[0], value: cells[0], column: null, text: true },
      "rights.allottee",
      "party",
      document,
      null,
    );
    const shares = read(
      { ...BASE, line: i, label: cells[0], value: cells[sharesAt], column: header[sharesAt], text: false },
      "rights.allottee_shares",
      "shares",
      document,
      header[sharesAt],
    );
    if (!name) continue;
    facts.push({ ...name, role: `rights.allottee${SUFFIXES[k]}` });
    if (shares) facts.push({ ...shares, role: `rights.allottee_shares${SUFFIXES[k]}` });
    k += 1;
  }
  return facts;
}
