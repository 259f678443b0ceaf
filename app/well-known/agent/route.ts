import { apiRoute } from "@/lib/api/route";
import { publicBaseUrl } from "@/lib/env";
import { agentManifest, publishedPaymentTerms } from "@/lib/payments";

export const dynamic = "force-dynamic";

/** /.well-known/agent.json (rewritten here by next.config.ts): the Agent Web Protocol manifest. */
export const GET = apiRoute({ cache: "document" }, async () => agentManifest(publicBaseUrl(), await publishedPaymentTerms()));
