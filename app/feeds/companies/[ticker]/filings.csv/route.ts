import { apiRoute } from "@/lib/http/api-route";
import { tickerPath } from "@/lib/interface/schemas";
import { companyExportResponse } from "@/lib/explorer";

export const dynamic = "force-dynamic";

/** One company's filings as its page lists them, as CSV (404 for an unknown ticker): free data only. */
export const GET = apiRoute({ params: tickerPath, cache: "feed" }, async ({ params }) =>
  companyExportResponse("csv", params.ticker),
);
