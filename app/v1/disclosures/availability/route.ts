import { getDb } from "@/lib/database";
import { ApiError } from "@/lib/api/errors";
import { apiRoute } from "@/lib/http/api-route";
import { availabilityQuery, type SummaryAvailabilityResponse } from "@/lib/interface/schemas";
import { summaryAvailability } from "@/lib/summaries";

export const dynamic = "force-dynamic";

/** Free: whether a filing's summary can be bought (grounded in its body or DART's structured record), from the database alone. */
export const GET = apiRoute(
  { query: availabilityQuery, cache: "none" },
  async ({ query }): Promise<SummaryAvailabilityResponse> => {
    const [availability] = await summaryAvailability(await getDb(), [query.rcptNo]);
    if (!availability)
      throw ApiError.notFound(`No filing with receipt number ${query.rcptNo} has been ingested (yet).`);
    return availability;
  },
);

export { OPTIONS, POST, PUT, PATCH, DELETE } from "@/lib/http/api-methods";
