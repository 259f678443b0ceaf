/** Company pieces: the type-ahead search, the company's identity, the latest-summaries purchase panel. */
export { CompanySearch } from "./company-search";
export { CompanySummary } from "./company-summary";
export { LatestSummariesPanel } from "./latest-summaries-panel";
