import { byTickerQuery } from "@/lib/api/schemas";
import { deliverLatestSummaries, findSellableFilingsOf, paidRoute, priceUnits } from "@/lib/payments";

export const dynamic = "force-dynamic";

/** A company's newest `limit` summarisable filings with summaries: 0.005 USDC × limit over x402. */
export const GET = paidRoute({
  endpoint: "get-by-ticker",
  query: byTickerQuery,
  price: ({ limit }) => priceUnits("get-by-ticker", limit),
  preflight: (db, { ticker, limit }) => findSellableFilingsOf(db, ticker, limit),
  deliver: (db, { ticker, limit }, filings) => deliverLatestSummaries(db, ticker, limit, filings),
});
