/** One watchlist of the signed-in wallet: read (GET), change (PATCH), delete (DELETE); another wallet's is a 404. */
import { changeWatchlist, readWatchlist, removeWatchlist, signInOf } from "@/lib/alerts/watchlists";
import { apiRoute } from "@/lib/http/api-route";
import { routeMethods } from "@/lib/http/api-methods";
import { watchlistChange, watchlistPath } from "@/lib/interface/watchlists";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ cache: "none", params: watchlistPath }, ({ request, params }) =>
  readWatchlist(signInOf(request), params.id),
);

export const PATCH = apiRoute(
  { cache: "none", params: watchlistPath, body: watchlistChange },
  ({ request, params, body }) => changeWatchlist(signInOf(request), params.id, body),
);

export const DELETE = apiRoute({ cache: "none", params: watchlistPath }, async ({ request, params }) => {
  await removeWatchlist(signInOf(request), params.id);
  return new Response(null, { status: 204 });
});

const methods = routeMethods(["GET", "PATCH", "DELETE"]);
export const OPTIONS = methods.OPTIONS;
export const POST = methods.refused;
export const PUT = methods.refused;
