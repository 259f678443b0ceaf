import type { NextRequest } from "next/server";
import { perPage } from "@/lib/http";

/**
 * Every answer that is not a route handler's — pages, Next.js's own 404s, static assets — gets
 * the per-request concerns here (lib/http/per-request.ts). Route handlers apply them themselves,
 * so the matcher leaves out exactly their paths: the API and its documents, /api/*, /mcp and the
 * Atom feeds (tests/api/per-request.test.ts holds it to the app's route files).
 */
export function proxy(request: NextRequest): Promise<Response> {
  return perPage(request);
}

export const config = {
  matcher: [
    "/((?!v1/|v1$|api/|mcp$|openapi\\.json$|llms\\.txt$|\\.well-known/|well-known/|feeds/|companies/[^/]+/feed\\.atom$).*)",
  ],
};
