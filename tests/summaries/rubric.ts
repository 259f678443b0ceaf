/**
 * The summary rubric, applied mechanically against the expected facts of every sold real
 * body (tests/fixtures/documents/expected-facts.ts, written by the implementer from the
 * bodies' cells):
 *   5 every key and minor fact stated; 4 every key fact, one minor missing; 3 some facts;
 *   2 none (the title restated); 1 anything wrong (rejected by the gate, a role cited with a
 *   value the body does not give it, or a reading the expectations forbid).
 * A fact counts as stated when the summary cites the role with that value (or its words
 * match the expected pattern). Used by tests/summaries/rubric.test.ts and
 * `npm run summaries:rubric`.
 */
import { isDeepStrictEqual } from "node:util";
import { buildFactSheet, validateSummary, type GeneratedSummary, type SummaryInput } from "@/lib/summaries";
import { EXPECTED_FACTS, type ExpectedFact } from "../fixtures/documents/expected-facts";

export const RUBRIC_TARGET = { mean: 4.5, min: 3 } as const;

export interface RubricRow {
  rcptNo: string;
  eventType: string;
  score: number;
  stated: number;
  expected: number;
  missing: string[];
  wrong: string[];
  summaryEn: string;
}

const describe = (fact: ExpectedFact) => ("role" in fact ? `${fact.role} = ${JSON.stringify(fact.value)}` : fact.what);

export function scoreSummary(input: SummaryInput, answer: GeneratedSummary): RubricRow {
  const expected = EXPECTED_FACTS[input.rcptNo];
  if (!expected) throw new Error(`no expected facts for ${input.rcptNo}`);
  const validation = validateSummary(input, buildFactSheet(input), answer);
  const row = {
    rcptNo: input.rcptNo,
    eventType: input.eventType,
    expected: expected.key.length + expected.minor.length,
  };
  if (!validation.ok)
    return { ...row, score: 1, stated: 0, missing: [], wrong: [`rejected: ${validation.reason}`], summaryEn: "" };

  const citedIds = new Set([...validation.template.matchAll(/f\d+/g)].map((m) => m[0]));
  const cited = validation.sheet.facts.filter((fact) => citedIds.has(fact.id));
  const wrong: string[] = [];
  const states = (fact: ExpectedFact): boolean => {
    if (!("role" in fact)) return fact.text.test(validation.summaryEn);
    const same = cited.filter((c) => c.role === fact.role);
    for (const c of same)
      if (!isDeepStrictEqual(c.value, fact.value))
        wrong.push(`${fact.role} cited as ${JSON.stringify(c.value)}, not ${JSON.stringify(fact.value)}`);
    // A fact of the same kind and value says it too (a one-day span states its end as its start).
    const kind = validation.sheet.facts.find((c) => c.role === fact.role)?.kind;
    return cited.some((c) => isDeepStrictEqual(c.value, fact.value) && (c.role === fact.role || c.kind === kind));
  };
  const missingKey = expected.key.filter((f) => !states(f)).map(describe);
  const missingMinor = expected.minor.filter((f) => !states(f)).map(describe);
  for (const pattern of expected.forbidden ?? [])
    if (pattern.test(validation.summaryEn)) wrong.push(`states ${pattern}`);
  const stated = row.expected - missingKey.length - missingMinor.length;
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
  return { ...row, score, stated, missing: [...missingKey, ...missingMinor], wrong, summaryEn: validation.summaryEn };
}
