/**
 * What a paid answer looks like, for /v1/pricing and the challenges' discovery metadata: the
 * constant sample summary (a real paid call's answer, also served free at
 * /v1/disclosures/sample), and a by-ticker answer built from it.
 */
import sample from "@/lib/summaries/sample.json";
import type { PaidEndpointId } from "./endpoints";
import { byTickerResponse, disclosureSummaryDto, type ByTickerResponse, type DisclosureSummaryDto } from "./schemas";

export const SAMPLE_SUMMARY: DisclosureSummaryDto = disclosureSummaryDto.parse(sample);

/** A by-ticker call with limit=1 for the sample's company. */
export const SAMPLE_BY_TICKER: ByTickerResponse = byTickerResponse.parse({
  ticker: SAMPLE_SUMMARY.tickerTags[0],
  count: 1,
  chargedFor: 1,
  delivered: 1,
  summaries: [SAMPLE_SUMMARY],
});

export function sampleResponse(endpoint: PaidEndpointId): DisclosureSummaryDto | ByTickerResponse {
  return endpoint === "get-summary" ? SAMPLE_SUMMARY : SAMPLE_BY_TICKER;
}
