import { byTickerQuery } from "@/lib/api/schemas";
import { deliverLatestSummaries, findCompany, paidRoute, priceUnits } from "@/lib/payments";

export const dynamic = "force-dynamic";

/** A company's newest `limit` filings with summaries: 0.005 USDC × limit over x402. */
export const GET = paidRoute({
  endpoint: "get-by-ticker",
  query: byTickerQuery,
  price: ({ limit }) => priceUnits("get-by-ticker", limit),
  preflight: (db, { ticker }) => findCompany(db, ticker),
  deliver: (db, { ticker, limit }) => deliverLatestSummaries(db, ticker, limit),
});

export { OPTIONS, POST, PUT, PATCH, DELETE } from "@/lib/api/methods";
