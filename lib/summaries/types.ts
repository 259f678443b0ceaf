import type { Summary } from "@/db/queries/summaries";

/** A stored, validated summary: what the routes map to a DisclosureSummaryDto. */
export type SummaryRow = Summary;

/** Whether the generator read the filing body, or only its title and metadata. */
export type SummaryBasis = "body" | "title_only";

/** Everything a generator may use about one filing. */
export interface SummaryInput {
  rcptNo: string;
  /** Receipt date, YYYY-MM-DD. */
  rceptDt: string;
  /** Korean company name as filed. */
  corpName: string;
  /** English name from the directory, or a romanisation of corpName. */
  corpNameEn: string;
  ticker: string | null;
  /** The Korean title, whitespace collapsed. */
  reportNm: string;
  reportNmEn: string;
  /** Who filed it when that is not the company (a fund, a shareholder, the exchange). */
  filerName: string | null;
  /** The classifier's reading, stored on the filing row. */
  eventType: string;
  eventLabelEn: string;
  classifierScore: number;
  actionableFor: string[];
  sectorTags: string[];
  /** Plain text of the filing body; null when only the title and metadata can be had. */
  body: string | null;
}

export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
}

/** What a fact's value is measured in: won (not billions), a percentage, a count, an ISO date, a name. */
export type FactUnit = "KRW" | "USD" | "percent" | "shares" | "count" | "date" | "name";

/**
 * One figure, date or name a summary states, bound to the body line it comes from. The
 * validator accepts a summary only when every figure in its text is one of its facts and
 * each fact reads from its source line (./facts).
 */
export interface Fact {
  /** What it is, in English: "operating profit", "guarantee amount", "conversion price after adjustment". */
  label: string;
  /** A plain number in `unit` ("171500000000000", "6.8"), an ISO date ("2026-07-29"), or a name as the body writes it. */
  value: string;
  unit: FactUnit;
  /** The body line it comes from, copied exactly. */
  source: string;
}

/** A generator's answer, before validation. */
export interface GeneratedSummary {
  summaryEn: string;
  importanceScore: number;
  /** The facts the summary states; required whenever the filing body was given. */
  facts?: Fact[];
  usage?: TokenUsage;
}

export interface SummaryGenerator {
  /** Recorded as the summary's and each generation's model id. */
  readonly id: string;
  /** Same input, same output: a retry with feedback cannot change the answer. */
  readonly deterministic?: boolean;
  /**
   * One answer for `input`. `retry` carries why the previous answer was rejected. Throws
   * GeneratorError when the generator cannot answer (down, timing out, refusing).
   */
  generate(input: SummaryInput, retry?: { reason: string; previousAnswer: string }): Promise<GeneratedSummary>;
}

/** Where filing bodies come from; tests inject real bodies without DART. */
export interface DocumentSource {
  /** The body's plain text; null when the filing has none or none can be fetched here. */
  getText(rcptNo: string): Promise<string | null>;
}
