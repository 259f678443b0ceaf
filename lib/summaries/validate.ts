/**
 * The gate every answer passes before it is stored, whichever generator wrote it.
 *
 * - Shape: `summaryEn` a string, `importanceScore` an integer 1–10 (zod).
 * - Length: 200–1,200 characters after whitespace is collapsed.
 * - Script: English only. Korean (Hangul) and Chinese characters (hanja, as filings give
 *   names) may appear only inside double quotes, as a proper name copied verbatim from the
 *   filing or its metadata, at most three names of at most 40 characters each. Quoting
 *   marks the text as a name an English reader can search for, and the verbatim check
 *   stops a model from inventing Korean it then leaves untranslated.
 * - Figures: every number and date traces to the body or metadata (./traceability.ts).
 * - Title-only input: the summary says it is "based on the filing title only".
 * - Score: the model may move the classifier's score by at most 2. A larger move is not a
 *   reason to discard an otherwise good summary: it is clamped into the band and noted.
 */
import { z } from "zod";
import { indexSourceFigures, untracedFigures, type SourceFigures } from "./traceability";
import type { SummaryInput } from "./types";

export const SUMMARY_MIN_CHARS = 200;
export const SUMMARY_MAX_CHARS = 1200;
export const MAX_SCORE_SHIFT = 2;
/** The phrase a summary written without the filing body must contain. */
export const TITLE_ONLY_NOTICE = "based on the filing title only";

const MAX_QUOTED_NAMES = 3;
export const MAX_QUOTED_NAME_CHARS = 40;
const CJK = /[\p{Script=Hangul}\p{Script=Han}]/u;
const QUOTED = /["“]([^"”]*)["”]/g;

export const answerSchema = z.object({
  summaryEn: z.string({ error: "summaryEn must be a string" }),
  importanceScore: z
    .number({ error: "importanceScore must be a number" })
    .int("importanceScore must be an integer")
    .min(1, "importanceScore must be from 1 to 10")
    .max(10, "importanceScore must be from 1 to 10"),
});

export type Validation =
  | {
      ok: true;
      summaryEn: string;
      importanceScore: number;
      /** What was adjusted on the way (a clamped score); recorded with the generation. */
      notes: string[];
    }
  | { ok: false; reason: string };

const sourcesByInput = new WeakMap<SummaryInput, { figures: SourceFigures; text: string }>();

/** The texts a summary may draw on, indexed once per input (a retry reuses the index). */
function sourcesOf(input: SummaryInput): { figures: SourceFigures; text: string } {
  let sources = sourcesByInput.get(input);
  if (!sources) {
    const texts = [
      input.body ?? "",
      input.rcptNo,
      input.rceptDt,
      input.corpName,
      input.corpNameEn,
      input.ticker ?? "",
      input.reportNm,
      input.reportNmEn,
      input.filerName ?? "",
    ];
    sources = { figures: indexSourceFigures(texts), text: texts.join("\n") };
    sourcesByInput.set(input, sources);
  }
  return sources;
}

function scriptProblem(summary: string, sourceText: string): string | null {
  const quotedNames: string[] = [];
  for (const [, quoted] of summary.matchAll(QUOTED)) if (CJK.test(quoted)) quotedNames.push(quoted);
  if (CJK.test(summary.replace(QUOTED, ""))) {
    return "summaryEn contains Korean or Chinese characters outside a quoted name; write English only";
  }
  if (quotedNames.length > MAX_QUOTED_NAMES) {
    return `summaryEn quotes ${quotedNames.length} Korean names; at most ${MAX_QUOTED_NAMES} are allowed`;
  }
  for (const name of quotedNames) {
    if (name.length > MAX_QUOTED_NAME_CHARS) return `the quoted Korean text "${name}" is longer than a name`;
    if (!sourceText.includes(name)) return `the quoted Korean name "${name}" does not appear in the filing`;
  }
  return null;
}

export function validateSummary(input: SummaryInput, answer: unknown): Validation {
  const parsed = answerSchema.safeParse(answer);
  if (!parsed.success) return { ok: false, reason: parsed.error.issues.map((i) => i.message).join("; ") };

  const summaryEn = parsed.data.summaryEn.replace(/\s+/g, " ").trim();
  if (summaryEn.length < SUMMARY_MIN_CHARS || summaryEn.length > SUMMARY_MAX_CHARS) {
    return {
      ok: false,
      reason: `summaryEn has ${summaryEn.length} characters; it must have ${SUMMARY_MIN_CHARS} to ${SUMMARY_MAX_CHARS}`,
    };
  }

  const sources = sourcesOf(input);
  const script = scriptProblem(summaryEn, sources.text);
  if (script) return { ok: false, reason: script };

  if (input.body === null && !summaryEn.toLowerCase().includes(TITLE_ONLY_NOTICE)) {
    return { ok: false, reason: `without the filing body, summaryEn must say it is "${TITLE_ONLY_NOTICE}"` };
  }

  const untraced = untracedFigures(summaryEn, sources.figures);
  if (untraced.length > 0) {
    return {
      ok: false,
      reason: `these figures do not appear in the filing or its metadata: ${untraced.join(", ")}; state only figures the filing gives (rounding is fine, computing new ones is not)`,
    };
  }

  const notes: string[] = [];
  const low = Math.max(1, input.classifierScore - MAX_SCORE_SHIFT);
  const high = Math.min(10, input.classifierScore + MAX_SCORE_SHIFT);
  const importanceScore = Math.min(high, Math.max(low, parsed.data.importanceScore));
  if (importanceScore !== parsed.data.importanceScore) {
    notes.push(`importanceScore ${parsed.data.importanceScore} clamped to ${importanceScore} (classifier ${input.classifierScore})`);
  }
  return { ok: true, summaryEn, importanceScore, notes };
}
