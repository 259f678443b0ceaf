import { apiRoute } from "@/lib/http/api-route";
import { feedViewQuery } from "@/lib/interface/schemas";
import { feedExportResponse } from "@/lib/explorer";

export const dynamic = "force-dynamic";

/** The feed view of `/` with the same parameters, as CSV: its rows' free data, never summaries. */
export const GET = apiRoute({ query: feedViewQuery, cache: "feed" }, async ({ query }) =>
  feedExportResponse("csv", query),
);
