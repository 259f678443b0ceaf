/**
 * Corrections ([기재정정]): which stored filing a correction corrects. DART names the corrected
 * filing only by its form and day (the body's 정정대상 공시서류 and 최초제출일), so it is found by
 * the same company, the same title without prefixes, and that day.
 */
import type { Db } from "@/db";
import { findCorrectedFiling, getFilingView } from "@/db/queries/filings";
import { getFilingDocument } from "@/db/queries/summaries";
import { correctedFilingDate, isCorrection } from "@/lib/dart";

/**
 * The stored filing a correction ([기재정정]) corrects, found by its company, its title and — as
 * the correction's body states it — the corrected filing's day; null for any other filing.
 */
export async function correctedFilingOf(
  db: Db,
  filing: string | { rcptNo: string; corpCode: string; reportNm: string },
): Promise<string | null> {
  const known = typeof filing === "string" ? (await getFilingView(db, filing))?.filing : filing;
  if (!known || !isCorrection(known.reportNm)) return null;
  const document = await getFilingDocument(db, known.rcptNo);
  return findCorrectedFiling(db, {
    rcptNo: known.rcptNo,
    corpCode: known.corpCode,
    title: known.reportNm.replace(/^\s*(\[[^\]]*\]\s*)+/, "").replace(/\s/g, ""),
    day: correctedFilingDate(known.reportNm, document?.status === "ok" ? document.text : null),
  });
}
