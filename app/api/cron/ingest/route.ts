/** Vercel Cron, every minute: two OpenDART poll cycles about 30 s apart. */
import { handleIngestCron } from "@/lib/ingest";

export const dynamic = "force-dynamic";
export const maxDuration = 60;

export function GET(request: Request): Promise<Response> {
  return handleIngestCron(request);
}
