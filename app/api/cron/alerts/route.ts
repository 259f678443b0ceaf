/** Vercel Cron, every minute: the alert outbox delivered (lib/alerts/worker.ts; in process when self-hosted). */
import { handleAlertsCron } from "@/lib/alerts/cron";
import { perRequest } from "@/lib/http";

export const dynamic = "force-dynamic";
export const maxDuration = 60;

export const GET = perRequest(handleAlertsCron);
