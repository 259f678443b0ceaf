import { perRequest } from "@/lib/http";
import { localChainInForce } from "@/lib/payments/config";
import { localOnlyResponse } from "../local-only-response";

export const dynamic = "force-dynamic";

/** Local payment stack only (404 otherwise): the chain's RPC, for the explorer's balance reads. */
export const GET = perRequest(async () => {
  const chain = await localChainInForce();
  return localOnlyResponse(chain && { rpcUrl: chain.rpcUrl, chainId: chain.chainId });
});
