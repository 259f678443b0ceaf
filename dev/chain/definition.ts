import { localChain } from "@/lib/wallet/terms";

/** Base's chain id, so the x402 network stays `eip155:8453` as in production. */
export const LOCAL_CHAIN_ID = 8453;
export const LOCAL_NETWORK = `eip155:${LOCAL_CHAIN_ID}` as const;

/** The viem chain object for a local node at `rpcUrl`, as the explorer defines it. */
export function localChainDefinition(rpcUrl: string) {
  return localChain(rpcUrl, LOCAL_CHAIN_ID);
}
