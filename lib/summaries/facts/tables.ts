/**
 * Tables whose rows are keyed by their first cell, read by column header: the allottees of a
 * third-party placement (제3자배정 대상자 … 배정주식수: `Pierre Thomas: 없음 | … | 182,064 |
 * 의무보유 1년`) and the contracts over a 5% holder's shares (연번 … 계약의종류: `1: (주)캐디언스
 * 시스템 | … | 금전대여 | …`). Each row's cells become facts of their roles (the second and
 * third rows `.second`, `.third`), with the Korean cells verbatim. The reader is passed in by
 * ./sheet.ts.
 */
import { compactLabel, readerSlot, splitRow } from "./cells";
import type { ReadFact, SheetDocument } from "./corrections";
import { ROW_SUFFIXES } from "./roles";
import type { FactKind, SheetFact } from "./types";

type Fact = Omit<SheetFact, "id">;

const MAX_ROWS = 3;
interface Column {
  role: string;
  kind: FactKind;
  /** The column header; `key` reads the row's first cell, under the table's first header cell. */
  header: RegExp | "key";
}

interface Table {
  /** The first header cell and the header of a column only this table has. */
  first: RegExp;
  marker: RegExp;
  columns: readonly Column[];
}

const TABLES: readonly Table[] = [
  {
    first: /^제3자배정대상자$/,
    marker: /^배정주식수/,
    columns: [
      { role: "rights.allottee", kind: "party", header: "key" },
      { role: "rights.allottee_shares", kind: "shares", header: /^배정주식수/ },
    ],
  },
  {
    first: /^연번$/,
    marker: /^계약의종류$/,
    columns: [{ role: "holding.contract_kind", kind: "enumeration", header: /^계약의종류$/ }],
  },
];

function tableFacts(table: Table, document: SheetDocument, read: ReadFact): Fact[] {
  const lines = document.cells.lines;
  const at = lines.findIndex((line) => {
    const cells = splitRow(line);
    return (
      cells.length > 1 &&
      table.first.test(compactLabel(cells[0])) &&
      cells.some((c) => table.marker.test(compactLabel(c)))
    );
  });
  if (at < 0) return [];
  const header = splitRow(lines[at]);
  const facts: Fact[] = [];
  for (let i = at + 1, k = 0; i < lines.length && k < MAX_ROWS; i++) {
    const cells = splitRow(lines[i]);
    if (cells.length !== header.length || lines[i].startsWith("※")) break;
    const row = table.columns.flatMap(({ role, kind, header: column }) => {
      const at = column === "key" ? 0 : header.findIndex((c) => column.test(compactLabel(c)));
      if (at < 0) return [];
      const label = column === "key" ? header[0] : cells[0];
      const slot = readerSlot({ line: i, label, value: cells[at], column: header[at], text: kind !== "shares" });
      const fact = read(slot, role, kind, document, column === "key" ? null : header[at]);
      return fact ? [{ ...fact, role: `${role}${ROW_SUFFIXES[k]}` }] : [];
    });
    // A row without its first column's fact (a dash, an empty row) is no entry of the table.
    if (row[0]?.role !== `${table.columns[0].role}${ROW_SUFFIXES[k]}`) continue;
    facts.push(...row);
    k += 1;
  }
  return facts;
}

export function keyedTableFacts(document: SheetDocument, read: ReadFact): Fact[] {
  return TABLES.flatMap((table) => tableFacts(table, document, read));
}
