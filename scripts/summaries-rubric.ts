/**
 * `npm run summaries:rubric`: the evaluation of fact sheets and summaries over every real
 * body here (tests/summaries/corpus.ts), the figures BENCHMARKS.md records:
 *
 * - fact sheets: bodies read without error, facts (labelled / unlabelled), Korean source
 *   cells found verbatim, bodies not sold (no key fact), key roles found per event type;
 * - model-style plans (tests/summaries/answers.ts) through the gate: honest accepted,
 *   adversarial accepted (the tests run the same plans through the real `openai` SDK);
 * - the rubric over the offline summary of every sold body (expectations written by the
 *   implementer): mean, minimum, wrong facts;
 * - offline generation (fact sheet + template + gate) time per body.
 *
 * Exits 1 when a target is missed (honest ≥ 95%, adversarial 0, rubric mean ≥ 4.5, none
 * below 3, no wrong fact, every source cell verbatim).
 */
import {
  buildFactSheet,
  offlineAnswer,
  hasKeyFacts,
  validateSummary,
  type FactSheet,
  type SummaryInput,
} from "@/lib/summaries";
import { structuredText } from "@/lib/summaries/facts";
import { ADVERSARIAL, answerOf, HONEST } from "@/tests/summaries/answers";
import { realSources } from "@/tests/summaries/corpus";
import { RUBRIC_TARGET, scoreSummary } from "@/tests/summaries/rubric";

const sources = realSources();

// ---------- fact sheets ----------
let cells = 0;
let verbatim = 0;
let labelled = 0;
let unlabelled = 0;
for (const { input, sheet } of sources) {
  const text = [input.body ?? "", structuredText(input.structured)].join("\n");
  for (const fact of sheet.facts) {
    if (fact.role) labelled += 1;
    else unlabelled += 1;
    for (const cell of [fact.source.label, fact.source.value, fact.source.column]) {
      if (cell === undefined) continue;
      cells += 1;
      if (text.includes(cell)) verbatim += 1;
    }
  }
}
const unsold = sources.filter(({ sheet }) => !hasKeyFacts(sheet));
console.log(
  `fact sheets: ${sources.length} real sources (${sources.length - 1} bodies + 1 DS005 record), 0 errors; ${labelled} labelled + ${unlabelled} unlabelled facts; source cells verbatim ${verbatim}/${cells}; not sold (no key fact): ${unsold.length} (${unsold.map(({ input }) => input.rcptNo).join(", ")})`,
);

const byType = new Map<string, { bodies: number; key: Map<string, number> }>();
for (const { input, sheet } of sources) {
  const row = byType.get(input.eventType) ?? { bodies: 0, key: new Map(sheet.keyRoles.map((r) => [r, 0])) };
  row.bodies += 1;
  for (const role of sheet.keyRoles)
    if (!sheet.missingKeyRoles.includes(role)) row.key.set(role, (row.key.get(role) ?? 0) + 1);
  byType.set(input.eventType, row);
}
console.log("\nkey roles found, per event type (bodies with the role / bodies):");
for (const [type, row] of [...byType].sort()) {
  const roles = [...row.key].map(([role, n]) => `${role} ${n}/${row.bodies}`).join(", ");
  console.log(`  ${type.padEnd(28)} ${roles || "(no key roles)"}`);
}

// ---------- model-style answers ----------
const judge = (answers: typeof HONEST) =>
  answers.map((scripted) => {
    const { sheet, body } = answerOf(scripted);
    return { name: scripted.name, result: validateSummary(scripted.input, sheet, body) };
  });
const honest = judge(HONEST);
const adversarial = judge(ADVERSARIAL);
const honestOk = honest.filter((h) => h.result.ok).length;
const adversarialOk = adversarial.filter((a) => a.result.ok);
console.log(
  `\nmodel-style answers: honest ${honestOk}/${honest.length} accepted (${new Set(HONEST.map((a) => a.input.rcptNo)).size} real bodies); adversarial ${adversarialOk.length}/${adversarial.length} accepted`,
);
for (const h of honest) if (!h.result.ok) console.log(`  honest rejected: ${h.name}: ${h.result.reason}`);
for (const a of adversarialOk) console.log(`  ADVERSARIAL ACCEPTED: ${a.name}`);

// ---------- the rubric ----------
const sold = sources.filter(({ sheet }) => hasKeyFacts(sheet));
const rows = sold.map(({ input, sheet }) => scoreSummary(input, offlineAnswer(input, sheet)));
console.log(`\n${"rcptNo".padEnd(16)}${"type".padEnd(30)}${"score".padEnd(7)}${"facts".padEnd(8)}missing / wrong`);
for (const r of rows)
  console.log(
    `${r.rcptNo.padEnd(16)}${r.eventType.padEnd(30)}${String(r.score).padEnd(7)}${`${r.stated}/${r.expected}`.padEnd(8)}${[...r.missing, ...r.wrong.map((w) => `WRONG ${w}`)].join("; ")}`,
  );
const mean = rows.reduce((s, r) => s + r.score, 0) / rows.length;
const min = Math.min(...rows.map((r) => r.score));
const wrong = rows.reduce((s, r) => s + r.wrong.length, 0);
const lengths = rows.map((r) => r.summaryEn.length).sort((a, b) => a - b);
console.log(
  `rubric (offline, expectations written by the implementer): ${rows.length} sold sources · mean ${mean.toFixed(2)} · min ${min} · wrong facts ${wrong} · scores ${[5, 4, 3, 2, 1].map((s) => `${s}:${rows.filter((r) => r.score === s).length}`).join(" ")} · ${lengths[0]}–${lengths[lengths.length - 1]} characters`,
);

// ---------- time ----------
/** Median ms per source of sheet + plan + gate, over rounds of every source. */
function perSource(run: (input: SummaryInput, sheet?: FactSheet) => void, rounds = 5): number {
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const start = performance.now();
    for (const { input } of sources) run({ ...input });
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[Math.floor(rounds / 2)] / sources.length;
}
const ms = perSource((input) => {
  const sheet = buildFactSheet(input);
  if (hasKeyFacts(sheet)) validateSummary(input, sheet, offlineAnswer(input, sheet));
});
console.log(`offline generation (sheet + plan + gate): ${ms.toFixed(2)} ms per source, median of 5 rounds`);

const met =
  verbatim === cells &&
  honestOk / honest.length >= 0.95 &&
  adversarialOk.length === 0 &&
  mean >= RUBRIC_TARGET.mean &&
  min >= RUBRIC_TARGET.min &&
  wrong === 0;
console.log(met ? "\nevery target met" : "\nTARGET MISSED");
process.exit(met ? 0 : 1);
