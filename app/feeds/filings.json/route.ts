import { apiRoute } from "@/lib/http/api-route";
import { filingsQuery } from "@/lib/interface/schemas";
import { REPEATABLE_SEARCH_PARAMS, searchExportResponse } from "@/lib/explorer";

export const dynamic = "force-dynamic";

/** A search of `/filings` (the parameters of GET /v1/filings; the page shown) as JSON: free data only. */
export const GET = apiRoute(
  { query: filingsQuery, cache: "feed", repeatable: REPEATABLE_SEARCH_PARAMS },
  async ({ query, request }) => searchExportResponse("json", query, new URL(request.url).searchParams),
);
