/** Filing pieces: the free facts, and the panel where the paid summary is bought and revealed. */
export { FilingDetails } from "./filing-details";
export { SummaryPanel, type SummaryAvailability } from "./summary-panel";
export { OfflineSummaries } from "./offline-summaries";
