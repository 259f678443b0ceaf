import { NextResponse, type NextRequest } from "next/server";
import { rateLimitedResponse } from "@/lib/api/http";
import { clientKey, processRateLimit } from "@/lib/rate-limit";

/**
 * The explorer's pages spend the same per-client budget as the API. API routes apply the
 * limit (and answer preflights and other methods) in their own wrapper, so this proxy pass
 * runs only for pages: the matcher leaves out the API, Next's assets and the documents.
 */
export async function proxy(request: NextRequest) {
  const limit = await processRateLimit().catch(() => null);
  if (!limit) return NextResponse.next();
  const verdict = await limit.take(clientKey(request.headers)); // a failing store lets the request through
  return verdict.limited ? rateLimitedResponse(verdict.headers) : NextResponse.next();
}

export const config = {
  matcher: ["/((?!v1/|v1$|api/|\\.well-known/|well-known/|openapi\\.json|llms\\.txt|_next/|favicon\\.ico|robots\\.txt|sitemap\\.xml|400$).*)"],
};
