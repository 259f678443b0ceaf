/**
 * The one write path of filings: a DART list row classified and upserted, for the ingest
 * (poll, backfill, reclassify) and the bundled seed alike. Below both, so the seed an empty
 * database is loaded with (lib/seed, from lib/database.ts) never reaches the ingest, whose
 * drivers open the process's database.
 */
import { CLASSIFIER_VERSION, classifyFiling } from "@/lib/classify";
import { endOfKstDay } from "@/lib/clock";
import type { Db } from "@/db";
import { upsertFilings, type FilingInput, type UpsertCounts } from "@/db/queries";
import type { DartListRow } from "@/lib/dart";

/** A DART list row, classified and stamped with when this service first saw it. */
export function toFilingInput(row: DartListRow, seenAt: Date): FilingInput {
  const dayEnd = endOfKstDay(row.rcept_dt);
  const c = classifyFiling({ reportNm: row.report_nm, corpName: row.corp_name, flrNm: row.flr_nm, rm: row.rm });
  return {
    rcptNo: row.rcept_no,
    corpCode: row.corp_code ?? "",
    corpName: row.corp_name.trim(),
    ticker: row.stock_code?.trim() || null,
    corpCls: row.corp_cls?.trim() || null,
    reportNm: row.report_nm,
    flrNm: row.flr_nm?.trim() || null,
    rm: row.rm?.trim() || null,
    rceptDt: `${row.rcept_dt.slice(0, 4)}-${row.rcept_dt.slice(4, 6)}-${row.rcept_dt.slice(6, 8)}`,
    firstSeenAt: seenAt,
    feedAt: seenAt < dayEnd ? seenAt : dayEnd,
    eventType: c.eventType,
    reportNmEn: c.reportNmEn,
    importanceScore: c.importanceScore,
    numericExpectation: c.numericExpectation,
    actionableFor: [...c.actionableFor],
    classifierVersion: CLASSIFIER_VERSION,
  };
}

/** Classifies and upserts DART list rows in one idempotent write path (ingest, backfill, seed). */
export async function storeFilings(db: Db, rows: DartListRow[], seenAt: Date = new Date()): Promise<UpsertCounts> {
  return upsertFilings(
    db,
    rows.map((r) => toFilingInput(r, seenAt)),
  );
}
