import type { Hex } from "viem";
import { env } from "@/lib/env";
import { localChainStateFile, readLocalChainState } from "@/dev/chain";
import type { PaymentClientOptions } from "./client";

/** Who pays from our command-line clients (`npm run pay`, `npm run mcp:call`), and where the key came from. */
export type Payer = PaymentClientOptions & { source: string };

/** PAYER_KEY if set, else the local chain's first test payer (from its state file). */
export async function choosePayer(): Promise<Payer> {
  const localChain = await readLocalChainState(localChainStateFile(env().DATA_DIR));
  const network = localChain?.network ?? env().X402_NETWORK;
  const allowedAsset = localChain?.asset;

  const payerKey = process.env.PAYER_KEY?.trim();
  if (payerKey) {
    if (!/^0x[0-9a-fA-F]{64}$/.test(payerKey)) {
      throw new Error("PAYER_KEY must be a 0x-prefixed 32-byte hex private key");
    }
    return { privateKey: payerKey as Hex, network, allowedAsset, source: "PAYER_KEY" };
  }
  if (!localChain) {
    throw new Error("Set PAYER_KEY, or start the local chain first (npm run chain) to use its test payer");
  }
  return { privateKey: localChain.payerPrivateKeys[0], network, allowedAsset, source: "local test payer" };
}
