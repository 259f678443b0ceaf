import "server-only";
import { API_SECURITY_HEADERS, jsonResponse, PREFLIGHT_HEADERS } from "./http";

/**
 * The API is read-only. Route files re-export these next to their GET, so preflights and
 * other methods are answered in the route layer, without a proxy pass on every request:
 *
 *   export { OPTIONS, POST, PUT, PATCH, DELETE } from "@/lib/api/methods";
 */
export function OPTIONS(): Response {
  return new Response(null, { status: 204, headers: { ...PREFLIGHT_HEADERS, ...API_SECURITY_HEADERS, Allow: "GET, HEAD, OPTIONS" } });
}

export function methodNotAllowed(request: Request): Response {
  return jsonResponse(
    { error: "method_not_allowed", message: `${request.method} is not supported; use GET.` },
    405,
    { Allow: "GET", "Cache-Control": "no-store" },
  );
}

export { methodNotAllowed as POST, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE };
