/**
 * What a paid answer looks like, for /v1/pricing, the discovery documents and the challenges'
 * discovery metadata: the constant sample summary (a real paid call's answer, also served free
 * at /v1/disclosures/sample), the same call's facts answer, and a by-ticker answer built from it.
 * `npm run sample:build` writes both from one run of the service's own pipeline.
 */
import sample from "./sample.json";
import sampleFacts from "./sample-facts.json";
import type { PaidEndpointId } from "./endpoints";
import { ALERT_PACK } from "./pricing";
import {
  byTickerResponse,
  disclosureFactsResponse,
  disclosureSummaryDto,
  type ByTickerResponse,
  type DisclosureFactsResponse,
  type DisclosureSummaryDto,
} from "./schemas";
import { alertPackResponse, type AlertPackResponse } from "./watchlists";

export const SAMPLE_SUMMARY: DisclosureSummaryDto = disclosureSummaryDto.parse(sample);

/** The sample filing's summary with its fact sheet, as GET /v1/disclosures/facts answers. */
export const SAMPLE_FACTS: DisclosureFactsResponse = disclosureFactsResponse.parse(sampleFacts);

/** A by-ticker call with limit=1 for the sample's company. */
export const SAMPLE_BY_TICKER: ByTickerResponse = byTickerResponse.parse({
  ticker: SAMPLE_SUMMARY.tickerTags[0],
  count: 1,
  chargedFor: 1,
  delivered: 1,
  summaries: [SAMPLE_SUMMARY],
});

/** A wallet's first pack (the development wallet's address: an example, not a customer). */
export const SAMPLE_ALERT_PACK: AlertPackResponse = alertPackResponse.parse({
  wallet: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
  added: ALERT_PACK.alerts,
  bought: ALERT_PACK.alerts,
  spent: 0,
  balance: ALERT_PACK.alerts,
});

/** Facts a compact sample keeps: enough to show the shape in a challenge header. */
const COMPACT_FACTS = 1;

/**
 * A paid endpoint's sample answer; `compact` keeps only the first facts of a fact sheet, for
 * the discovery metadata every challenge carries in a header.
 */
export function sampleResponse(endpoint: PaidEndpointId, { compact = false } = {}): object {
  if (endpoint === "get-summary") return SAMPLE_SUMMARY;
  if (endpoint === "get-by-ticker") return SAMPLE_BY_TICKER;
  if (endpoint === "buy-alert-credit") return SAMPLE_ALERT_PACK;
  return compact ? { ...SAMPLE_FACTS, facts: SAMPLE_FACTS.facts.slice(0, COMPACT_FACTS), cells: [] } : SAMPLE_FACTS;
}
