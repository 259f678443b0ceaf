import { getDb } from "@/lib/database";
import { apiRoute } from "@/lib/http/api-route";
import { atomFeedQuery, tickerPath } from "@/lib/interface/schemas";
import { lookupCompany } from "@/lib/disclosures";
import { atomResponse } from "@/lib/explorer";

export const dynamic = "force-dynamic";

/** One company's filings as Atom (404 for an unknown ticker), with the feed's filter parameters. */
export const GET = apiRoute({ query: atomFeedQuery, params: tickerPath, cache: "feed" }, async ({ query, params }) =>
  atomResponse(query, await lookupCompany(await getDb(), params.ticker)),
);
