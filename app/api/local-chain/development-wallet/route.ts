import { perRequest } from "@/lib/http";
import { developmentWallet } from "@/lib/payments/development-wallet";
import { localOnlyResponse } from "../../local-only-response";

export const dynamic = "force-dynamic";

/**
 * Local payment stack only (404 otherwise): a funded test key of the local chain for the
 * explorer's development wallet. Delivered at run time so no build ever contains a key.
 */
export const GET = perRequest(async () => localOnlyResponse(await developmentWallet()));
