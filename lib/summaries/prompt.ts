/**
 * The model prompt, in one place and versioned. PROMPT_VERSION is stored with every summary
 * and every generation attempt: bump it whenever the wording, the input layout or the answer
 * schema changes, so stored summaries can be traced to the prompt that wrote them.
 */
import { IMPORTANCE_RUBRIC } from "@/lib/classify";
import type { SummaryInput } from "./types";
import { MAX_SCORE_SHIFT, SUMMARY_MAX_CHARS, SUMMARY_MIN_CHARS, TITLE_ONLY_NOTICE } from "./validate";

export const PROMPT_VERSION = "summary-v1";

/** Body characters sent to the model: the key terms of a DART form sit at its start. */
export const MODEL_BODY_CHARS = 24_000;

export const SYSTEM_PROMPT = [
  "You summarise Korean corporate filings from DART (Korea's electronic disclosure system) in English for investors who do not read Korean.",
  "",
  "Rules:",
  `1. Paraphrase what the filing says; do not translate it line by line. Write plain English prose, 2 to 6 sentences, ${SUMMARY_MIN_CHARS} to ${SUMMARY_MAX_CHARS} characters (aim for 400 to 900).`,
  "2. Lead with what happened and why it matters: the event, the counterparty or holder, the amounts, the dates.",
  "3. Use only facts in the filing text and metadata given. Every number you write (amounts, share counts, prices, percentages, dates, series numbers) must appear in them. You may convert units and round (17,400,000,000원 → KRW 17.4 billion; 789억원 → KRW 78.9 billion; 2026.07.16 → July 16, 2026). Do not compute new figures such as sums, differences or ratios the filing does not state.",
  '4. Write amounts as "KRW 17.4 billion" and dates as "July 16, 2026".',
  '5. English only. Do not write Korean or Chinese characters, except a proper name with no English form, copied exactly from the filing inside double quotes, e.g. Hangukpail ("주식회사 한국파일").',
  "6. Refer to the company by its English name. Give no investment advice, forecasts or opinions.",
  `7. If no filing body is provided, say the summary is "${TITLE_ONLY_NOTICE}" and do not guess any details.`,
  `8. importanceScore: start from the classifier's score given with the filing. Move it by at most ${MAX_SCORE_SHIFT} in either direction, and only when the body shows the event is clearly more or less material than its class usually is (the size relative to the company, dilution, a change of control). Stay within 1 to 10. The classifier's rubric:`,
  IMPORTANCE_RUBRIC,
  "",
  'Answer with a JSON object only: {"summaryEn": string, "importanceScore": integer}.',
].join("\n");

/** The structured-output schema (OpenAI `response_format` json_schema, strict mode). */
export const RESPONSE_FORMAT = {
  type: "json_schema",
  json_schema: {
    name: "filing_summary",
    strict: true,
    schema: {
      type: "object",
      properties: {
        summaryEn: { type: "string", description: "The English summary of the filing." },
        importanceScore: { type: "integer", description: "1 to 10, the classifier's score moved by at most 2." },
      },
      required: ["summaryEn", "importanceScore"],
      additionalProperties: false,
    },
  },
} as const;

function scoreBand(score: number): string {
  return `${Math.max(1, score - MAX_SCORE_SHIFT)} to ${Math.min(10, score + MAX_SCORE_SHIFT)}`;
}

export function userMessage(input: SummaryInput): string {
  const company = `${input.corpNameEn} (Korean name ${input.corpName}${input.ticker ? `, KRX ticker ${input.ticker}` : ""})`;
  const lines = [
    "Filing metadata:",
    `- Receipt number: ${input.rcptNo}`,
    `- Receipt date: ${input.rceptDt}`,
    `- Company: ${company}`,
    ...(input.filerName ? [`- Filed by: ${input.filerName}`] : []),
    `- Title (Korean, as filed): ${input.reportNm}`,
    `- Title (English label): ${input.reportNmEn}`,
    `- Event type: ${input.eventType} (${input.eventLabelEn})`,
    `- Classifier importance score: ${input.classifierScore} (your score must be ${scoreBand(input.classifierScore)})`,
    "",
  ];
  if (input.body === null) {
    lines.push(`Filing body: not available. Summarise from the title and metadata only, and say the summary is "${TITLE_ONLY_NOTICE}".`);
  } else {
    const truncated = input.body.length > MODEL_BODY_CHARS;
    lines.push(
      `Filing body (plain text of the original; table rows as "label: value | value"${truncated ? "; truncated" : ""}):`,
      "<<<",
      truncated ? input.body.slice(0, MODEL_BODY_CHARS) : input.body,
      ">>>",
    );
  }
  return lines.join("\n");
}

/** Sent after a rejected answer: the model sees its answer and why it was rejected. */
export function retryMessage(reason: string): string {
  return `Your answer was rejected: ${reason}. Write a new answer that follows every rule, as a JSON object only.`;
}
