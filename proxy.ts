import { randomBytes } from "node:crypto";
import { NextResponse, type NextRequest } from "next/server";
import { rateLimitedResponse } from "@/lib/api/http";
import { pageContentSecurityPolicy, rendersPerRequest } from "@/lib/page-security";
import { clientKey, processRateLimit } from "@/lib/rate-limit";

/**
 * Pages only (the matcher leaves out the API, Next's assets and the documents, whose wrapper
 * applies the limit itself): the explorer's pages spend the same per-client budget as the API,
 * and a page rendered per request gets its own script nonce (lib/page-security.ts).
 */
export async function proxy(request: NextRequest) {
  const limit = await processRateLimit().catch(() => null);
  // A failing store lets the request through.
  const verdict = limit && (await limit.take(clientKey(request.headers)));
  if (verdict?.limited) return rateLimitedResponse(verdict.headers);
  if (!rendersPerRequest(request.nextUrl)) return NextResponse.next();

  const policy = pageContentSecurityPolicy({ nonce: randomBytes(16).toString("base64"), production: process.env.NODE_ENV === "production" });
  // Next.js reads the nonce from the request's policy; the browser enforces the response's.
  const headers = new Headers(request.headers);
  headers.set("Content-Security-Policy", policy);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("Content-Security-Policy", policy);
  return response;
}

export const config = {
  matcher: ["/((?!v1/|v1$|api/|\\.well-known/|well-known/|openapi\\.json|llms\\.txt|_next/|favicon\\.ico|robots\\.txt|sitemap\\.xml|400$).*)"],
};
