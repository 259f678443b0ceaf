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

/**
 * The methods of a route that takes more than GET (the watchlist operations, issue 36): its
 * preflight allows them, and any other method is a 405 naming them in Allow.
 */
export function routeMethods(methods: readonly ("GET" | "POST" | "PATCH" | "DELETE")[]) {
  const allow = methods.join(", ");
  const OPTIONS = perRequest(
    () =>
      new Response(null, {
        status: 204,
        headers: {
          ...PREFLIGHT_HEADERS,
          "Access-Control-Allow-Methods": `${allow}, OPTIONS`,
          Allow: `${allow}, OPTIONS`,
        },
      }),
  );
  const refused = perRequest((request) =>
    jsonResponse({ error: "method_not_allowed", message: `${request.method} is not supported; use ${allow}.` }, 405, {
      Allow: allow,
      "Cache-Control": "no-store",
    }),
  );
  return { OPTIONS, refused };
}
