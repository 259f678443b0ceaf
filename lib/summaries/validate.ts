/**
 * The gate every answer passes before it is stored, whichever generator wrote it. An answer
 * is a plan (./frames): frames of the filing's form in order, the facts that fill their slots,
 * English terms for free-text cells, facts proposed beyond the sheet, and a score. Nothing else
 * is read: an answer with any other field (a sentence of its own) is refused.
 *
 * - Shape (zod, strict).
 * - New facts (./facts/proposed.ts): accepted only when their cells exist, their values parse
 *   from them with their table's unit and their labels map to their roles under the form's
 *   dictionary; then the plan's `n1` become sheet ids.
 * - Terms (./frames/terms.ts) and the plan (./frames/plan.ts): every rule named in the reason.
 * - Plain text: the rendered summary has no markup and no digit of any script outside a fact.
 * - Length: SUMMARY_MIN_CHARS to SUMMARY_MAX_CHARS characters once rendered.
 * - Grounding: a sheet without one key fact is never summarised (the service does not sell
 *   it: reason no_facts).
 * - Score: the model may move the classifier's score by at most 2; a larger move is clamped
 *   and noted, not a reason to discard an otherwise good summary.
 *
 * A rejection's reason is "rule <name>: …": what a retry is told, never the words that broke it.
 */
import { z } from "zod";
import { romanizeKorean } from "@/lib/romanize";
import { FACT_KINDS } from "@/lib/interface/schemas";
import { displayCompanyName, nameFromBody } from "./names";
import { acceptProposals } from "./facts/proposed";
import { formOf } from "./facts/forms";
import { hasKeyFacts } from "./facts/sheet";
import type { FactSheet } from "./facts/types";
import { applyTerms, composePlan, CORRECTED_BY_OWN_SENTENCES, MAX_FRAMES, planFrameSchema } from "./frames";
import { renderProse } from "./prose";
import type { SummaryInput } from "./types";

/** Short is fine when it states the key facts (the plan check requires them); empty is not. */
export const SUMMARY_MIN_CHARS = 60;
export const SUMMARY_MAX_CHARS = 1200;
export const MAX_SCORE_SHIFT = 2;
const MAX_TERMS = 12;

export const answerSchema = z
  .object({
    frames: z.array(planFrameSchema).min(1).max(MAX_FRAMES),
    terms: z
      .array(z.object({ fact: z.string(), en: z.string() }).strict())
      .max(MAX_TERMS)
      .optional(),
    importanceScore: z
      .number({ error: "importanceScore must be a number" })
      .int("importanceScore must be an integer")
      .min(1, "importanceScore must be from 1 to 10")
      .max(10, "importanceScore must be from 1 to 10"),
    newFacts: z
      .array(
        z
          .object({
            id: z.string(),
            // Null is parsed, then refused with its reason (./facts/proposed.ts), so a retry can be told why.
            role: z.string().nullable(),
            kind: z.enum(FACT_KINDS),
            label: z.string().min(1, "each new fact needs its Korean label cell"),
            value: z.string().min(1, "each new fact needs its Korean value cell"),
          })
          .strict(),
      )
      .optional(),
  })
  .strict();

export type Validation =
  | {
      ok: true;
      /** The rendered text: what buyers read. */
      summaryEn: string;
      /** The placeholder text the frames wrote, with sheet ids. */
      template: string;
      /** The sheet with any accepted new facts and terms. */
      sheet: FactSheet;
      importanceScore: number;
      /** What was adjusted on the way (a clamped score); recorded with the generation. */
      notes: string[];
    }
  | { ok: false; reason: string };

const CJK = /[\p{Script=Hangul}\p{Script=Han}]/u;
/** Markup in the frames' own words (none is written there), and in what a fact's text may carry. */
const MARKUP = /[<>`*_[\]{}|\\]|https?:|www\./i;
const RENDERED_MARKUP = /[<>`]|\]\(|https?:\/\//i;

/**
 * The company as summaries name it: the directory's English name without its legal form;
 * for a company outside the directory, the name its own filing uses for itself when it has
 * one (its web address), rather than a romanisation.
 */
export function companyDisplayName(input: SummaryInput): string {
  const romanised = input.corpNameEn === romanizeKorean(input.corpName) || CJK.test(input.corpNameEn);
  return (romanised && input.body && nameFromBody(input.corpName, input.body)) || displayCompanyName(input.corpNameEn);
}

const rejected = (rule: string, detail: string): Validation => ({ ok: false, reason: `rule ${rule}: ${detail}` });

/** What the frames wrote, outside the facts and the company's name: markup or a digit there is a fault. */
function plainTextProblem(template: string): string | null {
  const typed = template.replace(/\{[^{}]*\}/g, " ");
  if (/\p{Nd}/u.test(typed)) return "the frames wrote a digit outside a fact";
  if (MARKUP.test(typed)) return "the frames wrote markup";
  return null;
}

/** Why an answer is not a plan at all (rule plan_shape), or undefined when its shape is one. */
export function answerShapeProblem(answer: unknown): string | undefined {
  const parsed = answerSchema.safeParse(answer);
  if (parsed.success) return undefined;
  const issues = parsed.error.issues.map((i) => `${i.path.join(".") || "answer"}: ${i.message}`).join("; ");
  return `rule plan_shape: ${issues}`;
}

export function validateSummary(input: SummaryInput, sheet: FactSheet, answer: unknown): Validation {
  const parsed = answerSchema.safeParse(answer);
  if (!parsed.success) return { ok: false, reason: answerShapeProblem(answer)! };
  if (!hasKeyFacts(sheet)) return rejected("no_facts", "the filing states none of its type's key facts");

  const proposals = acceptProposals(input, sheet, parsed.data.newFacts ?? []);
  if (!proposals.ok) return rejected("new_fact", proposals.reason);
  const withTerms = applyTerms(proposals.sheet, parsed.data.terms ?? []);
  if (!withTerms.ok) return rejected(withTerms.rule, withTerms.detail);
  const plan = parsed.data.frames.map((frame) => ({
    ...frame,
    slots: frame.slots.map(({ slot, fact }) => ({ slot, fact: proposals.ids.get(fact) ?? fact })),
  }));
  const form = formOf(input.reportNm, input.eventType);
  const composed = composePlan(form.id, withTerms.sheet, plan, {
    correctedByOwnSentences: CORRECTED_BY_OWN_SENTENCES.has(form.id),
  });
  if (!composed.ok) return rejected(composed.rule, composed.detail);
  const typed = plainTextProblem(composed.template);
  if (typed) return rejected("plain_text", typed);

  const summaryEn = renderProse(composed.template, withTerms.sheet, companyDisplayName(input));
  if (RENDERED_MARKUP.test(summaryEn)) return rejected("plain_text", "a fact's text carries markup");
  if (summaryEn.length < SUMMARY_MIN_CHARS || summaryEn.length > SUMMARY_MAX_CHARS)
    return rejected(
      "length",
      `the summary has ${summaryEn.length} characters once rendered; it must have ${SUMMARY_MIN_CHARS} to ${SUMMARY_MAX_CHARS}`,
    );

  const notes: string[] = [];
  const low = Math.max(1, input.classifierScore - MAX_SCORE_SHIFT);
  const high = Math.min(10, input.classifierScore + MAX_SCORE_SHIFT);
  const importanceScore = Math.min(high, Math.max(low, parsed.data.importanceScore));
  if (importanceScore !== parsed.data.importanceScore)
    notes.push(
      `importanceScore ${parsed.data.importanceScore} clamped to ${importanceScore} (classifier ${input.classifierScore})`,
    );
  return { ok: true, summaryEn, template: composed.template, sheet: withTerms.sheet, importanceScore, notes };
}
