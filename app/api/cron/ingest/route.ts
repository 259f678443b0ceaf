/** Vercel Cron, every minute: two OpenDART poll cycles about 30 s apart. */
import { perRequest } from "@/lib/http";
import { handleIngestCron } from "@/lib/ingest";

export const dynamic = "force-dynamic";
export const maxDuration = 60;

export const GET = perRequest(handleIngestCron);
