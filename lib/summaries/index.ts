/**
 * English summaries of filings: generated once per filing from its body, validated, and
 * served from a shared cache (the `summaries` table).
 *
 * - getOrCreateSummary / getOrCreateSummaries / getOrCreateSummaryWithFacts: the cache, with single-flight generation
 *   across server instances, one deadline, fallbacks replaced once the model is back
 *   (./service.ts); regenerateSummary on demand.
 * - summaryAvailability(db, rcptNos): from the database alone, whether each filing's summary
 *   can be bought (grounded in its body or DART's structured record), is cached, and who
 *   wrote it; prepareSummary: the paid routes' preflight (./availability.ts).
 * - FilingNotFoundError (404), SummaryNotAvailableError (422: nothing to ground a summary in)
 *   and SummaryUnavailableError (503 with retryAfter); no payment is settled for any.
 * - Generators: the OpenAI-compatible one (./openai.ts) and the offline one (./offline),
 *   behind SummaryGenerator; getGeneratorState() for the health endpoint.
 * - Fact sheets (./facts): every figure, date, party and term of a filing with its Korean
 *   source cells; buildFactSheet; getOrCreateSummaryWithFacts serves a summary with its sheet.
 * - English composed from checked frames (./frames): a generator answers a plan — frames of
 *   the form's catalogue and the facts filling their slots, English terms for free-text cells —
 *   never prose; the offline generator plans by rule (./offline), a model by choice (./openai.ts).
 * - Placeholders rendered from facts (./prose.ts): the one renderer of every fact in a summary.
 * - validateSummary: the gate every answer passes (./validate.ts).
 */
import "server-only";

export { prepareSummary, storedSourcesFactSheet, summaryAvailability, type SummaryAvailability } from "./availability";
export { undeliverableReason } from "./deliverable";
export {
  getOrCreateSummaries,
  getOrCreateSummary,
  getOrCreateSummaryWithFacts,
  regenerateSummary,
  settleFallbackUpgrades,
  summaryDeadline,
  storedFactSheet,
  summaryProvenance,
  summarySources,
  type SummaryOptions,
  type SummaryWithFacts,
} from "./service";
export {
  FilingNotFoundError,
  GeneratorError,
  InvalidAnswerError,
  notSellableMessage,
  SummaryNotAvailableError,
  SummaryUnavailableError,
  type NotSellableReason,
} from "./errors";
export { configuredGenerator, getGeneratorState, type GenerationOutcome, type GeneratorState } from "./generators";
export { createOpenAiGenerator, type OpenAiGeneratorOptions } from "./openai";
export {
  composeOfflinePlan,
  composeOfflineTemplate,
  OFFLINE_GENERATOR_ID,
  offlineAnswer,
  offlineGenerator,
} from "./offline";
export { renderProse } from "./prose";
export {
  applyTerms,
  composePlan,
  framesFor,
  termProblem,
  untranslatedCell,
  type Frame,
  type PlanFrame,
  type PlanTerm,
} from "./frames";
export { storedOrFetchedDocuments } from "./documents";
export {
  acceptProposals,
  buildFactSheet,
  hasKeyFacts,
  roleSpec,
  type FactCell,
  type FactKind,
  type FactSheet,
  type FactSource,
  type FactValue,
  type ProposedFact,
  type SheetFact,
} from "./facts";
export { PROMPT_VERSION } from "./prompt";
export { companyDisplayName, SUMMARY_MAX_CHARS, SUMMARY_MIN_CHARS, validateSummary, type Validation } from "./validate";
export type {
  DocumentSource,
  GeneratedSummary,
  PreparedSummary,
  SummaryBasis,
  SummaryGenerator,
  StructuredData,
  SummaryInput,
  SummaryRow,
  TokenUsage,
} from "./types";
