import { paidRoute, paidSummary } from "@/lib/payments";

export const dynamic = "force-dynamic";

/** One filing's English summary: 0.005 USDC per call over x402, sold only when grounded. */
export const GET = paidRoute(paidSummary);

export { OPTIONS, POST, PUT, PATCH, DELETE } from "@/lib/http/api-methods";
