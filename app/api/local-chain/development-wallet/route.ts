import { perRequest } from "@/lib/http";
import { localChainInForce } from "@/lib/payments/config";
import { localOnlyResponse } from "../../local-only-response";

export const dynamic = "force-dynamic";

/**
 * Local payment stack only (404 otherwise): the funded test key the local chain offers as the
 * explorer's development wallet (dev/chain chooses it). Delivered at run time so no build ever
 * contains a key.
 */
export const GET = perRequest(async () => localOnlyResponse((await localChainInForce())?.developmentWallet));
