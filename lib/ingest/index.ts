/**
 * Ingestion of OpenDART filings and the company directory into the database: the poll cycle
 * (runPollCycle) and its three drivers (the in-process poller, the cron handlers, the CLI
 * scripts), day-by-day backfill, the directory sync, and the health of all of it. Every
 * filing goes through one write path, storeFilings (lib/filing-store.ts, which the bundled
 * seed, lib/seed, writes through too).
 */
export { runPollCycle, type PollSummary } from "./poll";
export {
  backfill,
  backfillJob,
  BACKFILL_DAILY_CALLS,
  DART_DAILY_QUOTA,
  type BackfillOptions,
  type BackfillProgress,
  type BackfillSummary,
} from "./backfill";
export { syncCompanies, type CompanySyncSummary, type NameEnSource } from "./companies";
export { startPoller, type Poller, type PollerOptions } from "./poller";
export { getIngestHealth, type IngestHealth, type JobHealth } from "./health";
export {
  handleBackfillCron,
  handleCompaniesCron,
  handleIngestCron,
  isAuthorizedCronRequest,
  runSpacedPollCycles,
  type CycleOutcome,
} from "./cron";
export { reclassifyFilings } from "./reclassify";
export type { DayWindow, IngestTotals } from "./sweep";
