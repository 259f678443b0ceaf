/**
 * `npm start` when the local chain its data folder names is gone and cannot be had back: with
 * no saved history, or with one that does not rebuild it (here: no block deploys the token the
 * state file names). Either way it says LOCAL LEDGER RESET on stderr, naming why, starts a new
 * chain, writes that chain to the state file, and serves paid routes on it — never the old
 * chain's settings. Real parts: scripts/start.ts, Hardhat, the production build.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Hex } from "viem";
import { afterEach, describe, expect, it } from "vitest";
import {
  LOCAL_CHAIN_ID,
  LOCAL_NETWORK,
  localChainAnswers,
  localChainHistoryFile,
  localChainStateFile,
  readLocalChainState,
  writeLocalChainState,
} from "@/dev/chain";
import { freePort } from "../../dev/support/free-port";
import { startServerProcess } from "../../dev/support/server-process";

const KEY = `0x${"11".repeat(32)}` as Hex;
const GONE_ASSET = "0x00000000000000000000000000000000000000aa";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** A data folder whose state file names a chain on a port nothing listens on. */
async function folderWithAGoneChain(): Promise<string> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "e2e-ledger-reset-"));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  await writeLocalChainState(localChainStateFile(dataDir), {
    rpcUrl: `http://127.0.0.1:${await freePort()}`,
    chainId: LOCAL_CHAIN_ID,
    network: LOCAL_NETWORK,
    asset: GONE_ASSET,
    payTo: "0x00000000000000000000000000000000000000bb",
    facilitatorPrivateKey: KEY,
    payerPrivateKeys: [KEY],
  });
  return dataDir;
}

/** `npm start` on `dataDir` until it answers; returns its stderr so far and its base URL. */
async function start(dataDir: string): Promise<{ stderr: () => string; base: string }> {
  const server = await startServerProcess({ quiet: true, dataDir, unset: ["FACILITATOR_URL"] });
  cleanups.push(() => server.stop());
  return { stderr: server.stderr, base: server.base };
}

/** The new chain is in the state file, answers, and is what the service asks to be paid on. */
async function expectANewChain(dataDir: string, base: string): Promise<void> {
  const state = (await readLocalChainState(localChainStateFile(dataDir)))!;
  expect(state.asset.toLowerCase()).not.toBe(GONE_ASSET);
  expect(await localChainAnswers(state)).toBe(true);
  const pricing = (await (await fetch(`${base}/v1/pricing`)).json()) as { x402Asset: string };
  expect(pricing.x402Asset.toLowerCase()).toBe(state.asset.toLowerCase());
}

describe("LOCAL LEDGER RESET", () => {
  it("a chain that is gone with no saved history: said on stderr, and a new chain serves", async () => {
    const dataDir = await folderWithAGoneChain();
    const { stderr, base } = await start(dataDir);
    expect(stderr()).toMatch(/LOCAL LEDGER RESET: the local chain at .* is gone and none of its history was saved/);
    await expectANewChain(dataDir, base);
  }, 240_000);

  it("a saved history that does not rebuild the chain: said on stderr with the reason, and a new chain serves", async () => {
    const dataDir = await folderWithAGoneChain();
    writeFileSync(localChainHistoryFile(dataDir), `${JSON.stringify({ genesisTimestamp: 1_700_000_000 })}\n`);
    const { stderr, base } = await start(dataDir);
    expect(stderr()).toMatch(
      /LOCAL LEDGER RESET: the local chain could not be rebuilt from .*does not deploy the token/,
    );
    await expectANewChain(dataDir, base);
  }, 240_000);
});
