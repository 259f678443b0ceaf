import { buildOpenApiDocument } from "@/lib/interface";
import { buildOncePer } from "@/lib/api/ready";
import { apiRoute } from "@/lib/http/api-route";
import { publicBaseUrl } from "@/lib/env";
import { publishedPaymentTerms } from "@/lib/payments";

export const dynamic = "force-dynamic";

const document = buildOncePer(buildOpenApiDocument);

/** The OpenAPI 3.1 description, with each paid operation's x-payment-info in the terms in force. */
export const GET = apiRoute({ cache: "document" }, async () =>
  document(publicBaseUrl(), await publishedPaymentTerms()),
);

export { OPTIONS, POST, PUT, PATCH, DELETE } from "@/lib/http/api-methods";
