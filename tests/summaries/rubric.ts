/**
 * The summary rubric, applied mechanically against the expected facts of every real body
 * (tests/fixtures/documents/expected-facts.ts):
 *   5 every key and minor fact stated; 4 every key fact, one minor missing; 3 some facts;
 *   2 none (the title restated); 1 anything wrong (rejected by the validator, or a reading the
 *   expected facts forbid).
 * Used by tests/summaries/rubric.test.ts and `npm run summaries:rubric`.
 */
import { readFileSync } from "node:fs";
import { classifyFiling, EVENT_TYPES, normalizeReportNm } from "@/lib/classify";
import { validateSummary, type GeneratedSummary, type SummaryInput } from "@/lib/summaries";
import { bundledDirectory, readableName } from "@/lib/summaries/names";
import { rounds, writtenFigures } from "@/lib/summaries/traceability";
import realFilings from "../fixtures/documents/filings.json";
import { EXPECTED_FACTS, type ExpectedFact } from "../fixtures/documents/expected-facts";

export const RUBRIC_TARGET = { mean: 4.3, min: 3 } as const;

/** The generator input of a real filing, as the service builds it (directory English name). */
export function realInput(rcptNo: string): SummaryInput {
  const f = realFilings.find((r) => r.rcptNo === rcptNo);
  if (!f) throw new Error(`no real filing ${rcptNo}`);
  const c = classifyFiling({ reportNm: f.reportNm, corpName: f.corpName, flrNm: f.flrNm });
  return {
    rcptNo: f.rcptNo,
    rceptDt: `${f.rceptDt.slice(0, 4)}-${f.rceptDt.slice(4, 6)}-${f.rceptDt.slice(6, 8)}`,
    corpName: f.corpName,
    corpNameEn: bundledDirectory().get(f.corpName) ?? readableName(f.corpName),
    ticker: f.ticker,
    reportNm: normalizeReportNm(f.reportNm),
    reportNmEn: c.reportNmEn,
    filerName: f.flrNm && f.flrNm !== f.corpName ? f.flrNm : null,
    eventType: c.eventType,
    eventLabelEn: EVENT_TYPES.find((t) => t.eventType === c.eventType)!.labelEn,
    classifierScore: c.importanceScore,
    actionableFor: [...c.actionableFor],
    sectorTags: [],
    body: readFileSync(new URL(`../fixtures/documents/${rcptNo}.txt`, import.meta.url), "utf8"),
    structured: null,
  };
}

export const REAL_RCPT_NOS: readonly string[] = realFilings.map((f) => f.rcptNo);

function states(summary: string, fact: ExpectedFact): boolean {
  if (fact.text) return fact.text.test(summary);
  const figures = writtenFigures(summary);
  return figures.some((f) => {
    if (fact.date)
      return (f.kind === "date" && f.iso === fact.date) || (f.kind === "monthday" && fact.date.endsWith(f.monthDay));
    if (fact.month) return f.kind === "month" && f.month === fact.month;
    if (f.kind !== "number") return false;
    const value = fact.krw ?? fact.percent ?? fact.count!;
    const unitOk =
      fact.krw !== undefined
        ? f.unit === "KRW" || f.unit === null
        : fact.percent !== undefined
          ? f.unit === "percent"
          : f.unit !== "KRW" && f.unit !== "percent";
    return unitOk && rounds(f.value, f.tolerance, value);
  });
}

export interface RubricRow {
  rcptNo: string;
  eventType: string;
  score: number;
  stated: number;
  expected: number;
  missing: string[];
  wrong: string[];
}

export function scoreSummary(input: SummaryInput, answer: GeneratedSummary): RubricRow {
  const expected = EXPECTED_FACTS[input.rcptNo];
  if (!expected) throw new Error(`no expected facts for ${input.rcptNo}`);
  const summary = answer.summaryEn;
  const wrong: string[] = [];
  const validation = validateSummary(input, answer);
  if (!validation.ok) wrong.push(`rejected: ${validation.reason}`);
  for (const pattern of expected.forbidden ?? []) if (pattern.test(summary)) wrong.push(`states ${pattern}`);
  const missingKey = expected.key.filter((f) => !states(summary, f)).map((f) => f.what);
  const missingMinor = expected.minor.filter((f) => !states(summary, f)).map((f) => f.what);
  const total = expected.key.length + expected.minor.length;
  const stated = total - missingKey.length - missingMinor.length;
  const score =
    wrong.length > 0
      ? 1
      : missingKey.length === 0 && missingMinor.length === 0
        ? 5
        : missingKey.length === 0 && missingMinor.length === 1
          ? 4
          : stated > 0
            ? 3
            : 2;
  return {
    rcptNo: input.rcptNo,
    eventType: input.eventType,
    score,
    stated,
    expected: total,
    missing: [...missingKey, ...missingMinor],
    wrong,
  };
}
