import { NextResponse } from "next/server";

/**
 * The answer of a route that exists only with the local payment stack: its body, or the same
 * 404 as an unknown path. Same-origin only (no CORS headers) and never cached.
 */
export function localOnlyResponse(body: object | undefined): NextResponse {
  const headers = { "Cache-Control": "no-store" };
  return body
    ? NextResponse.json(body, { headers })
    : NextResponse.json(
        { error: "not_found", message: "Only available with the local payment stack." },
        { status: 404, headers },
      );
}
