/**
 * /api/cron/alerts (Vercel Cron, every minute): delivery rounds over the outbox for most of the
 * function's minute, the same worker code the self-hosted server runs in process. Only a caller
 * presenting `Authorization: Bearer $CRON_SECRET` gets in.
 */
import { ApiError } from "@/lib/api/errors";
import { CACHE_POLICIES, jsonResponse } from "@/lib/api/http";
import { getDb } from "@/lib/database";
import { env } from "@/lib/env";
import { isAuthorizedCronRequest } from "@/lib/ingest";
import { drainDeliveries } from "./worker";
import { alertGuard } from "./watchlists";

/** Rounds stop starting after this, so the last attempt (10 s deadline) ends inside maxDuration 60 s. */
const CRON_BUDGET_MS = 45_000;

export async function handleAlertsCron(request: Request): Promise<Response> {
  if (!isAuthorizedCronRequest(request, env().CRON_SECRET)) {
    const error = new ApiError(
      "unauthorized",
      "This endpoint is for the scheduler (Authorization: Bearer CRON_SECRET).",
    );
    return jsonResponse(error.toBody(), error.status, { "Cache-Control": CACHE_POLICIES.none });
  }
  const totals = await drainDeliveries(await getDb(), { guard: alertGuard() }, CRON_BUDGET_MS);
  return jsonResponse({ job: "alerts", ...totals }, 200, { "Cache-Control": CACHE_POLICIES.none });
}
