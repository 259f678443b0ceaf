/**
 * /api/cron/payments (Vercel Cron, every minute): the ledger tending a long-running server does
 * in-process (./ledger-resolution.ts), for serverless hosts. Only a caller presenting
 * `Authorization: Bearer $CRON_SECRET` gets in, as for the ingest crons.
 */
import { ApiError } from "@/lib/api/errors";
import { CACHE_POLICIES, jsonResponse } from "@/lib/api/http";
import { getDb } from "@/lib/database";
import { env } from "@/lib/env";
import { isAuthorizedCronRequest } from "@/lib/ingest";
import { loadPaymentConfig } from "./config";
import { tendLedger } from "./ledger-resolution";

const noStore = { "Cache-Control": CACHE_POLICIES.none };

export async function handleLedgerCron(request: Request): Promise<Response> {
  if (!isAuthorizedCronRequest(request, env().CRON_SECRET)) {
    const error = new ApiError(
      "unauthorized",
      "This endpoint is for the scheduler: send Authorization: Bearer <CRON_SECRET>.",
    );
    return jsonResponse(error.toBody(), error.status, noStore);
  }
  try {
    return jsonResponse(
      { status: "completed", ...(await tendLedger(await getDb(), () => loadPaymentConfig())) },
      200,
      noStore,
    );
  } catch (error) {
    console.error(`[payments] ledger resolution failed: ${error instanceof Error ? error.message : String(error)}`);
    return jsonResponse(
      { status: "failed", message: "The ledger could not be resolved; see the server log." },
      502,
      noStore,
    );
  }
}
