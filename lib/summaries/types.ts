import type { FilingView } from "@/db/queries/filings";
import type { Summary } from "@/db/queries/summaries";
import type { FactSheet, ProposedFact } from "./facts/types";
import type { PlanFrame, PlanTerm } from "./frames";

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

/**
 * A generator's answer, before validation: a plan (../frames), not prose. The frames it chooses
 * in order with the facts that fill their slots, English for free-text cells no glossary reads
 * (`terms`, each bound to its fact), facts beyond the sheet the plan cites as n1, n2, … (each
 * pointing at its Korean cells), and a score.
 */
export interface GeneratedSummary {
  frames: PlanFrame[];
  terms?: PlanTerm[];
  importanceScore: number;
  newFacts?: ProposedFact[];
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
    /** The filing's fact sheet: the facts the summary may cite. */
    sheet: FactSheet,
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
    /** The receipt days DS005 files the event under, when it is not the filing's own (a correction). */
    eventDays?: { from: string; to: string };
  }): Promise<StructuredData | null>;
  /** Whether what is not stored is fetched from DART (a key is configured): decides why a filing has no summary. */
  readonly fetchesFromDart?: boolean;
}

/** What the paid preflight (prepareSummary) established for a filing it lets be sold. */
export interface PreparedSummary {
  view: FilingView;
  /** Its summary is stored: the delivery reads it. */
  cached: boolean;
  /** When not cached: the generator input and its sheet, read once by the preflight, which the generation starts from. */
  sources: { input: SummaryInput; sheet: FactSheet } | null;
}
