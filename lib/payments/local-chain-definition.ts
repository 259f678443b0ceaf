import { defineChain } from "viem";

/**
 * The local chain's identity, safe for any bundle (browser included): the id it runs with
 * and the viem chain object for a node at a given RPC URL. Starting a chain lives in
 * ./local-chain.ts and its state file in ./local-chain-state.ts (both Node-only).
 */

/** Base's chain id, so the x402 network stays `eip155:8453` as in production. */
export const LOCAL_CHAIN_ID = 8453;
export const LOCAL_NETWORK = `eip155:${LOCAL_CHAIN_ID}` as const;

/** The viem chain object for a local node at `rpcUrl`. */
export function localChainDefinition(rpcUrl: string) {
  return defineChain({
    id: LOCAL_CHAIN_ID,
    name: "Local Base (Hardhat)",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
}
