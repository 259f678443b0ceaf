/** Vercel Cron, every minute: the payment ledger's pending rows resolved against the chain. */
import { perRequest } from "@/lib/http";
import { handleLedgerCron } from "@/lib/payments/ledger-cron";

export const dynamic = "force-dynamic";
export const maxDuration = 60;

export const GET = perRequest(handleLedgerCron);
