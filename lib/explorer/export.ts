/**
 * Exports of a view (issue 37): the rows of a feed, search or company view as CSV or JSON, with
 * the same filters as the page. Free data only: what a row shows (names, titles, event type,
 * importance, whether a summary is for sale, the DART link), never a summary or its facts.
 * Pure (no server imports): the route handlers (./export-route.ts) read the view and hand it here.
 */
import { dartViewerUrl } from "@/lib/dart/viewer-url";
import type { FeedRow } from "./feed";

export type ExportFormat = "csv" | "json";

/** One exported filing: the row's free data, flat, in a fixed column order. */
export interface ExportRow {
  rcptNo: string;
  /** When the service first saw it (ISO 8601). */
  seenAt: string;
  ticker: string;
  market: string | null;
  corpName: string;
  corpNameEn: string;
  reportNm: string;
  reportNmEn: string;
  eventType: string;
  eventLabel: string;
  importanceScore: number;
  /** Whether its English summary can be bought (never the summary itself). */
  summaryForSale: boolean;
  dartUrl: string;
}

export const EXPORT_COLUMNS: readonly (keyof ExportRow)[] = [
  "rcptNo",
  "seenAt",
  "ticker",
  "market",
  "corpName",
  "corpNameEn",
  "reportNm",
  "reportNmEn",
  "eventType",
  "eventLabel",
  "importanceScore",
  "summaryForSale",
  "dartUrl",
];

export function toExportRow(f: FeedRow): ExportRow {
  return {
    rcptNo: f.rcptNo,
    seenAt: f.seenAt,
    ticker: f.ticker,
    market: f.market,
    corpName: f.corpName,
    corpNameEn: f.corpNameEn,
    // DART pads some titles with runs of spaces: one space, as the page shows them.
    reportNm: f.reportNm.replace(/\s+/g, " ").trim(),
    reportNmEn: f.reportNmEn,
    eventType: f.eventType,
    eventLabel: f.eventLabel,
    importanceScore: f.importanceScore,
    summaryForSale: f.summaryOffer,
    dartUrl: dartViewerUrl(f.rcptNo),
  };
}

/** Text a spreadsheet would run as a formula: a leading =, +, -, @, tab or carriage return. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote, line break or edge spaces, its
 * quotes doubled; text that a spreadsheet would take for a formula is prefixed with `'` (OWASP's
 * CSV-injection advice), so a filing title can never run in the reader's spreadsheet. Null is empty.
 */
export function csvField(value: string | number | boolean | null): string {
  if (value === null) return "";
  if (typeof value !== "string") return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The rows as CSV: a header of EXPORT_COLUMNS, CRLF line ends, and a UTF-8 byte-order mark so a
 * spreadsheet opens the Korean columns as Korean rather than as mojibake.
 */
export function toCsv(rows: readonly ExportRow[]): string {
  const lines = [EXPORT_COLUMNS.join(","), ...rows.map((r) => EXPORT_COLUMNS.map((c) => csvField(r[c])).join(","))];
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

export interface ExportMeta {
  /** Which view: "feed", "search" or "company". */
  view: "feed" | "search" | "company";
  /** The page the export is of (its path and query), so the file says where it came from. */
  page: string;
  /** The service clock's now (ISO): offline the snapshot's as-of. */
  asOf: string;
  dataMode: "snapshot" | "live";
  /** Filings in the view beyond these rows (a window's total, a search's total). */
  total: number;
}

/** The JSON export: what it is of, then the rows. */
export function toJson(meta: ExportMeta, rows: readonly ExportRow[]): string {
  return `${JSON.stringify({ ...meta, count: rows.length, filings: rows }, null, 2)}\n`;
}

/** A file name for the download: `dart-feed-2026-07-16.csv`. */
export function exportFileName(meta: Pick<ExportMeta, "view" | "asOf">, format: ExportFormat, what?: string): string {
  const day = meta.asOf.slice(0, 10);
  return `dart-${meta.view}${what ? `-${what.replace(/[^0-9A-Za-z]+/g, "")}` : ""}-${day}.${format}`;
}
