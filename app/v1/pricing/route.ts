import { apiRoute } from "@/lib/api/route";
import { env, publicBaseUrl } from "@/lib/env";
import { pricingDocument, publishedPaymentTerms } from "@/lib/payments";

export const dynamic = "force-dynamic";

/** Prices, payment terms and headers, and the call sequence (free). */
export const GET = apiRoute({ cache: "document" }, async () =>
  pricingDocument(publicBaseUrl(), await publishedPaymentTerms(), env().X402_SAMPLE_SETTLEMENT_TX),
);
