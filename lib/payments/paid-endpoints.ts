/**
 * The two things the service sells, for every transport: the HTTP routes
 * (app/v1/disclosures/{summary,by-ticker}) and the MCP tools (lib/mcp) run these same specs.
 */
import { byTickerQuery, summaryQuery } from "@/lib/api/schemas";
import { deliverLatestSummaries, deliverSummary, findCompany, findFiling } from "./content";
import { paidCallSpec } from "./paid-call";
import { priceUnits } from "./pricing";

/** One filing's English summary: 0.005 USDC per call. */
export const paidSummary = paidCallSpec({
  endpoint: "get-summary",
  query: summaryQuery,
  price: () => priceUnits("get-summary"),
  preflight: (db, { rcptNo }) => findFiling(db, rcptNo),
  deliver: (db, _query, filing) => deliverSummary(db, filing),
});

/** A company's newest `limit` filings with summaries: 0.005 USDC × limit. */
export const paidByTicker = paidCallSpec({
  endpoint: "get-by-ticker",
  query: byTickerQuery,
  price: ({ limit }) => priceUnits("get-by-ticker", limit),
  preflight: (db, { ticker }) => findCompany(db, ticker),
  deliver: (db, { ticker, limit }) => deliverLatestSummaries(db, ticker, limit),
});
