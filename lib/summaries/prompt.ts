/**
 * The model prompt, in one place and versioned. PROMPT_VERSION is stored with every summary
 * and every generation attempt: bump it whenever the wording, the input layout or the answer
 * schema changes, so stored summaries can be traced to the prompt that wrote them.
 */
import { IMPORTANCE_RUBRIC } from "@/lib/classify";
import { structuredText } from "./facts";
import type { SummaryInput } from "./types";
import { MAX_SCORE_SHIFT, SUMMARY_MAX_CHARS, SUMMARY_MIN_CHARS } from "./validate";

export const PROMPT_VERSION = "summary-v3";

/** Body characters sent to the model: the key terms of a DART form sit at its start. */
export const MODEL_BODY_CHARS = 24_000;

export const SYSTEM_PROMPT = [
  "You summarise Korean corporate filings from DART (Korea's electronic disclosure system) in English for investors who do not read Korean.",
  "",
  "Rules:",
  `1. Paraphrase what the filing says; do not translate it line by line. Write plain English prose, 2 to 6 sentences, ${SUMMARY_MIN_CHARS} to ${SUMMARY_MAX_CHARS} characters (aim for 400 to 900).`,
  "2. Lead with what happened and why it matters: the event, the counterparty or holder, the amounts, the dates.",
  "3. Use only facts in the filing text and metadata given. Every number you write (amounts, share counts, prices, percentages, dates, series numbers), in digits or in words, must be one of the facts you list. You may convert units and round to fewer digits (17,400,000,000원 → KRW 17.4 billion; 789억원 → KRW 78.9 billion; 2026.07.16 → July 16, 2026). Do not compute new figures such as sums, differences or ratios the filing does not state.",
  '4. Write amounts as "KRW 17.4 billion" and dates as "July 16, 2026".',
  '5. List in "facts" every figure, date and quoted Korean name the summary states: "label" says what it is in English, using the filing\'s own label ("revenue", "operating profit", "guarantee amount", "conversion price after adjustment", "coupon"); "value" is the exact value in plain digits in its unit (won, not billions: "171500000000000"; a percentage as "6.8"; a date as "2026-07-29"; a name as the filing writes it); "unit" is KRW, USD, percent, shares, count, date or name; "source" is the one line of the filing body it comes from, copied exactly and whole. A table\'s declared unit (단위 : 백만원) applies to its bare numbers. The label must match that line\'s label: revenue is not operating profit.',
  "6. Name a counterparty only as the filing does: its English form when the filing gives one, else the common corporate words translated (은행 Bank, 증권 Securities, 주식회사 Co., Ltd.). Say public or private placement, common or preferred shares, increase or decrease only as the filing says (공모/사모, 보통/우선, 증가/감소). For an operating loss, say whether the loss widened or narrowed from the signs of the two figures, not from the printed change rate.",
  '7. English only. Do not write Korean or Chinese characters, except a proper name with no English form, copied exactly from the filing inside double quotes, e.g. Hangukpail ("주식회사 한국파일").',
  "8. Refer to the company by its English name. Lead with the company, the event and its key figure, like a wire service; do not repeat the filing's title or add boilerplate. Give no investment advice, forecasts or opinions.",
  `9. importanceScore: start from the classifier's score given with the filing. Move it by at most ${MAX_SCORE_SHIFT} in either direction, and only when the body shows the event is clearly more or less material than its class usually is (the size relative to the company, dilution, a change of control). Stay within 1 to 10. The classifier's rubric:`,
  IMPORTANCE_RUBRIC,
  "",
  'Answer with a JSON object only: {"summaryEn": string, "importanceScore": integer, "facts": [{"label": string, "value": string, "unit": string, "source": string}]}.',
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
        facts: {
          type: "array",
          description: "Every figure, date and quoted name the summary states, each bound to its source line.",
          items: {
            type: "object",
            properties: {
              label: { type: "string", description: "What it is, in English, matching the source line's label." },
              value: {
                type: "string",
                description: "Plain digits in the unit (won, not billions), an ISO date, or the name as written.",
              },
              unit: { type: "string", enum: ["KRW", "USD", "percent", "shares", "count", "date", "name"] },
              source: { type: "string", description: "The filing body line it comes from, copied exactly." },
            },
            required: ["label", "value", "unit", "source"],
            additionalProperties: false,
          },
        },
      },
      required: ["summaryEn", "importanceScore", "facts"],
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
  if (input.structured) {
    // DART's exact fields come first: they are the terms as filed, one "label: value" line each.
    lines.push(
      `DART structured record (${input.structured.api}; exact field values, one "label: value" line each; cite these lines as sources too):`,
      "<<<",
      structuredText(input.structured),
      ">>>",
      "",
    );
  }
  // The service asks only for grounded summaries: a body, a structured record, or both.
  if (input.body === null) {
    lines.push("Filing body: not available; summarise from the structured record.");
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
