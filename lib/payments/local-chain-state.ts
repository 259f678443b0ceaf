import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import type { Address, Hex } from "viem";
import { z } from "zod";

/**
 * The local chain's state file: lets a long-running `npm run chain` (or `npm start`) share its
 * addresses and test keys with the server, `npm run pay` and the payment scripts. It holds
 * private keys (test keys only) and lives in DATA_DIR, which is git-ignored. Kept apart from
 * ./local-chain.ts, which starts chains, so the server's bundles need none of that.
 */

import { LOCAL_CHAIN_ID, LOCAL_NETWORK } from "./local-chain-definition";

export { LOCAL_CHAIN_ID, LOCAL_NETWORK };

/** Everything a client, server or facilitator needs to use the local chain. JSON-safe. */
export interface LocalChainState {
  rpcUrl: string;
  chainId: typeof LOCAL_CHAIN_ID;
  network: typeof LOCAL_NETWORK;
  /** TestUSDC contract address. */
  asset: Address;
  payTo: Address;
  facilitatorPrivateKey: Hex;
  payerPrivateKeys: Hex[];
}

const hex = z.string().regex(/^0x[0-9a-fA-F]*$/);
const localChainStateSchema = z.object({
  rpcUrl: z.url(),
  chainId: z.literal(LOCAL_CHAIN_ID),
  network: z.literal(LOCAL_NETWORK),
  asset: hex.length(42).transform((v) => v as Address),
  payTo: hex.length(42).transform((v) => v as Address),
  facilitatorPrivateKey: hex.length(66).transform((v) => v as Hex),
  payerPrivateKeys: z.array(hex.length(66).transform((v) => v as Hex)).min(1),
});

export function localChainStateFile(dataDir: string): string {
  return `${dataDir.replace(/\/+$/, "")}/local-chain.json`;
}

export async function writeLocalChainState(file: string, state: LocalChainState): Promise<void> {
  const { rpcUrl, chainId, network, asset, payTo, facilitatorPrivateKey, payerPrivateKeys } = state;
  await mkdir(dirname(file), { recursive: true });
  const json = JSON.stringify(
    { rpcUrl, chainId, network, asset, payTo, facilitatorPrivateKey, payerPrivateKeys },
    null,
    2,
  );
  await writeFile(file, `${json}\n`, { mode: 0o600 });
}

/** Reads the state file, or returns undefined when no local chain has been started. */
export async function readLocalChainState(file: string): Promise<LocalChainState | undefined> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  const parsed = localChainStateSchema.safeParse(JSON.parse(text));
  if (!parsed.success) {
    throw new Error(`${file} is not a local chain state file: ${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}
