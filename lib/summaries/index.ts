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
 * - Prose bound to facts (./prose.ts): generators write placeholders, the server renders them.
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
export { composeOfflineTemplate, OFFLINE_GENERATOR_ID, offlineGenerator } from "./offline";
export { checkProse, renderProse } from "./prose";
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
