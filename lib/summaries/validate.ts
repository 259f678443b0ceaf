/**
 * The gate every answer passes before it is stored, whichever generator wrote it.
 *
 * - Shape: `summaryEn` a string, `importanceScore` an integer 1–10, `facts` the figures,
 *   dates and names the summary states (zod). With a body, facts are required.
 * - Length: 200–1,200 characters after whitespace is collapsed.
 * - Script: English only. Korean (Hangul) and Chinese characters (hanja, as filings give
 *   names) may appear only inside double quotes, as a proper name copied verbatim from the
 *   filing or its metadata, at most three names of at most 40 characters each.
 * - Facts: each fact's source line is a line of the body (or the metadata), its value reads
 *   from that line in the line's unit, and its label matches the line's label (./facts).
 * - Figures: every number and date of the text, in digits or in words, is one of the facts,
 *   rounded no further than its written digits (./traceability.ts).
 * - Names: every organisation the text names is in the filing, in Korean (translated as
 *   ./names translates it), in the body's own English, or as the directory names it.
 * - Terms: public/private placement, common/preferred shares and increase/decrease agree
 *   with the body's own words.
 * - Grounding: without a body or a structured record there is nothing to bind a fact to, so
 *   no summary is accepted (the service never sells one).
 * - Score: the model may move the classifier's score by at most 2. A larger move is not a
 *   reason to discard an otherwise good summary: it is clamped into the band and noted.
 */
import { z } from "zod";
import { bodyLines, factProblem, structuredText, type BodyLines } from "./facts";
import { englishFormsIn, normalizeName } from "./names";
import { unboundFigures } from "./traceability";
import type { Fact, SummaryInput } from "./types";

export const SUMMARY_MIN_CHARS = 200;
export const SUMMARY_MAX_CHARS = 1200;
export const MAX_SCORE_SHIFT = 2;
/** The phrase a summary written without the filing body must contain. */

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
  facts: z
    .array(
      z.object({
        label: z.string().min(1, "each fact needs a label"),
        value: z.string().min(1, "each fact needs a value"),
        unit: z.enum(["KRW", "USD", "percent", "shares", "count", "date", "name"]),
        source: z.string(),
      }),
    )
    .optional(),
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

interface Sources {
  /** Body lines and metadata lines (`접수일자: 2026-07-30`), which facts may cite. */
  lines: BodyLines;
  text: string;
  years: Set<number>;
  names: Set<string>;
  /** Facts every summary may state without declaring them: the receipt date, the ticker. */
  implicit: Fact[];
}

const sourcesByInput = new WeakMap<SummaryInput, Sources>();

function metadataLines(input: SummaryInput): string[] {
  return [
    `접수번호: ${input.rcptNo}`,
    `접수일자: ${input.rceptDt}`,
    `회사명: ${input.corpName}`,
    `영문회사명: ${input.corpNameEn}`,
    ...(input.ticker ? [`종목코드: ${input.ticker}`] : []),
    `보고서명: ${input.reportNm}`,
    `보고서명(영문): ${input.reportNmEn}`,
    ...(input.filerName ? [`제출인: ${input.filerName}`] : []),
  ];
}

/** The texts a summary may draw on, indexed once per input (a retry reuses the index). */
function sourcesOf(input: SummaryInput): Sources {
  let sources = sourcesByInput.get(input);
  if (!sources) {
    const metadata = metadataLines(input);
    const text = [input.body ?? "", structuredText(input.structured), ...metadata].join("\n");
    const years = new Set<number>();
    for (const [, year] of text.matchAll(/(?<!\d)(19\d{2}|20\d{2})(?!\d)/g)) years.add(Number(year));
    sources = {
      lines: bodyLines(text),
      text,
      years,
      names: englishFormsIn([text]),
      implicit: [
        { label: "receipt date", value: input.rceptDt, unit: "date", source: `접수일자: ${input.rceptDt}` },
        ...(input.ticker && /^\d+$/.test(input.ticker)
          ? [{ label: "ticker", value: input.ticker, unit: "count" as const, source: `종목코드: ${input.ticker}` }]
          : []),
      ],
    };
    sourcesByInput.set(input, sources);
  }
  return sources;
}

/** Organisation names in English text: capitalised words ending in a corporate word. */
const ENGLISH_ORGANISATION =
  /\b(?:[A-Z][\w&'.-]*\s+){1,4}(?:Bank|Securities|Asset Management|Holdings|Capital|Investment(?:\s*&\s*Securities)?|Partners|Life Insurance|Fire(?: & Marine)? Insurance|Insurance|Financial Group|Savings Bank|Card)\b/g;
const SENTENCE_WORDS = /^(The|A|An|Its|It|Their|Of|To|From|With|By|In|On|And|For|At|As|Via|Through)\s+/;

function namesProblem(summary: string, sources: Sources, input: SummaryInput): string | null {
  const own = normalizeName(input.corpNameEn);
  // Quoted text and the English title are not names the summary asserts.
  const prose = summary
    .split(input.reportNmEn)
    .join(" ")
    .replace(/["“][^"”]*["”]/g, " ");
  for (const [raw] of prose.matchAll(ENGLISH_ORGANISATION)) {
    if (/\b(?:on|for|to|in|with)\b/.test(raw)) continue; // a title-cased phrase, not a name
    let name = raw;
    while (SENTENCE_WORDS.test(name)) name = name.replace(SENTENCE_WORDS, "");
    const key = normalizeName(name);
    if (!key || key === own) continue;
    const known = [...sources.names].some(
      (form) => form === key || form.endsWith(` ${key}`) || (key.endsWith(` ${form}`) && form.split(" ").length >= 2),
    );
    if (!known) return `the summary names "${name}", which the filing does not name`;
  }
  return null;
}

/** Enumerated terms: the summary's word and the Korean words of the filing that allow it. */
const TERMS: readonly (readonly [english: RegExp, korean: RegExp, what: string])[] = [
  [/\bprivate(?:ly)?\b(?!\s+(?:company|equity))/i, /사모/, "a private placement"],
  [/\bpublic(?:ly)?\s+(?:offer|offering|placement|issue|issued)/i, /공모/, "a public offering"],
  [/\bpreferred\b/i, /우선주|종류주식|기타주식/, "preferred shares"],
  [/\bcommon (?:shares|stock)\b/i, /보통주/, "common shares"],
  [/\b(?<!capital\s)increase(?:d|s)?\b(?!\s+in\s+capital)/i, /증가|증자|상승|증감|\+|확대|추가/, "an increase"],
  [/\bdecrease(?:d|s)?\b/i, /감소|감자|하락|증감|-|△|축소/, "a decrease"],
];

function termsProblem(summary: string, sourceText: string): string | null {
  for (const [english, korean, what] of TERMS) {
    if (english.test(summary) && !korean.test(sourceText))
      return `the summary speaks of ${what}, which the filing does not`;
  }
  return null;
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

  if (input.body === null && !input.structured) {
    return { ok: false, reason: "no filing body or structured record: nothing to ground a summary in" };
  }

  if (input.body !== null || input.structured) {
    if (!parsed.data.facts)
      return {
        ok: false,
        reason: "facts are missing: list every figure, date and name the summary states, each with its source line",
      };
    for (const fact of parsed.data.facts) {
      const problem = factProblem(sources.lines, fact);
      if (problem) return { ok: false, reason: `fact rejected: ${problem}` };
    }
  }
  const facts = [...(parsed.data.facts ?? []), ...sources.implicit];
  const unbound = unboundFigures(summaryEn, facts, { years: sources.years });
  if (unbound.length > 0) {
    return {
      ok: false,
      reason: `these figures are not among the summary's facts: ${unbound.join(", ")}; state only figures the facts give (rounding to fewer digits is fine, computing new ones is not)`,
    };
  }
  const names = namesProblem(summaryEn, sources, input);
  if (names) return { ok: false, reason: names };
  const terms = termsProblem(summaryEn, sources.text);
  if (terms) return { ok: false, reason: terms };

  const notes: string[] = [];
  const low = Math.max(1, input.classifierScore - MAX_SCORE_SHIFT);
  const high = Math.min(10, input.classifierScore + MAX_SCORE_SHIFT);
  const importanceScore = Math.min(high, Math.max(low, parsed.data.importanceScore));
  if (importanceScore !== parsed.data.importanceScore) {
    notes.push(
      `importanceScore ${parsed.data.importanceScore} clamped to ${importanceScore} (classifier ${input.classifierScore})`,
    );
  }
  return { ok: true, summaryEn, importanceScore, notes };
}
