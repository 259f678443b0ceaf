import { llmsTxt } from "@/lib/api/llms";
import { CORS_HEADERS } from "@/lib/api/http";
import { publicBaseUrl, env } from "@/lib/env";

export const dynamic = "force-dynamic";

export async function GET() {
  return new Response(llmsTxt(publicBaseUrl(), env().X402_NETWORK), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=300", ...CORS_HEADERS },
  });
}
