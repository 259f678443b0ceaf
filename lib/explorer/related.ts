/**
 * A filing's related filings, both ways (issue 37): the filing a correction ([기재정정]) corrects,
 * as the availability answer names it (`correctsRcptNo`, lib/summaries), and the corrections of a
 * filing — the same company's later bracketed filings of the same title whose own
 * `correctsRcptNo` is this one. And a result report and the decision it reports on, where the
 * report names it: a treasury-stock result states the day its decision's report was filed
 * ("주요사항보고서 제출일"), and the decision is that company's filing of that kind on that day.
 */
import { and, asc, desc, eq, gt, lt, sql } from "drizzle-orm";
import type { Db } from "@/db";
import { getFilingDocument } from "@/db/queries/summaries";
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
  /** The decision this result report names; null when it is none or names none that is stored. */
  decision: RelatedFiling | null;
  /** The result reports that name this decision, oldest first. */
  results: RelatedFiling[];
}

/** Result reports and the decisions they report on. */
const RESULT_OF_DECISION = [
  { result: /자기주식취득결과보고서/, decision: /자기주식취득결정/ },
  { result: /자기주식처분결과보고서/, decision: /자기주식처분결정/ },
] as const;

/** Where a result report names its decision: the day the decision's report was filed. */
const DECISION_FILED_ON = /주요사항보고서\s*제출일\s*:?\s*(\d{4})\s*년\s*(\d{1,2})\s*월\s*(\d{1,2})\s*일/;

/** The day (YYYY-MM-DD) a result report's body says its decision was filed, if it says. */
export function namedDecisionDay(body: string): string | null {
  const m = DECISION_FILED_ON.exec(body);
  return m ? `${m[1]}-${m[2].padStart(2, "0")}-${m[3].padStart(2, "0")}` : null;
}

const COLUMNS = { rcptNo: filings.rcptNo, reportNm: filings.reportNm, rceptDt: filings.rceptDt };

async function namedDay(db: Db, rcptNo: string): Promise<string | null> {
  const document = await getFilingDocument(db, rcptNo);
  return document?.text ? namedDecisionDay(document.text) : null;
}

/** The decision a result report names, and the result reports naming a decision. */
async function resultsAndDecisions(
  db: Db,
  filing: { rcptNo: string; corpCode: string; reportNm: string; rceptDt: string },
): Promise<Pick<RelatedFilings, "decision" | "results">> {
  const asResult = RESULT_OF_DECISION.find((p) => p.result.test(filing.reportNm));
  if (asResult) {
    const day = await namedDay(db, filing.rcptNo);
    if (!day) return { decision: null, results: [] };
    const sameDay = await db
      .select(COLUMNS)
      .from(filings)
      .where(and(eq(filings.corpCode, filing.corpCode), eq(filings.rceptDt, day), lt(filings.rcptNo, filing.rcptNo)))
      .orderBy(desc(filings.rcptNo));
    return { decision: sameDay.find((f) => asResult.decision.test(f.reportNm)) ?? null, results: [] };
  }
  const asDecision = RESULT_OF_DECISION.find((p) => p.decision.test(filing.reportNm));
  if (!asDecision) return { decision: null, results: [] };
  const later = await db
    .select(COLUMNS)
    .from(filings)
    .where(
      and(
        eq(filings.corpCode, filing.corpCode),
        gt(filings.rcptNo, filing.rcptNo),
        sql`${filings.reportNm} like ${"%결과보고서%"}`,
      ),
    )
    .orderBy(asc(filings.rcptNo))
    .limit(CANDIDATES);
  const candidates = later.filter((f) => asDecision.result.test(f.reportNm));
  const days = await Promise.all(candidates.map((f) => namedDay(db, f.rcptNo)));
  return { decision: null, results: candidates.filter((_, i) => days[i] === filing.rceptDt) };
}

/** A title without its bracketed prefixes and spaces: how a correction's title names its original's. */
export function baseTitle(reportNm: string): string {
  return reportNm.replace(/^\s*(\[[^\]]*\]\s*)+/, "").replace(/\s/g, "");
}

const CANDIDATES = 20;

export async function relatedFilings(
  db: Db,
  filing: { rcptNo: string; corpCode: string; reportNm: string; rceptDt: string },
  correctsRcptNo: string | null,
): Promise<RelatedFilings> {
  const [original, later, reported] = await Promise.all([
    correctsRcptNo
      ? db.select(COLUMNS).from(filings).where(eq(filings.rcptNo, correctsRcptNo)).limit(1)
      : Promise.resolve([]),
    db
      .select(COLUMNS)
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
    resultsAndDecisions(db, filing),
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
  return {
    corrects: original[0] ?? null,
    correctedBy: sameTitle.filter((f) => correcting.has(f.rcptNo)),
    ...reported,
  };
}
