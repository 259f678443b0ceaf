/**
 * `npm run summaries:rubric`: the offline generator on every real filing body, scored by the
 * rubric against the expected facts (tests/summaries/rubric.ts). Prints one row per body and
 * the mean; exits 1 when the target (mean ≥ 4.3, none below 3, no wrong fact) is missed.
 */
import { composeOfflineAnswer, validateSummary } from "@/lib/summaries";
import { REAL_RCPT_NOS, realInput, RUBRIC_TARGET, scoreSummary } from "@/tests/summaries/rubric";

const rows = REAL_RCPT_NOS.map((rcptNo) => {
  const input = realInput(rcptNo);
  const answer = { ...composeOfflineAnswer(input), importanceScore: input.classifierScore };
  return { ...scoreSummary(input, answer), chars: answer.summaryEn.length, factCount: answer.facts.length };
});

/** Median milliseconds of `run` over a few rounds (fresh inputs, so no index is reused). */
function medianMs(run: () => void, rounds = 5): number {
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const start = performance.now();
    run();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[Math.floor(rounds / 2)];
}
const perBody = (work: (rcptNo: string) => void) => medianMs(() => REAL_RCPT_NOS.forEach(work)) / REAL_RCPT_NOS.length;
const composeMs = perBody((rcptNo) => composeOfflineAnswer(realInput(rcptNo)));
const validateMs =
  perBody((rcptNo) => {
    const input = realInput(rcptNo);
    validateSummary(input, { ...composeOfflineAnswer(input), importanceScore: input.classifierScore });
  }) - composeMs;

const pad = (s: string | number, n: number) => String(s).padEnd(n);
console.log(`${pad("rcptNo", 16)}${pad("type", 30)}${pad("score", 7)}${pad("facts", 9)}${pad("wrong", 7)}missing`);
for (const r of rows) {
  console.log(
    `${pad(r.rcptNo, 16)}${pad(r.eventType, 30)}${pad(r.score, 7)}${pad(`${r.stated}/${r.expected}`, 9)}${pad(r.wrong.length, 7)}${r.missing.join("; ")}`,
  );
  for (const w of r.wrong) console.log(`    wrong: ${w}`);
}
const mean = rows.reduce((s, r) => s + r.score, 0) / rows.length;
const min = Math.min(...rows.map((r) => r.score));
const wrong = rows.reduce((s, r) => s + r.wrong.length, 0);
const stated = rows.reduce((s, r) => s + r.stated, 0);
const expected = rows.reduce((s, r) => s + r.expected, 0);
const chars = rows.map((r) => r.chars).sort((a, b) => a - b);
console.log(
  `\noffline generator: ${composeMs.toFixed(1)} ms per body (compose and bind facts), validator ${validateMs.toFixed(1)} ms per body; summary length ${chars[0]}–${chars[chars.length - 1]} characters, ${rows.reduce((s, r) => s + r.factCount, 0)} facts bound`,
);
console.log(
  `${rows.length} real bodies · mean ${mean.toFixed(2)} · min ${min} · facts stated ${stated}/${expected} · wrong facts ${wrong}`,
);
const met = mean >= RUBRIC_TARGET.mean && min >= RUBRIC_TARGET.min && wrong === 0;
console.log(
  met ? `target met (mean ≥ ${RUBRIC_TARGET.mean}, none below ${RUBRIC_TARGET.min}, no wrong fact)` : "TARGET MISSED",
);
process.exit(met ? 0 : 1);
