/** Vercel Cron, every minute: the next chunk of the configured backfill (DART_BACKFILL_FROM..TO), resumed from its checkpoint. */
import { perRequest } from "@/lib/http";
import { handleBackfillCron } from "@/lib/ingest";

export const dynamic = "force-dynamic";
export const maxDuration = 60;

export const GET = perRequest(handleBackfillCron);
