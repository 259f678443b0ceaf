/**
 * POST: a pack of alert credit for the paying wallet, over x402 (lib/payments' paidAlertPack).
 * A POST, not a GET: a purchase changes state, which caches, prefetchers and crawlers must never
 * repeat; the balance is read with GET /v1/watchlists.
 */
import { routeMethods } from "@/lib/http/api-methods";
import { paidAlertPack, paidRoute } from "@/lib/payments";

export const dynamic = "force-dynamic";

export const POST = paidRoute(paidAlertPack);

const methods = routeMethods(["POST"]);
export const OPTIONS = methods.OPTIONS;
export const GET = methods.refused;
export const PUT = methods.refused;
export const PATCH = methods.refused;
export const DELETE = methods.refused;
