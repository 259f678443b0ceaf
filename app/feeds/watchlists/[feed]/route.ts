import { apiRoute } from "@/lib/http/api-route";
import { watchlistFeedPath, watchlistFeedQuery } from "@/lib/interface/watchlists";
import { watchlistAtomResponse } from "@/lib/explorer";

export const dynamic = "force-dynamic";

/**
 * A watchlist's matches as Atom, at the private URL its owner is given (`atomUrl`): the token in
 * the query is the capability, so the answer is never stored by a shared cache (no-store).
 */
export const GET = apiRoute(
  { params: watchlistFeedPath, query: watchlistFeedQuery, cache: "none" },
  async ({ params, query }) => watchlistAtomResponse(params.id, query.token),
);
