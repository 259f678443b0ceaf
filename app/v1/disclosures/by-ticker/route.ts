import { paidByTicker, paidRoute } from "@/lib/payments";

export const dynamic = "force-dynamic";

/** A company's newest `limit` filings with summaries: 0.005 USDC × limit over x402. */
export const GET = paidRoute(paidByTicker);

export { OPTIONS, POST, PUT, PATCH, DELETE } from "@/lib/http/api-methods";
