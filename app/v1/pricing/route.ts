import { apiRoute } from "@/lib/http/api-route";
import { buildOncePer } from "@/lib/api/ready";
import { env, publicBaseUrl } from "@/lib/env";
import { pricingDocument } from "@/lib/interface";
import { publishedPaymentTerms } from "@/lib/payments";

export const dynamic = "force-dynamic";

const document = buildOncePer(pricingDocument);

/** Prices, payment terms and headers, and the call sequence (free); rebuilt only when the terms change. */
export const GET = apiRoute({ cache: "document" }, async () =>
  document(publicBaseUrl(), await publishedPaymentTerms(), env().X402_SAMPLE_SETTLEMENT_TX),
);

export { OPTIONS, POST, PUT, PATCH, DELETE } from "@/lib/http/api-methods";
