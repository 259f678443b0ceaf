import { perRequest } from "@/lib/http";
import { localChainForBrowser } from "@/lib/payments/development-wallet";
import { localOnlyResponse } from "../local-only-response";

export const dynamic = "force-dynamic";

/** Local payment stack only (404 otherwise): the chain's RPC, for the explorer's balance reads. */
export const GET = perRequest(async () => localOnlyResponse(await localChainForBrowser()));
