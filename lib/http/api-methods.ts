import "server-only";
import { jsonResponse, PREFLIGHT_HEADERS } from "@/lib/api/http";
import { perRequest } from "./per-request";

/**
 * The API is read-only. Route files re-export these next to their GET, so preflights and
 * other methods are answered in the route layer, with the per-request concerns of any answer:
 *
 *   export { OPTIONS, POST, PUT, PATCH, DELETE } from "@/lib/http/api-methods";
 */
export const OPTIONS = perRequest(
  () => new Response(null, { status: 204, headers: { ...PREFLIGHT_HEADERS, Allow: "GET, HEAD, OPTIONS" } }),
);

const methodNotAllowed = perRequest((request) =>
  jsonResponse({ error: "method_not_allowed", message: `${request.method} is not supported; use GET.` }, 405, {
    Allow: "GET",
    "Cache-Control": "no-store",
  }),
);

export { methodNotAllowed as POST, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE };
