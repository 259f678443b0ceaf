/**
 * Every real filing body of the fixtures (tests/fixtures/documents: the 54 corpus bodies of
 * ../shared/data/dart/documents/corpus, the 13 rendered 2026 bodies and the half-year report)
 * and the real DS005 record (tests/fixtures/dart/cvbdIsDecsn_20260910000549.json), as the
 * summary service's generator input: classified as the ingest classifies them, named as the
 * directory names them. Used by the fact-sheet, rubric and answer tests and by
 * `npm run summaries:rubric`.
 */
import { readFileSync } from "node:fs";
import { documentTextFromParts } from "@/lib/dart";
import { classifyFiling, EVENT_TYPES, normalizeReportNm } from "@/lib/classify";
import { romanizeKorean } from "@/lib/romanize";
import { buildFactSheet, type FactSheet, type SummaryInput } from "@/lib/summaries";
import { bundledDirectory } from "@/lib/summaries/names";
import realFilings from "../fixtures/documents/filings.json";

function inputOf(f: (typeof realFilings)[number], sources: Pick<SummaryInput, "body" | "structured">): SummaryInput {
  const c = classifyFiling({ reportNm: f.reportNm, corpName: f.corpName, flrNm: f.flrNm });
  return {
    rcptNo: f.rcptNo,
    rceptDt: `${f.rceptDt.slice(0, 4)}-${f.rceptDt.slice(4, 6)}-${f.rceptDt.slice(6, 8)}`,
    corpName: f.corpName,
    // As the service names a company: the directory's English name, else a romanisation.
    corpNameEn: bundledDirectory().get(f.corpName) ?? romanizeKorean(f.corpName),
    ticker: f.ticker,
    reportNm: normalizeReportNm(f.reportNm),
    reportNmEn: c.reportNmEn,
    filerName: f.flrNm && f.flrNm !== f.corpName ? f.flrNm : null,
    eventType: c.eventType,
    eventLabelEn: EVENT_TYPES.find((t) => t.eventType === c.eventType)!.labelEn,
    classifierScore: c.importanceScore,
    actionableFor: [...c.actionableFor],
    sectorTags: [],
    ...sources,
  };
}

/** The generator input of a real filing body. */
export function realInput(rcptNo: string): SummaryInput {
  const f = realFilings.find((r) => r.rcptNo === rcptNo);
  if (!f) throw new Error(`no real filing ${rcptNo}`);
  const body = readFileSync(new URL(`../fixtures/documents/${rcptNo}.txt`, import.meta.url), "utf8");
  return inputOf(f, { body, structured: null });
}

/** The real DS005 record of CSA Cosmic's convertible-bond decision (receipt 20260910000549), without a body. */
export function structuredInput(): SummaryInput {
  const record = JSON.parse(
    readFileSync(new URL("../fixtures/dart/cvbdIsDecsn_20260910000549.json", import.meta.url), "utf8"),
  ) as { list: Record<string, string>[] };
  const fields = record.list[0];
  return inputOf(
    {
      rcptNo: fields.rcept_no,
      rceptDt: fields.rcept_no.slice(0, 8),
      corpCode: fields.corp_code,
      corpName: fields.corp_name,
      ticker: null,
      reportNm: "주요사항보고서(전환사채권발행결정)",
      flrNm: fields.corp_name,
    },
    { body: null, structured: { api: "cvbdIsDecsn", fields } },
  );
}

export const REAL_RCPT_NOS: readonly string[] = realFilings.map((f) => f.rcptNo);

/** Every real source: each body, and the DS005 record. */
export function realSources(): { input: SummaryInput; sheet: FactSheet }[] {
  return [...REAL_RCPT_NOS.map(realInput), structuredInput()].map((input) => ({ input, sheet: buildFactSheet(input) }));
}

interface BatchRow {
  rcept_no: string;
  rcept_dt: string;
  corp_code: string;
  corp_name: string;
  stock_code: string;
  report_nm: string;
  flr_nm: string;
}

const BATCHES = {
  corpus2: new URL("../fixtures/dart/corpus2/", import.meta.url),
  corpus3: new URL("../fixtures/dart/corpus3/", import.meta.url),
  corpus4: new URL("../fixtures/dart/corpus4/", import.meta.url),
} as const;
type Batch = keyof typeof BATCHES;

/** A batch's list rows (tests/fixtures/dart/<batch>/index.jsonl), read once. */
const batchRows = new Map<Batch, BatchRow[]>();
function batch(name: Batch): BatchRow[] {
  let rows = batchRows.get(name);
  if (!rows) {
    rows = readFileSync(new URL("index.jsonl", BATCHES[name]), "utf8")
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as BatchRow);
    batchRows.set(name, rows);
  }
  return rows;
}

function batchInput(name: Batch, row: BatchRow): SummaryInput {
  const { text } = documentTextFromParts([readFileSync(new URL(`${row.rcept_no}.xml`, BATCHES[name]), "utf8")]);
  return inputOf(
    {
      rcptNo: row.rcept_no,
      rceptDt: row.rcept_dt,
      corpCode: row.corp_code,
      corpName: row.corp_name,
      ticker: row.stock_code.trim() || null,
      reportNm: row.report_nm,
      flrNm: row.flr_nm,
    },
    { body: text, structured: null },
  );
}

/** The generator input of one body of a raw batch, read through lib/dart's own reader as a download is. */
export function rawBodyInput(name: Batch, rcptNo: string): SummaryInput {
  const row = batch(name).find((r) => r.rcept_no === rcptNo);
  if (!row) throw new Error(`no ${name} filing ${rcptNo}`);
  return batchInput(name, row);
}

/** The generator input of a body of the second real batch (tests/fixtures/dart/corpus2). */
export const corpus2Input = (rcptNo: string): SummaryInput => rawBodyInput("corpus2", rcptNo);

/**
 * Every body of a raw batch: the second (134 real document.xml main parts), the third (the
 * first-sight set of the frames issue) or the fourth (5% reports and major forms); no
 * expectations written for any.
 */
export function batchSources(name: Batch = "corpus2"): { input: SummaryInput; sheet: FactSheet }[] {
  return batch(name).map((row) => {
    const input = batchInput(name, row);
    return { input, sheet: buildFactSheet(input) };
  });
}
