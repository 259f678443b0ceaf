/**
 * What the service sells, for every transport: the HTTP routes
 * (app/v1/disclosures/{summary,facts,by-ticker}, app/v1/alerts/credit) and the MCP tools
 * (lib/mcp) run these same specs.
 */
import { ALERT_PACK_ENDPOINT } from "@/db/queries";
import { ALERT_PACK, alertPackQuery, byTickerQuery, priceUnits, summaryQuery, usdcToUnits } from "@/lib/interface";
import {
  deliverAlertPack,
  deliverFacts,
  deliverLatestSummaries,
  deliverSummary,
  findSellableFiling,
  findSellableFilingsOf,
  redeliverLatestSummaries,
  redeliverFacts,
  redeliverSummary,
} from "./content";
import { paidCallSpec } from "./paid-call";

/** One filing's English summary: 0.005 USDC per call, sold only when grounded. */
export const paidSummary = paidCallSpec({
  endpoint: "get-summary",
  query: summaryQuery,
  price: () => priceUnits("fixed"),
  preflight: (db, { rcptNo }) => findSellableFiling(db, rcptNo),
  deliver: (db, _query, filing) => deliverSummary(db, filing),
  purchase: ({ rcptNo }) => ({ paidEndpoint: "get-summary", rcptNo }),
  redeliver: (db, { rcptNo }) => redeliverSummary(db, rcptNo),
});

/** The same summary with its fact sheet: priced, checked and generated exactly as paidSummary. */
export const paidFacts = paidCallSpec({
  ...paidSummary,
  endpoint: "get-facts",
  deliver: (db, _query, filing) => deliverFacts(db, filing),
  // A filing bought once (its summary, its facts, or within a by-ticker set) is had again as either.
  redeliver: (db, { rcptNo }) => redeliverFacts(db, rcptNo),
});

/** A company's newest `limit` summarisable filings with summaries: 0.005 USDC × limit. */
export const paidByTicker = paidCallSpec({
  endpoint: "get-by-ticker",
  query: byTickerQuery,
  price: ({ limit }) => priceUnits("per_result", limit),
  preflight: (db, { ticker, limit }) => findSellableFilingsOf(db, ticker, limit),
  deliver: (db, { ticker, limit }, filings) => deliverLatestSummaries(db, ticker, limit, filings),
  // The set bought, as it was bought: newer filings since are not part of it.
  purchase: ({ ticker, limit }) => ({ paidEndpoint: "get-by-ticker", params: { ticker, limit } }),
  redeliver: (db, { ticker, limit }, delivered) => redeliverLatestSummaries(db, ticker, limit, delivered),
});

/**
 * A pack of alert credit for the paying wallet: 0.10 USDC for 100 webhook alerts. Credit is not
 * content: a sign-in never has it again, and the balance is the ledger's settled packs (db/queries/alerts.ts).
 */
export const paidAlertPack = paidCallSpec({
  endpoint: ALERT_PACK_ENDPOINT,
  query: alertPackQuery,
  price: () => usdcToUnits(ALERT_PACK.usdc),
  preflight: async () => undefined,
  deliver: (db, { alerts }, _found, payer) => deliverAlertPack(db, payer, Number(alerts)),
});
