/**
 * GET: the signed-in wallet's watchlists; POST: a new one (its whsec_ secret shown once). Among
 * the service's first non-GET operations: a watchlist is state the client creates and changes,
 * which a GET must never do (caches, prefetchers and crawlers repeat GETs freely).
 */
import { createWatchlist, listOwnWatchlists, signInOf } from "@/lib/alerts/watchlists";
import { jsonResponse } from "@/lib/api/http";
import { apiRoute } from "@/lib/http/api-route";
import { routeMethods } from "@/lib/http/api-methods";
import { watchlistCreate } from "@/lib/interface/watchlists";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ cache: "none" }, ({ request }) => listOwnWatchlists(signInOf(request)));

export const POST = apiRoute({ cache: "none", body: watchlistCreate }, async ({ request, body }) =>
  jsonResponse(await createWatchlist(signInOf(request), body), 201, { "Cache-Control": "no-store" }),
);

const methods = routeMethods(["GET", "POST"]);
export const OPTIONS = methods.OPTIONS;
export const PUT = methods.refused;
export const PATCH = methods.refused;
export const DELETE = methods.refused;
