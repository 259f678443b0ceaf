import { apiRoute } from "@/lib/http/api-route";
import { recentQuery } from "@/lib/interface/schemas";
import { serviceClock } from "@/lib/clock";
import { listRecentFilings } from "@/lib/disclosures";
import { getDb } from "@/lib/database";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ query: recentQuery, cache: "feed" }, async ({ query }) =>
  listRecentFilings(await getDb(), serviceClock(), query),
);

export { OPTIONS, POST, PUT, PATCH, DELETE } from "@/lib/http/api-methods";
