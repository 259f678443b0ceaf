import { apiRoute } from "@/lib/http/api-route";
import { filingsQuery } from "@/lib/interface/schemas";
import { REPEATABLE_SEARCH_PARAMS, searchAtomResponse } from "@/lib/explorer";

export const dynamic = "force-dynamic";

/** Any search as Atom, with the parameters of /v1/filings and the explorer's /filings page. */
export const GET = apiRoute(
  { query: filingsQuery, cache: "feed", repeatable: REPEATABLE_SEARCH_PARAMS },
  async ({ query, request }) => searchAtomResponse(query, withoutCursor(new URL(request.url).searchParams)),
);

function withoutCursor(params: URLSearchParams): URLSearchParams {
  const p = new URLSearchParams(params);
  p.delete("cursor");
  return p;
}
