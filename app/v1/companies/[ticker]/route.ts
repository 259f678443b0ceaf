import { apiRoute } from "@/lib/http/api-route";
import { tickerPath } from "@/lib/interface/schemas";
import { lookupCompany } from "@/lib/disclosures";
import { getDb } from "@/lib/database";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ params: tickerPath, cache: "directory" }, async ({ params }) =>
  lookupCompany(await getDb(), params.ticker),
);

export { OPTIONS, POST, PUT, PATCH, DELETE } from "@/lib/http/api-methods";
