import { summaryQuery } from "@/lib/api/schemas";
import { deliverSummary, findSellableFiling, paidRoute, priceUnits } from "@/lib/payments";

export const dynamic = "force-dynamic";

/** One filing's English summary: 0.005 USDC per call over x402, sold only when grounded. */
export const GET = paidRoute({
  endpoint: "get-summary",
  query: summaryQuery,
  price: () => priceUnits("get-summary"),
  preflight: (db, { rcptNo }) => findSellableFiling(db, rcptNo),
  deliver: (db, _query, filing) => deliverSummary(db, filing),
});
