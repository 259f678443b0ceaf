/** Filing pieces: the title, the free facts, the summary as the page's hero, and how agents buy it. */
export { FilingDetails, FilingHeading } from "./filing-details";
export { AgentPurchasePanel, NoSummaryNote } from "./summary-panel";
export { SummaryHero } from "./summary-hero";
export { FactList } from "./fact-list";
export { OfflineSummaries } from "./offline-summaries";
