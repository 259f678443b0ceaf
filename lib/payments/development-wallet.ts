import "server-only";
import type { Address, Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { env, type Env } from "@/lib/env";
import { resolvePaymentConfig } from "./config";
import { localChainStateFile, readLocalChainState, type LocalChainState } from "./local-chain-state";

/**
 * The explorer's "development wallet": with the local payment stack (no FACILITATOR_URL), one
 * of the local chain's funded test keys is handed to the browser at run time so a person can
 * try a payment with nothing installed. It never exists in a production configuration: every
 * answer here is undefined (the routes answer 404) unless the payment configuration in force
 * settles on the local chain, and no key is ever part of a build (the client asks for it).
 */

/** What the browser needs to read the local chain (balances) and to offer the development wallet. */
export interface LocalChainForBrowser {
  rpcUrl: string;
  chainId: number;
}

export interface DevelopmentWallet {
  address: Address;
  privateKey: Hex;
}

/** The local chain's state, only when payments in force settle on it. */
async function activeLocalChain(e: Env): Promise<LocalChainState | undefined> {
  if (e.FACILITATOR_URL) return undefined;
  const state = await readLocalChainState(localChainStateFile(e.DATA_DIR)).catch(() => undefined);
  if (!state) return undefined;
  try {
    return resolvePaymentConfig(e, state).facilitator.local ? state : undefined;
  } catch {
    return undefined;
  }
}

export async function localChainForBrowser(e: Env = env()): Promise<LocalChainForBrowser | undefined> {
  const state = await activeLocalChain(e);
  return state && { rpcUrl: state.rpcUrl, chainId: state.chainId };
}

/**
 * The last funded payer of the local chain (tests and scripts use the first ones, so a person
 * trying the explorer does not spend from the same wallet).
 */
export async function developmentWallet(e: Env = env()): Promise<DevelopmentWallet | undefined> {
  const privateKey = (await activeLocalChain(e))?.payerPrivateKeys.at(-1);
  return privateKey && { address: privateKeyToAccount(privateKey).address, privateKey };
}
