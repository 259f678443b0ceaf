import { llmsTxt } from "@/lib/interface";
import { buildOncePer, readyText } from "@/lib/api/ready";
import { apiRoute } from "@/lib/http/api-route";
import { publicBaseUrl, env } from "@/lib/env";

export const dynamic = "force-dynamic";

const document = buildOncePer((baseUrl: string, network: string) => readyText(llmsTxt(baseUrl, network)));

/** The plain-text guide for agents. */
export const GET = apiRoute({ cache: "document" }, async () => document(publicBaseUrl(), env().X402_NETWORK));

export { OPTIONS, POST, PUT, PATCH, DELETE } from "@/lib/http/api-methods";
