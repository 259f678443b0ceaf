import { apiRoute } from "@/lib/http/api-route";
import { SIGN_IN_WITH_X } from "@/lib/interface/headers";
import { purchasesQuery, type PurchasesResponse } from "@/lib/interface/schemas";
import { purchasesOf } from "@/lib/payments";

export const dynamic = "force-dynamic";

/** Free: what the wallet that signs in (SIGN-IN-WITH-X) bought, newest first; with include=content, the content too. */
export const GET = apiRoute(
  { query: purchasesQuery, cache: "none" },
  ({ query, request }): Promise<PurchasesResponse> => purchasesOf(request.headers.get(SIGN_IN_WITH_X.proof), query),
);

export { OPTIONS, POST, PUT, PATCH, DELETE } from "@/lib/http/api-methods";
