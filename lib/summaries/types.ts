import type { Summary } from "@/db/queries/summaries";

/**
 * A stored, validated summary: what the routes map to a DisclosureSummaryDto, with the
 * placeholder text it was rendered from (`template`) and its fact sheet (`facts`, a FactSheet
 * as JSON: read it through storedFactSheet or getOrCreateSummaryWithFacts).
 */
export type SummaryRow = Summary;

/**
 * What a summary is grounded in: the filing body, DART's structured record (DS005), or both.
 * Nothing else is ever sold or stored (no title-only summaries).
 */
export type SummaryBasis = "body" | "structured" | "body+structured";

/**
 * DART's structured record of a major-event filing (a DS005 API such as cvbdIsDecsn): the
 * API's name and its flat fields exactly as DART sent them, e.g. { bd_fta: "18,000,000,000",
 * bd_intr_ex: "2.0", bdis_mthn: "사모", ... } (field meanings: the OpenDART guide §5).
 */
export interface StructuredData {
  api: string;
  fields: Record<string, string>;
}

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
  /** Plain text of the filing body; null when DART has none (then `structured` is set). */
  body: string | null;
  /** DART's structured record for a major-event filing; null when it has none. Body or this, never neither. */
  structured: StructuredData | null;
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
  generate(
    input: SummaryInput,
    retry?: { reason: string; previousAnswer: string },
    /** Aborted at the paid request's deadline: stop and throw. */
    options?: { signal?: AbortSignal },
  ): Promise<GeneratedSummary>;
}

/** Where filing bodies (and structured records) come from; tests inject real bodies without DART. */
export interface DocumentSource {
  /** The body's plain text; null when the filing has none or none can be fetched here. */
  getText(rcptNo: string): Promise<string | null>;
  /** The filing's DS005 record; null when it has none or none can be fetched here. */
  getStructured?(filing: {
    rcptNo: string;
    corpCode: string;
    rceptDt: string;
    reportNm: string;
  }): Promise<StructuredData | null>;
  /** Whether what is not stored is fetched from DART (a key is configured): decides why a filing has no summary. */
  readonly fetchesFromDart?: boolean;
}
