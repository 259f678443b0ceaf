import { apiRoute } from "@/lib/http/api-route";
import { ApiError } from "@/lib/api/errors";

/** Any /v1 path that is not an endpoint: a JSON 404 rather than an HTML page. */
export const GET = apiRoute({ cache: "none" }, async ({ request }) => {
  throw ApiError.notFound(`No endpoint at ${new URL(request.url).pathname}. See /openapi.json.`);
});

export { OPTIONS, POST, PUT, PATCH, DELETE } from "@/lib/http/api-methods";
