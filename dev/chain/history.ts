/**
 * The local chain's saved history. A Hardhat 2 node keeps its state in memory only, so what the
 * chain did is saved as its blocks' signed transactions and timestamps, and replayed into a new
 * node (./local-chain.ts, restoreLocalChain). The replayed transactions are the same signed
 * bytes, so hashes, addresses and balances come out the same.
 *
 * The file (DATA_DIR/local-chain-history.json) is JSON Lines, written by the chain's own process
 * as it mines (./history-recorder.cjs): a first line with the genesis time, one line per block,
 * written before the request that mined it is answered, and `{"stopped":true}` after a run that
 * stopped the chain on purpose (markLocalChainStopped). A kill mid-write leaves a torn last line,
 * which is ignored; a missing marker tells the next start the chain was not stopped cleanly.
 */
import { appendFile, readFile } from "node:fs/promises";
import type { Hex } from "viem";

/** Every mined block after genesis: when, and which signed transactions, in order. */
export interface LocalChainHistory {
  genesisTimestamp: number;
  blocks: { timestamp: number; transactions: Hex[] }[];
  /** The last run ended with the chain stopped on purpose (false: killed, or still running). */
  stoppedCleanly: boolean;
}

const STOPPED = { stopped: true };

export function localChainHistoryFile(dataDir: string): string {
  return `${dataDir.replace(/\/+$/, "")}/local-chain-history.json`;
}

/** Reads a saved history, or returns undefined when none was saved. */
export async function readLocalChainHistory(file: string): Promise<LocalChainHistory | undefined> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  const lines: unknown[] = [];
  for (const raw of text.split("\n")) {
    if (!raw.trim()) continue;
    try {
      lines.push(JSON.parse(raw));
    } catch {
      break; // a line torn by a kill: nothing after it was written
    }
  }
  const [header, ...rest] = lines as [
    { genesisTimestamp?: number; blocks?: LocalChainHistory["blocks"] },
    ...unknown[],
  ];
  if (typeof header?.genesisTimestamp !== "number") throw new Error(`${file} is not a local chain history`);
  // Saved as one JSON document by earlier versions, at a clean stop.
  if (header.blocks) return { genesisTimestamp: header.genesisTimestamp, blocks: header.blocks, stoppedCleanly: true };
  return {
    genesisTimestamp: header.genesisTimestamp,
    blocks: rest.filter((l): l is LocalChainHistory["blocks"][number] => !isStopped(l)),
    stoppedCleanly: isStopped(rest.at(-1)),
  };
}

/** After stopping a chain that recorded its history on purpose: says so in the file. */
export async function markLocalChainStopped(file: string): Promise<void> {
  await appendFile(file, `${JSON.stringify(STOPPED)}\n`);
}

function isStopped(value: unknown): boolean {
  return (value as { stopped?: unknown } | undefined)?.stopped === true;
}
