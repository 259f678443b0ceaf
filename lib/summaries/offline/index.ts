/**
 * The offline generator: a deterministic English summary, wire-service style, built from the
 * facts read from the body (and DART's structured record): the company, the event and its
 * key figure first, 2–4 sentences, no title restated, no boilerplate. It needs no model, so
 * it is the default when no model is configured and the fallback when the model fails.
 *
 * Sentences come from the form readers (./extract.ts + ./describe.ts) and the prose readers
 * (./events.ts); each figure is then bound to the body line that states it (./bind.ts) and a
 * sentence whose figures do not all bind is dropped. The answer carries those facts, so it
 * passes the same validator as the model's.
 */
import { bodyLines, structuredText } from "../facts";
import { formatDate, formatKrw, parseAmount } from "../figures";
import { romanizeKorean } from "@/lib/romanize";
import { displayCompanyName, nameFromBody } from "../names";
import { GeneratorError } from "../errors";
import type { Fact, GeneratedSummary, SummaryGenerator, SummaryInput } from "../types";
import { SUMMARY_MAX_CHARS, SUMMARY_MIN_CHARS } from "../validate";
import { bindSentence, distinctFacts } from "./bind";
import { describeKeyFacts, resultSentence } from "./describe";
import { describeEvent, labelledFigures, possessive } from "./events";
import { extractKeyFacts, type KeyFacts } from "./extract";
import { FilingText } from "./filing-text";

export { extractKeyFacts, type KeyFacts } from "./extract";

export const OFFLINE_GENERATOR_ID = "offline-extractive-v2";

/** Title prefixes of a corrected filing (기재정정: corrected entries, 첨부정정: corrected attachments). */
const AMENDED = /^\[(기재|첨부)정정\]/;
const MAX_SENTENCES = 4;
const CJK = /[\p{Script=Hangul}\p{Script=Han}]/u;

/** `A / B` rows of a correction: the figure before and after, by its sub-label. */
function corrected(text: FilingText, label: RegExp): { before: number; after: number } | null {
  for (const row of text.rows) {
    const names = row[0].split(" / ");
    if (names.length < 2 || row.length < 3) continue;
    const before = row[1].split(" / ");
    const after = row[2].split(" / ");
    const at = names.findIndex((n) => label.test(n.replace(/\s+/g, ""))) - (names.length - before.length);
    if (at < 0 || /%|율/.test(names[0])) continue;
    const b = Number(before[at]?.replace(/,/g, ""));
    const a = Number(after[at]?.replace(/,/g, ""));
    if (Number.isFinite(b) && Number.isFinite(a)) return { before: b, after: a };
  }
  return null;
}

/** The lead of a preliminary-results filing: what was reported (or corrected), headline figures first. */
function resultsLead(
  company: string,
  reportNm: string,
  facts: Extract<KeyFacts, { kind: "preliminary_results" }>,
  text: FilingText,
  amended: boolean,
): string | null {
  const revenue = facts.revenue?.current;
  const operating = facts.operatingProfit?.current;
  if (revenue === undefined && operating === undefined) return null;
  const span =
    facts.periodStart && facts.periodEnd
      ? ` for ${formatDate(facts.periodStart)} to ${formatDate(facts.periodEnd)}`
      : "";
  const figures = [
    revenue !== undefined && `revenue of ${formatKrw(revenue)}`,
    operating !== undefined &&
      `${operating < 0 ? "an operating loss" : "operating profit"} of ${formatKrw(Math.abs(operating))}`,
  ].filter(Boolean);
  const scale = text.unitScale();
  const revenueFix = amended ? corrected(text, /^-?매출액\(당해실적\)/) : null;
  const operatingFix = amended ? corrected(text, /^-?영업이익\(당해실적\)/) : null;
  const was = [
    revenueFix && revenueFix.before !== revenueFix.after && formatKrw(revenueFix.before * scale),
    operatingFix && operatingFix.before !== operatingFix.after && formatKrw(Math.abs(operatingFix.before * scale)),
  ].filter(Boolean);
  const consolidated = /연결/.test(reportNm) ? " consolidated" : "";
  return `${company} ${amended ? "corrected its preliminary" : "reported preliminary"}${consolidated} results${span}: ${figures.join(" and ")}${
    was.length === figures.length ? `, against ${was.join(" and ")} first reported` : ""
  }.`;
}

/** The year-to-date line of a results table (`누계실적` under `매출액` and `영업이익`). */
function cumulativeSentence(text: FilingText): string | null {
  const scale = text.unitScale();
  const after = (metric: RegExp) => {
    const at = text.rows.findIndex((r) => metric.test(r[0].replace(/\s+/g, "")) && r[1]?.includes("당해실적"));
    const next = at >= 0 ? text.rows[at + 1] : undefined;
    return next && /^누계실적/.test(next[0]) ? parseAmount(next[1] ?? "", scale) : null;
  };
  const revenue = after(/^매출액/);
  const operating = after(/^영업이익/);
  if (revenue === null || operating === null || revenue === undefined) return null;
  return `Year to date, revenue was ${formatKrw(revenue)} and ${operating < 0 ? "the operating loss" : "operating profit"} ${formatKrw(Math.abs(operating))}.`;
}

/** Candidate sentences, most important first; the first names the company. */
function sentencesOf(input: SummaryInput, body: string, company: string): string[] {
  const text = new FilingText(body);
  const amended = AMENDED.test(input.reportNm);
  const keyFacts = extractKeyFacts({ ...input, body });
  const out: string[] = [];
  if (keyFacts?.kind === "preliminary_results") {
    const lead = resultsLead(company, input.reportNm, keyFacts, text, amended);
    if (lead) out.push(lead);
    if (lead) {
      out.push(
        ...[
          resultSentence("Revenue", "Revenue", keyFacts.revenue, false),
          resultSentence("Operating profit", "The operating loss", keyFacts.operatingProfit, false),
          resultSentence("Net income", "The net loss", keyFacts.netIncome),
          cumulativeSentence(text),
        ].filter((s): s is string => s !== null),
      );
    } else out.push(...describeKeyFacts(keyFacts));
  } else if (keyFacts) {
    out.push(...describeKeyFacts(keyFacts));
  }
  if (out.length === 0)
    out.push(...describeEvent({ company, reportNm: input.reportNm, eventType: input.eventType, body, text }));
  if (out.length === 0)
    out.push(
      ...labelledFigures({
        company,
        reportNm: input.reportNm,
        eventType: input.eventType,
        body,
        text,
        eventLabelEn: input.eventLabelEn,
      }),
    );
  if (out.length > 0)
    out[0] = out[0]
      .replace(/^The company(?:'s)?\b/, (m) => (m.endsWith("'s") ? possessive(company) : company))
      .replace(/\bof the company\b/, `of ${company}`);
  if (amended && keyFacts?.kind !== "preliminary_results" && out.length > 0)
    out.push("The filing corrects an earlier one; the figures are the corrected ones.");
  return out;
}

export interface OfflineAnswer {
  summaryEn: string;
  facts: Fact[];
}

/** The company as a sentence names it: the directory's name, else the name its own filing uses. */
function companyName(input: SummaryInput): string {
  const romanised = input.corpNameEn === romanizeKorean(input.corpName) || CJK.test(input.corpNameEn);
  return (romanised && input.body && nameFromBody(input.corpName, input.body)) || displayCompanyName(input.corpNameEn);
}

export function composeOfflineAnswer(input: SummaryInput): OfflineAnswer {
  const company = companyName(input);
  // The service never asks for an ungrounded summary; a title alone is never restated as one.
  if (input.body === null && !input.structured)
    throw new GeneratorError(`filing ${input.rcptNo}: no body or structured record to summarise`);
  // DART's structured fields first: where both state a term, the form readers take the exact field.
  const body = [structuredText(input.structured), input.body ?? ""].filter(Boolean).join("\n");
  const lines = bodyLines(`${body}\n접수일자: ${input.rceptDt}`);
  const years = new Set<number>();
  for (const [, year] of body.matchAll(/(?<!\d)(19\d{2}|20\d{2})(?!\d)/g)) years.add(Number(year));

  const kept: string[] = [];
  const facts: Fact[] = [];
  const add = (sentence: string) => {
    const bound = bindSentence(sentence, lines, years);
    const next = [...kept, sentence].join(" ");
    if (!bound || next.length > SUMMARY_MAX_CHARS) return false;
    kept.push(sentence);
    facts.push(...bound);
    return true;
  };
  for (const sentence of sentencesOf(input, body, company)) {
    if (kept.length >= MAX_SENTENCES && kept.join(" ").length >= SUMMARY_MIN_CHARS) break;
    add(sentence);
  }
  if (kept.length === 0)
    add(
      `${company} filed a ${input.eventLabelEn.toLowerCase()} notice on ${formatDate(input.rceptDt)}; its body states no figures this generator reads.`,
    );
  if (kept.join(" ").length < SUMMARY_MIN_CHARS)
    add(`The filing was submitted to DART on ${formatDate(input.rceptDt)} under the title "${input.reportNmEn}".`);
  return { summaryEn: kept.join(" "), facts: distinctFacts(facts) };
}

/** The summary text alone (benchmarks, tests). */
export function composeOfflineSummary(input: SummaryInput): string {
  return composeOfflineAnswer(input).summaryEn;
}

export const offlineGenerator: SummaryGenerator = {
  id: OFFLINE_GENERATOR_ID,
  deterministic: true,
  async generate(input: SummaryInput): Promise<GeneratedSummary> {
    return { ...composeOfflineAnswer(input), importanceScore: input.classifierScore };
  },
};
