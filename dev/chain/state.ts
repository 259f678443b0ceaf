import { mkdir, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import type { Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { z } from "zod";
import {
  localChainSettingsSchema,
  readLocalChainSettings,
  type LocalChainSettings,
} from "@/lib/payments/local-chain-settings";

/**
 * The local chain's state file (DATA_DIR/local-chain.json): lets a long-running `npm run chain`
 * (or `npm start`) share its addresses and test keys with the server, `npm run pay` and the
 * payment scripts. The server reads its settings (lib/payments/local-chain-settings.ts); the
 * funded test payers' keys are for scripts and tests.
 */

/** Everything a client, server or facilitator needs to use the local chain. JSON-safe. */
export interface LocalChainState extends LocalChainSettings {
  payerPrivateKeys: Hex[];
}

const localChainStateSchema = localChainSettingsSchema.extend({
  payerPrivateKeys: z
    .array(
      z
        .string()
        .regex(/^0x[0-9a-fA-F]{64}$/)
        .transform((v) => v as Hex),
    )
    .min(1),
});

export { localChainStateFile } from "@/lib/payments/local-chain-settings";

/**
 * Writes the state file. Its development wallet is the last funded payer: scripts and tests
 * pay from the first ones, so a person trying the explorer does not spend from the same wallet.
 */
export async function writeLocalChainState(file: string, state: LocalChainState): Promise<void> {
  const { rpcUrl, chainId, network, asset, payTo, facilitatorPrivateKey, payerPrivateKeys } = state;
  const developmentKey = payerPrivateKeys.at(-1)!;
  const developmentWallet = { address: privateKeyToAccount(developmentKey).address, privateKey: developmentKey };
  await mkdir(dirname(file), { recursive: true });
  const json = JSON.stringify(
    { rpcUrl, chainId, network, asset, payTo, facilitatorPrivateKey, developmentWallet, payerPrivateKeys },
    null,
    2,
  );
  await writeFile(file, `${json}\n`, { mode: 0o600 });
}

/** Reads the state file, or returns undefined when no local chain has been started. */
export function readLocalChainState(file: string): Promise<LocalChainState | undefined> {
  return readLocalChainSettings(file, localChainStateSchema);
}
