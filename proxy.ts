import { NextResponse, type NextRequest } from "next/server";
import { CORS_HEADERS, JSON_CONTENT_TYPE } from "@/lib/api/http";

/**
 * The API is read-only: answer CORS preflights here, and refuse every method other than
 * GET/HEAD with a JSON 405 before any route runs.
 */
export function proxy(request: NextRequest) {
  if (request.method === "OPTIONS") {
    return new NextResponse(null, { status: 204, headers: CORS_HEADERS });
  }
  if (request.method !== "GET" && request.method !== "HEAD") {
    return new NextResponse(
      JSON.stringify({ error: "method_not_allowed", message: `${request.method} is not supported; use GET.` }),
      { status: 405, headers: { ...CORS_HEADERS, Allow: "GET", "Content-Type": JSON_CONTENT_TYPE } },
    );
  }
  return NextResponse.next();
}

export const config = {
  matcher: ["/v1/:path*", "/.well-known/:path*", "/openapi.json", "/llms.txt"],
};
