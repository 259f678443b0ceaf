import { apiRoute } from "@/lib/http/api-route";
import { companySearchQuery } from "@/lib/interface/schemas";
import { searchDirectory } from "@/lib/disclosures";
import { getDb } from "@/lib/database";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ query: companySearchQuery, cache: "directory" }, async ({ query }) =>
  searchDirectory(await getDb(), query.q, query.limit),
);

export { OPTIONS, POST, PUT, PATCH, DELETE } from "@/lib/http/api-methods";
