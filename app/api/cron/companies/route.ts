/** Vercel Cron, daily: refresh the listed-company directory from corpCode.xml. */
import { handleCompaniesCron } from "@/lib/ingest";

export const dynamic = "force-dynamic";
export const maxDuration = 60;

export function GET(request: Request): Promise<Response> {
  return handleCompaniesCron(request);
}
