import { apiRoute } from "@/lib/api/route";
import { publicBaseUrl } from "@/lib/env";
import { publishedPaymentTerms, x402DiscoveryDocument } from "@/lib/payments";

export const dynamic = "force-dynamic";

/** /.well-known/x402 and /.well-known/x402.json (rewritten here by next.config.ts). */
export const GET = apiRoute({ cache: "document" }, async () =>
  x402DiscoveryDocument(publicBaseUrl(), await publishedPaymentTerms()),
);
