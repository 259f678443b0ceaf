/**
 * The model prompt, in one place and versioned. PROMPT_VERSION is stored with every summary
 * and every generation attempt: bump it whenever the wording, the input layout or the answer
 * schema changes, so stored summaries can be traced to the prompt that wrote them.
 */
import { IMPORTANCE_RUBRIC } from "@/lib/classify";
import { formOf, roleSpec, structuredText, type FactSheet } from "./facts";
import type { SummaryInput } from "./types";
import { FACT_KINDS } from "@/lib/interface/schemas";
import { MAX_SCORE_SHIFT, SUMMARY_MAX_CHARS, SUMMARY_MIN_CHARS } from "./validate";

export const PROMPT_VERSION = "summary-v4-facts";

/** Body characters sent to the model: the key terms of a DART form sit at its start. */
export const MODEL_BODY_CHARS = 24_000;

export const SYSTEM_PROMPT = [
  "You summarise Korean corporate filings from DART (Korea's electronic disclosure system) in English for investors who do not read Korean.",
  "",
  "You get the filing body and its FACT SHEET: numbered facts (f1, f2, …), each with its role, value and the Korean cells it was read from. You write the summary with placeholders; the server renders each from its fact, so figures are never typed by you.",
  "",
  "Rules:",
  `1. Write plain English prose, 2 to 4 sentences (${SUMMARY_MIN_CHARS} to ${SUMMARY_MAX_CHARS} characters once rendered). Lead with the company, the event and its key figure, like a wire service. Do not restate the filing's title, add boilerplate ("submitted to DART", "see the original"), give advice or forecast.`,
  '2. Every figure, date, named party and enumerated term is a placeholder: {f3} renders fact f3\'s text. Never type a digit, a number word ("five", "half", "twice"), a currency ("KRW", "won", "$"), a percentage ("%", "percent", "percentage points"), a month, a quarter ("second quarter"), a company, bank or person name, "public"/"private" placement or offering, "common"/"preferred" shares. Refer to the filing company as {company}.',
  '3. A placeholder must be what its sentence calls it: write "record date {f5}" only when f5\'s role is the record date, "of its recent annual revenue" only after the contract-to-revenue ratio, "the bank" only before the creditor, "bought" only before shares traded (not shares held), "equity" only before the equity figure.',
  '4. Never type a direction of change (rose, fell, increased, decreased, up, down, widened, narrowed, turned). Write {move f3 f7} (or {move f3 f7 f8} with f8 the filing\'s stated change rate) to say how f3 moved against f7: it renders "up 28.11% from KRW 133.87 trillion", "widened from KRW 6 billion", "turned to a profit from a loss of …". {move} works only for pairs the sheet lists as comparable.',
  '5. A profit that may be a loss: write {label f12} (renders "operating profit" or "operating loss" by its sign) instead of typing the word; the same for a discount or premium.',
  "6. State every fact whose role is marked KEY. Add the others that matter; leave out the rest.",
  '7. To state a fact the sheet lacks, add it to "newFacts" with an id n1, n2, …, its role (one of the roles listed; a fact no role fits cannot be stated), its kind, and the exact Korean label cell and value cell from the body (copied verbatim); cite it as {n1}. The server reads the value from that cell itself and rejects it if the cells are not in the body or the label does not state that role.',
  `8. importanceScore: start from the classifier's score given with the filing. Move it by at most ${MAX_SCORE_SHIFT} in either direction, and only when the body shows the event is clearly more or less material than its class usually is (the size relative to the company, dilution, a change of control). Stay within 1 to 10. The classifier's rubric:`,
  IMPORTANCE_RUBRIC,
  "",
  'Answer with a JSON object only: {"summary": string, "importanceScore": integer, "newFacts": [{"id": string, "role": string, "kind": string, "label": string, "value": string}]}.',
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
        summary: { type: "string", description: "The English summary with {f3}-style placeholders." },
        importanceScore: { type: "integer", description: "1 to 10, the classifier's score moved by at most 2." },
        newFacts: {
          type: "array",
          description: "Facts the summary cites beyond the sheet, each pointing at its Korean cells.",
          items: {
            type: "object",
            properties: {
              id: { type: "string", description: "n1, n2, …" },
              role: { type: "string", description: "A role of the listed vocabulary." },
              kind: { type: "string", enum: FACT_KINDS },
              label: { type: "string", description: "The Korean label cell, copied exactly." },
              value: {
                type: "string",
                description: "The Korean value cell (or the part stating the value), copied exactly.",
              },
            },
            required: ["id", "role", "kind", "label", "value"],
            additionalProperties: false,
          },
        },
      },
      required: ["summary", "importanceScore", "newFacts"],
      additionalProperties: false,
    },
  },
} as const;

function scoreBand(score: number): string {
  return `${Math.max(1, score - MAX_SCORE_SHIFT)} to ${Math.min(10, score + MAX_SCORE_SHIFT)}`;
}

/** The fact sheet as the model reads it: one line per fact, key roles marked, comparable pairs listed. */
export function sheetForModel(input: SummaryInput, sheet: FactSheet): string {
  const key = new Set(sheet.keyRoles);
  const byRole = new Map(sheet.facts.map((f) => [f.role, f.id]));
  const lines = sheet.facts.map((f) => {
    const source = `${f.source.section ? `${f.source.section} › ` : ""}${f.source.label}${f.source.column ? ` › ${f.source.column}` : ""} = ${f.source.value}`;
    const value = typeof f.value === "object" ? `${f.value.from} to ${f.value.to}` : String(f.value);
    return `${f.id}${key.has(f.role) ? " KEY" : ""} | role ${f.role} | ${f.label} | ${f.kind} ${value}${f.unit ? ` ${f.unit}` : ""} | renders "${f.text}" | from ${source}`;
  });
  const pairs = sheet.facts.flatMap((f) =>
    (roleSpec(f.role)?.compare ?? []).flatMap((c) => {
      const base = byRole.get(c.base);
      if (!base) return [];
      const change = c.change ? byRole.get(c.change) : undefined;
      return [`{move ${f.id} ${base}${change ? ` ${change}` : ""}}`];
    }),
  );
  const roles = formOf(input.reportNm, input.eventType).rules.map((r) => r.role);
  return [
    ...lines,
    ...(pairs.length > 0 ? [`Comparable: ${pairs.join(", ")}`] : []),
    `Roles for new facts: ${[...new Set(roles)].join(", ")}`,
  ].join("\n");
}

export function userMessage(input: SummaryInput, sheet: FactSheet): string {
  const company = `${input.corpNameEn} (Korean name ${input.corpName}${input.ticker ? `, KRX ticker ${input.ticker}` : ""})`;
  const lines = [
    "Filing metadata:",
    `- Receipt number: ${input.rcptNo}`,
    `- Receipt date: ${input.rceptDt}`,
    `- Company ({company}): ${company}`,
    ...(input.filerName ? [`- Filed by: ${input.filerName}`] : []),
    `- Title (Korean, as filed): ${input.reportNm}`,
    `- Title (English label): ${input.reportNmEn}`,
    `- Event type: ${input.eventType} (${input.eventLabelEn})`,
    `- Classifier importance score: ${input.classifierScore} (your score must be ${scoreBand(input.classifierScore)})`,
    "",
    "FACT SHEET:",
    "<<<",
    sheetForModel(input, sheet),
    ">>>",
    "",
  ];
  if (input.structured) {
    lines.push(
      `DART structured record (${input.structured.api}; one "label: value" line each):`,
      "<<<",
      structuredText(input.structured),
      ">>>",
      "",
    );
  }
  if (input.body !== null) {
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
