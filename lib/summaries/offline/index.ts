/**
 * The offline generator: a deterministic English summary built from the classification, the
 * company and the key figures read from the body. It needs no model, so it is the default
 * when no model is configured and the fallback when the model fails. It says what it is
 * (model id "offline-extractive-v1", and a closing sentence), and it never states a figure
 * it did not extract: every sentence comes from ./describe.ts over ./extract.ts.
 */
import { formatDate } from "../figures";
import type { GeneratedSummary, SummaryGenerator, SummaryInput } from "../types";
import { SUMMARY_MAX_CHARS, TITLE_ONLY_NOTICE } from "../validate";
import { describeKeyFacts, list } from "./describe";
import { extractKeyFacts } from "./extract";

export { extractKeyFacts, type KeyFacts } from "./extract";

export const OFFLINE_GENERATOR_ID = "offline-extractive-v1";

/** Title prefixes of a corrected filing (기재정정: corrected entries, 첨부정정: corrected attachments). */
const AMENDED = /^\[(기재|첨부)정정\]/;

const AUDIENCES: Readonly<Record<string, string>> = {
  traders: "traders",
  long_term_investors: "long-term investors",
  creditors: "creditors",
  governance_watchers: "governance watchers",
  merger_arbitrage: "merger-arbitrage investors",
  dividend_investors: "dividend investors",
  convertible_arbitrage: "convertible-bond investors",
  esg_analysts: "ESG analysts",
};


function lead(input: SummaryInput): string {
  const ticker = input.ticker ? ` (KRX: ${input.ticker})` : "";
  const concerning = `${input.corpNameEn}${ticker}`;
  // A name ending in "Ltd." or "Inc." already ends the sentence.
  return `On ${formatDate(input.rceptDt)}, a filing titled "${input.reportNmEn}" was made concerning ${concerning}${concerning.endsWith(".") ? "" : "."}`;
}

function classification(input: SummaryInput): string {
  const audiences = list(input.actionableFor.map((tag) => AUDIENCES[tag] ?? tag.replace(/_/g, " ")));
  return `It is classified as ${input.eventLabelEn}${audiences ? ` and is most relevant to ${audiences}` : ""}.`;
}

export function composeOfflineSummary(input: SummaryInput): string {
  const facts = input.body === null ? null : extractKeyFacts({ ...input, body: input.body });
  const closing =
    input.body === null
      ? `This summary is ${TITLE_ONLY_NOTICE}: the filing body was not available, so no figures or terms are given.`
      : facts
        ? "The figures were extracted automatically from the filing; see the original for the full terms."
        : "The filing body was read, but no standard figures are extracted for this type of filing; see the original for details.";
  const head = AMENDED.test(input.reportNm)
    ? `${lead(input)} It amends an earlier filing${facts ? "; the figures below are the amended ones" : ""}.`
    : lead(input);
  const tail = `${classification(input)} ${closing}`;

  // Key-figure sentences in order of importance, as many as fit within the length bound.
  let body = "";
  for (const sentence of facts ? describeKeyFacts(facts) : []) {
    const next = `${body} ${sentence}`;
    if (head.length + next.length + 1 + tail.length > SUMMARY_MAX_CHARS) break;
    body = next;
  }
  return `${head}${body} ${tail}`;
}

export const offlineGenerator: SummaryGenerator = {
  id: OFFLINE_GENERATOR_ID,
  deterministic: true,
  async generate(input: SummaryInput): Promise<GeneratedSummary> {
    return { summaryEn: composeOfflineSummary(input), importanceScore: input.classifierScore };
  },
};
