import { readFile } from "node:fs/promises";
import type { Address, Hex } from "viem";
import { z } from "zod";

const hex = z.string().regex(/^0x[0-9a-fA-F]*$/);
const address = hex.length(42).transform((v) => v as Address);
const privateKey = hex.length(66).transform((v) => v as Hex);

/**
 * What the server reads from the local chain's state file, DATA_DIR/local-chain.json: where the
 * chain answers, its terms, the key its in-process facilitator settles with, and the development
 * wallet on offer. The file holds test keys only and lives in DATA_DIR, which is git-ignored;
 * dev/chain writes it (with the test payers' keys besides, which the server ignores).
 */
export const localChainSettingsSchema = z.object({
  rpcUrl: z.url(),
  chainId: z.number().int().positive(),
  network: z
    .string()
    .regex(/^eip155:\d+$/)
    .transform((v) => v as `eip155:${number}`),
  asset: address,
  payTo: address,
  facilitatorPrivateKey: privateKey,
  /** A funded test key offered to the explorer as its development wallet. */
  developmentWallet: z.object({ address, privateKey }).optional(),
});

export type LocalChainSettings = z.output<typeof localChainSettingsSchema>;

export function localChainStateFile(dataDir: string): string {
  return `${dataDir.replace(/\/+$/, "")}/local-chain.json`;
}

/**
 * Reads the local chain's state file with `schema` (by default, what the server needs), or
 * returns undefined when no local chain has been started.
 */
export async function readLocalChainSettings<Schema extends z.ZodType = typeof localChainSettingsSchema>(
  file: string,
  schema: Schema = localChainSettingsSchema as unknown as Schema,
): Promise<z.output<Schema> | undefined> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  const parsed = schema.safeParse(JSON.parse(text));
  if (!parsed.success) {
    throw new Error(`${file} is not a local chain state file: ${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}
