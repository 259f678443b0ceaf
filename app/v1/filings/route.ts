import { apiRoute } from "@/lib/http/api-route";
import { filingsQuery } from "@/lib/interface/schemas";
import { serviceClock } from "@/lib/clock";
import { listFilings } from "@/lib/disclosures";
import { getDb } from "@/lib/database";

export const dynamic = "force-dynamic";

export const GET = apiRoute(
  { query: filingsQuery, cache: "feed", repeatable: ["eventType", "market"] },
  async ({ query }) => listFilings(await getDb(), serviceClock(), query),
);

export { OPTIONS, POST, PUT, PATCH, DELETE } from "@/lib/http/api-methods";
