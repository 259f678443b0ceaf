/**
 * GET: the watchlist's latest delivery attempts, newest first (status code, error, duration);
 * POST: a signed `watchlist.test` delivery to its endpoint now, answered with what the receiver said.
 */
import { recentDeliveries, signInOf, testDelivery } from "@/lib/alerts/watchlists";
import { apiRoute } from "@/lib/http/api-route";
import { routeMethods } from "@/lib/http/api-methods";
import { watchlistPath } from "@/lib/interface/watchlists";

export const dynamic = "force-dynamic";
export const maxDuration = 30;

export const GET = apiRoute({ cache: "none", params: watchlistPath }, ({ request, params }) =>
  recentDeliveries(signInOf(request), params.id),
);

export const POST = apiRoute({ cache: "none", params: watchlistPath }, ({ request, params }) =>
  testDelivery(signInOf(request), params.id),
);

const methods = routeMethods(["GET", "POST"]);
export const OPTIONS = methods.OPTIONS;
export const PUT = methods.refused;
export const PATCH = methods.refused;
export const DELETE = methods.refused;
