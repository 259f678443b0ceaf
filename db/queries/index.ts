/** Query functions: each takes the database as its first argument, so any driver works. */
export * from "./alerts";
export * from "./companies";
export * from "./filings";
export * from "./filing-search";
export * from "./ingest-state";
export * from "./payments";
export * from "./storage";
