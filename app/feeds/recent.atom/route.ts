import { apiRoute } from "@/lib/http/api-route";
import { atomFeedQuery } from "@/lib/interface/schemas";
import { atomResponse } from "@/lib/explorer";

export const dynamic = "force-dynamic";

/** The market feed as Atom, with the same filter parameters as `/`. */
export const GET = apiRoute({ query: atomFeedQuery, cache: "feed" }, async ({ query }) => atomResponse(query));
