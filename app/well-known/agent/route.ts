import { apiRoute } from "@/lib/http/api-route";
import { buildOncePer } from "@/lib/api/ready";
import { publicBaseUrl } from "@/lib/env";
import { agentManifest } from "@/lib/interface";
import { publishedPaymentTerms } from "@/lib/payments";

export const dynamic = "force-dynamic";

const document = buildOncePer(agentManifest);

/** /.well-known/agent.json (rewritten here by next.config.ts): the Agent Web Protocol manifest. */
export const GET = apiRoute({ cache: "document" }, async () =>
  document(publicBaseUrl(), await publishedPaymentTerms()),
);

export { OPTIONS, POST, PUT, PATCH, DELETE } from "@/lib/http/api-methods";
