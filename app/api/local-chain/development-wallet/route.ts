import { isLocalRequest, perRequest } from "@/lib/http";
import { localChainInForce } from "@/lib/payments/config";
import { localOnlyResponse } from "../../local-only-response";

export const dynamic = "force-dynamic";

/**
 * Local payment stack only (404 otherwise): the funded test key the local chain offers as the
 * explorer's development wallet (dev/chain chooses it). Delivered at run time so no build ever
 * contains a key, and only to this machine's own browser (`isLocalRequest`): a funded key is
 * worth taking, and the chain may be reachable from elsewhere.
 */
export const GET = perRequest(async (request) =>
  localOnlyResponse(isLocalRequest(request.headers) ? (await localChainInForce())?.developmentWallet : undefined),
);
