/** Vercel Cron, daily: refresh the listed-company directory from corpCode.xml. */
import { perRequest } from "@/lib/http";
import { handleCompaniesCron } from "@/lib/ingest";

export const dynamic = "force-dynamic";
export const maxDuration = 60;

export const GET = perRequest(handleCompaniesCron);
