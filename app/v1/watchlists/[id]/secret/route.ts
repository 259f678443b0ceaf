/** POST: a new signing secret for the watchlist, shown once; the previous one keeps signing beside it for 24 h. */
import { rotateSecret } from "@/lib/alerts/watchlists";
import { apiRoute } from "@/lib/http/api-route";
import { routeMethods } from "@/lib/http/api-methods";
import { watchlistPath } from "@/lib/interface/watchlists";

export const dynamic = "force-dynamic";

export const POST = apiRoute({ cache: "none", params: watchlistPath }, ({ request, params }) =>
  rotateSecret(request, params.id),
);

const methods = routeMethods(["POST"]);
export const OPTIONS = methods.OPTIONS;
export const GET = methods.refused;
export const PUT = methods.refused;
export const PATCH = methods.refused;
export const DELETE = methods.refused;
