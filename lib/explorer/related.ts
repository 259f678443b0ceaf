/**
 * A filing's related filings, both ways (issue 37): the filing a correction ([기재정정]) corrects,
 * as the availability answer names it (`correctsRcptNo`, lib/summaries), and the corrections of a
 * filing — the same company's later bracketed filings of the same title whose own
 * `correctsRcptNo` is this one.
 */
import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { Db } from "@/db";
import { filings } from "@/db/schema";
import { summaryAvailability } from "@/lib/summaries";

export interface RelatedFiling {
  rcptNo: string;
  reportNm: string;
  rceptDt: string;
}

export interface RelatedFilings {
  /** The filing this one corrects; null when it is no correction or its original is not stored. */
  corrects: RelatedFiling | null;
  /** The later filings that correct this one, oldest first. */
  correctedBy: RelatedFiling[];
}

/** A title without its bracketed prefixes and spaces: how a correction's title names its original's. */
export function baseTitle(reportNm: string): string {
  return reportNm.replace(/^\s*(\[[^\]]*\]\s*)+/, "").replace(/\s/g, "");
}

const CANDIDATES = 20;

export async function relatedFilings(
  db: Db,
  filing: { rcptNo: string; corpCode: string; reportNm: string },
  correctsRcptNo: string | null,
): Promise<RelatedFilings> {
  const columns = { rcptNo: filings.rcptNo, reportNm: filings.reportNm, rceptDt: filings.rceptDt };
  const [original, later] = await Promise.all([
    correctsRcptNo
      ? db.select(columns).from(filings).where(eq(filings.rcptNo, correctsRcptNo)).limit(1)
      : Promise.resolve([]),
    db
      .select(columns)
      .from(filings)
      .where(
        and(
          eq(filings.corpCode, filing.corpCode),
          gt(filings.rcptNo, filing.rcptNo),
          sql`${filings.reportNm} ~ '^\\s*\\['`,
        ),
      )
      .orderBy(asc(filings.rcptNo))
      .limit(CANDIDATES),
  ]);
  const title = baseTitle(filing.reportNm);
  const sameTitle = later.filter((f) => baseTitle(f.reportNm) === title);
  const answers = sameTitle.length
    ? await summaryAvailability(
        db,
        sameTitle.map((f) => f.rcptNo),
      )
    : [];
  const correcting = new Set(answers.filter((a) => a.correctsRcptNo === filing.rcptNo).map((a) => a.rcptNo));
  return { corrects: original[0] ?? null, correctedBy: sameTitle.filter((f) => correcting.has(f.rcptNo)) };
}
