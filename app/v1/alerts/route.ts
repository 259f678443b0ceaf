import { alertsPage, signInOf } from "@/lib/alerts/watchlists";
import { apiRoute } from "@/lib/http/api-route";
import { alertsQuery } from "@/lib/interface/watchlists";

export const dynamic = "force-dynamic";

/** Signed in: every match of a watchlist in order, after `cursor` (the durable record a client catches up from). */
export const GET = apiRoute({ cache: "none", query: alertsQuery }, ({ request, query }) =>
  alertsPage(signInOf(request), query),
);

export { OPTIONS, POST, PUT, PATCH, DELETE } from "@/lib/http/api-methods";
