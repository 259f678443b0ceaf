import { apiRoute } from "@/lib/http/api-route";
import { buildOncePer } from "@/lib/api/ready";
import { publicBaseUrl } from "@/lib/env";
import { x402DiscoveryDocument } from "@/lib/interface";
import { publishedPaymentTerms } from "@/lib/payments";

export const dynamic = "force-dynamic";

const document = buildOncePer(x402DiscoveryDocument);

/** /.well-known/x402 and /.well-known/x402.json (rewritten here by next.config.ts). */
export const GET = apiRoute({ cache: "document" }, async () =>
  document(publicBaseUrl(), await publishedPaymentTerms()),
);

export { OPTIONS, POST, PUT, PATCH, DELETE } from "@/lib/http/api-methods";
