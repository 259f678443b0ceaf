import { summaryQuery } from "@/lib/api/schemas";
import { deliverSummary, findFiling, paidRoute, priceUnits } from "@/lib/payments";

export const dynamic = "force-dynamic";

/** One filing's English summary: 0.005 USDC per call over x402. */
export const GET = paidRoute({
  endpoint: "get-summary",
  query: summaryQuery,
  price: () => priceUnits("get-summary"),
  preflight: (db, { rcptNo }) => findFiling(db, rcptNo),
  deliver: (db, _query, filing) => deliverSummary(db, filing),
});

export { OPTIONS, POST, PUT, PATCH, DELETE } from "@/lib/api/methods";
