/**
 * The web explorer's read side: feed views with filters (and their counts), company profiles,
 * filing details, the Atom feeds and the generated API reference. Pages, the /api/feed poll and
 * the Atom routes all call these, so a view is computed one way everywhere. Nothing here returns
 * summary text: the explorer's free pages never carry it.
 */
export {
  feedView,
  toFeedFilters,
  toFeedRow,
  eventLabel,
  type ExplorerFiling,
  type FeedRow,
  type FeedCounts,
  type FeedView,
} from "./feed";
export { companyProfile, COMPANY_FILING_ROWS, type CompanyProfile } from "./company";
export { filingDetail, filingsAvailableOffline, type FilingDetail, type SummaryOffer } from "./filing";
export { atomFeed, type AtomFeedInput } from "./atom";
export { apiReference, redactSummaries, REDACTED_SUMMARY, type ApiReference, type EndpointReference } from "./docs";
export * from "./filters";
export * from "./format";
export { atomResponse, searchAtomResponse, watchlistAtomResponse } from "./atom-route";
export { companyExportResponse, feedExportResponse, searchExportResponse } from "./export-route";
export * from "./export";
export {
  cursorAfter,
  parseSearchParams,
  REPEATABLE_SEARCH_PARAMS,
  searchParamsWith,
  searchView,
  type RawSearchParams,
  type SearchView,
} from "./search";
