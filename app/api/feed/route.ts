import { getDb } from "@/lib/database";
import { dataFreshness } from "@/lib/api/freshness";
import { apiRoute } from "@/lib/http/api-route";
import { feedViewQuery } from "@/lib/interface/schemas";
import { serviceClock } from "@/lib/clock";
import { feedView, toFeedFilters } from "@/lib/explorer";

export const dynamic = "force-dynamic";

/** The explorer feed's poll: the same view `/` renders, with how current the data is. */
export const GET = apiRoute({ query: feedViewQuery, cache: "feed" }, async ({ query }) => {
  const [view, freshness] = await Promise.all([
    feedView(await getDb(), serviceClock(), toFeedFilters(query)),
    dataFreshness(),
  ]);
  return { ...view, freshness };
});
