/**
 * The gate every answer passes before it is stored, whichever generator wrote it.
 *
 * - Shape (zod): `summary`, English with placeholders for every figure, date, name and term
 *   (./prose.ts); `importanceScore` an integer 1–10; `newFacts`, facts the summary cites
 *   beyond the sheet, each pointing at its Korean cells (./facts/proposed.ts).
 * - New facts: accepted only when their cells exist, their values parse from them and their
 *   labels map to their roles; then the summary's `{n1}` become sheet ids.
 * - Prose: checkProse — nothing typed that only a fact may say, every placeholder fitting
 *   what its sentence calls it, every key fact of the sheet stated.
 * - Length: the rendered text has SUMMARY_MIN_CHARS to SUMMARY_MAX_CHARS characters.
 * - Grounding: a sheet without one key fact is never summarised (the service does not sell
 *   it: reason no_facts).
 * - Score: the model may move the classifier's score by at most 2; a larger move is clamped
 *   and noted, not a reason to discard an otherwise good summary.
 */
import { z } from "zod";
import { romanizeKorean } from "@/lib/romanize";
import { displayCompanyName, nameFromBody } from "./names";
import { acceptProposals } from "./facts/proposed";
import { hasKeyFacts } from "./facts/sheet";
import type { FactSheet } from "./facts/types";
import { checkProse, renderProse } from "./prose";
import type { SummaryInput } from "./types";
import { FACT_KINDS } from "@/lib/interface/schemas";

/** Short is fine when it states the key facts (checkProse requires them); empty is not. */
export const SUMMARY_MIN_CHARS = 60;
export const SUMMARY_MAX_CHARS = 1200;
export const MAX_SCORE_SHIFT = 2;

export const answerSchema = z.object({
  summary: z.string({ error: "summary must be a string" }),
  importanceScore: z
    .number({ error: "importanceScore must be a number" })
    .int("importanceScore must be an integer")
    .min(1, "importanceScore must be from 1 to 10")
    .max(10, "importanceScore must be from 1 to 10"),
  newFacts: z
    .array(
      z.object({
        id: z.string(),
        // Null is parsed, then refused with its reason (./facts/proposed.ts), so a retry can be told why.
        role: z.string().nullable(),
        kind: z.enum(FACT_KINDS),
        label: z.string().min(1, "each new fact needs its Korean label cell"),
        value: z.string().min(1, "each new fact needs its Korean value cell"),
      }),
    )
    .optional(),
});

export type Validation =
  | {
      ok: true;
      /** The rendered text: what buyers read. */
      summaryEn: string;
      /** The placeholder text it was rendered from, with sheet ids. */
      template: string;
      /** The sheet with any accepted new facts. */
      sheet: FactSheet;
      importanceScore: number;
      /** What was adjusted on the way (a clamped score); recorded with the generation. */
      notes: string[];
    }
  | { ok: false; reason: string };

const CJK = /[\p{Script=Hangul}\p{Script=Han}]/u;

/**
 * The company as summaries name it: the directory's English name without its legal form;
 * for a company outside the directory, the name its own filing uses for itself when it has
 * one (its web address), rather than a romanisation.
 */
export function companyDisplayName(input: SummaryInput): string {
  const romanised = input.corpNameEn === romanizeKorean(input.corpName) || CJK.test(input.corpNameEn);
  return (romanised && input.body && nameFromBody(input.corpName, input.body)) || displayCompanyName(input.corpNameEn);
}

export function validateSummary(input: SummaryInput, sheet: FactSheet, answer: unknown): Validation {
  const parsed = answerSchema.safeParse(answer);
  if (!parsed.success) return { ok: false, reason: parsed.error.issues.map((i) => i.message).join("; ") };
  if (!hasKeyFacts(sheet)) return { ok: false, reason: "the filing states none of its type's key facts" };

  const proposals = acceptProposals(input, sheet, parsed.data.newFacts ?? []);
  if (!proposals.ok) return { ok: false, reason: proposals.reason };
  const template = parsed.data.summary
    .replace(
      /\{([^{}]*)\}/g,
      (whole, inner: string) => `{${inner.replace(/\bn\d+\b/g, (id) => proposals.ids.get(id) ?? id)}}`,
    )
    .replace(/\s+/g, " ")
    .trim();

  const displayName = companyDisplayName(input);
  const check = checkProse(template, proposals.sheet, { nameEn: input.corpNameEn, displayName });
  if (check.problem) return { ok: false, reason: check.problem };

  const summaryEn = renderProse(template, proposals.sheet, displayName);
  if (summaryEn.length < SUMMARY_MIN_CHARS || summaryEn.length > SUMMARY_MAX_CHARS) {
    return {
      ok: false,
      reason: `the summary has ${summaryEn.length} characters once rendered; it must have ${SUMMARY_MIN_CHARS} to ${SUMMARY_MAX_CHARS}`,
    };
  }

  const notes: string[] = [];
  const low = Math.max(1, input.classifierScore - MAX_SCORE_SHIFT);
  const high = Math.min(10, input.classifierScore + MAX_SCORE_SHIFT);
  const importanceScore = Math.min(high, Math.max(low, parsed.data.importanceScore));
  if (importanceScore !== parsed.data.importanceScore) {
    notes.push(
      `importanceScore ${parsed.data.importanceScore} clamped to ${importanceScore} (classifier ${input.classifierScore})`,
    );
  }
  return { ok: true, summaryEn, template, sheet: proposals.sheet, importanceScore, notes };
}
