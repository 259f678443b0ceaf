/**
 * The filing taxonomy: a deterministic, offline classifier of DART filing titles.
 *
 * - classifyFiling(): event type, English title, importance (1–10), whether the filing class
 *   carries hard numbers, and who it is actionable for. Pure and fast: no I/O, no model.
 * - CLASSIFIER_VERSION: stored with each classified filing; bumped whenever the rules change.
 * - normalizeReportNm(): the display form of a DART title (whitespace collapsed, no NFKC).
 * - The vocabularies (EVENT_TYPES, AUDIENCE_TAGS, SECTOR_TAGS, MARKETS) as `as const` data and
 *   vocabularyDocument() for /v1/vocabulary and OpenAPI enums.
 * - sectorTagsFor(ticker) from the committed sector map; sectorTagsForIndustry() for companies
 *   the map does not know yet.
 *
 * How titles are read and scored: lib/classify/README.md.
 */
export { AUDIENCE_TAGS, type AudienceTag } from "./audiences";
export {
  classifyFiling,
  CLASSIFIER_VERSION,
  IMPORTANCE_RUBRIC,
  isThirdPartyFiling,
  type Classification,
  type FilingInput,
} from "./classify";
export {
  EVENT_TYPES,
  EVENT_TYPE_BY_NAME,
  eventTypeDefinition,
  type EventType,
  type EventTypeDefinition,
  type NumericExpectation,
} from "./event-types";
export {
  issuerTicker,
  SECTOR_TAGS,
  sectorTagForCompany,
  sectorTagsForIndustry,
  type CompanyIndustry,
  type SectorTag,
  type WicsSector,
} from "./industry-sectors";
export { sectorTagsFor } from "./sectors";
export { normalizeReportNm } from "./title";
export { MARKETS, marketForCorpCls, vocabularyDocument, type Market, type VocabularyDocument } from "./vocabulary";
