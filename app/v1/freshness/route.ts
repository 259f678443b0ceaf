import { freshness } from "@/lib/alerts/freshness";
import { apiRoute } from "@/lib/http/api-route";

export const dynamic = "force-dynamic";

/** Free: the last successful poll, p50/p95 ingest lag over the newest 200 filings, p50/p95 alert delivery. */
export const GET = apiRoute({ cache: "none" }, () => freshness());

export { OPTIONS, POST, PUT, PATCH, DELETE } from "@/lib/http/api-methods";
