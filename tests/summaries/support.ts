/**
 * Shared set-up for the summary tests: filings and companies inserted directly with drizzle
 * (classified as the ingest would), real filing bodies from tests/fixtures/documents, and
 * the summary tables emptied between tests.
 */
import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { companies, filings } from "@/db/schema";
import { seedCompanies } from "@/lib/seed";
import { toFilingInput } from "@/lib/filing-store";
import type { DocumentSource, SummaryInput } from "@/lib/summaries";
import realFilings from "../fixtures/documents/filings.json";

export interface FilingFixture {
  rcptNo: string;
  /** YYYYMMDD, as list.json gives it. */
  rceptDt: string;
  corpCode?: string;
  corpName: string;
  ticker: string | null;
  reportNm: string;
  flrNm?: string | null;
}

/** The filings whose real bodies are in tests/fixtures/documents. */
export const REAL_FILINGS: readonly FilingFixture[] = realFilings;

export function realFiling(rcptNo: string): FilingFixture {
  const filing = REAL_FILINGS.find((f) => f.rcptNo === rcptNo);
  if (!filing) throw new Error(`no real filing ${rcptNo} in the fixtures`);
  return filing;
}

export function realBody(rcptNo: string): string {
  return readFileSync(new URL(`../fixtures/documents/${rcptNo}.txt`, import.meta.url), "utf8");
}

/** Bodies by receipt number; everything else has none (as a filing DART has no file for). */
export function documentsFrom(bodies: Record<string, string>): DocumentSource {
  return { getText: async (rcptNo) => bodies[rcptNo] ?? null };
}

/** Inserts filings (classified the way the ingest classifies them) and their companies. */
export async function insertFilings(db: Db, fixtures: readonly FilingFixture[]): Promise<void> {
  const seenAt = new Date("2026-09-30T00:00:00Z");
  const rows = fixtures.map((f) =>
    toFilingInput(
      {
        rcept_no: f.rcptNo,
        rcept_dt: f.rceptDt,
        corp_code: f.corpCode ?? "",
        corp_name: f.corpName,
        stock_code: f.ticker ?? " ",
        corp_cls: "Y",
        report_nm: f.reportNm,
        flr_nm: f.flrNm ?? f.corpName,
        rm: null,
      },
      seenAt,
    ),
  );
  await db.insert(filings).values(rows).onConflictDoNothing();
  const tickers = new Set(fixtures.map((f) => f.ticker).filter((t): t is string => t !== null));
  const directory = seedCompanies()
    .filter((c) => tickers.has(c.ticker))
    .map((c) => ({ ...c, nameEnKey: c.nameEn.toLowerCase() }));
  if (directory.length > 0) await db.insert(companies).values(directory).onConflictDoNothing();
}

export async function emptySummaryTables(db: Db): Promise<void> {
  await db.execute(sql`truncate table filings, companies, summary_leases, summary_generations cascade`);
}

/**
 * A filing for a constructed body (tests/fixtures/documents/constructed.ts), of a made-up
 * company outside the directory, so invented figures are never attached to a real one.
 */
export function constructedFiling(rcptNo: string, reportNm: string): FilingFixture {
  return { rcptNo, rceptDt: rcptNo.slice(0, 8), corpName: "테스트전자", ticker: "999990", reportNm };
}

/** A generator input for pure tests (no database), metadata of a made-up filing by default. */
export function summaryInputOf(overrides: Partial<SummaryInput> = {}): SummaryInput {
  return {
    rcptNo: "20260716000001",
    rceptDt: "2026-07-16",
    corpName: "테스트전자",
    corpNameEn: "Test Electronics Co., Ltd.",
    ticker: "999990",
    reportNm: "단일판매ㆍ공급계약체결",
    reportNmEn: "Conclusion of Single Sales or Supply Contract",
    filerName: null,
    eventType: "SUPPLY_CONTRACT_SIGNED",
    eventLabelEn: "Supply Contract Signed",
    classifierScore: 7,
    actionableFor: ["traders", "long_term_investors"],
    sectorTags: [],
    body: null,
    structured: null,
    ...overrides,
  };
}
