/**
 * The local chain (dev/chain) keeps to the wall clock and survives a kill: a burst of 400 blocks
 * leaves block time at the clock, not minutes ahead of it (payments signed against the clock
 * would fail validBefore); the node saves each block before it answers the request that mined
 * it, so a chain killed the moment a transfer was acknowledged (no clean-stop marker, a torn
 * last line) is rebuilt with every transaction — the same hashes, balances and token — and goes
 * on at the current time, saving on. Real parts: Hardhat nodes, TestUSDC, viem.
 */
import { appendFile, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createPublicClient, createTestClient, createWalletClient, http, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  localChainDefinition,
  markLocalChainStopped,
  readLocalChainHistory,
  restoreLocalChain,
  startLocalChain,
  testUsdcAbi,
  type LocalChain,
} from "@/dev/chain";

const transferAbi = [
  ...testUsdcAbi,
  {
    type: "function",
    name: "transfer",
    stateMutability: "nonpayable",
    inputs: [
      { name: "to", type: "address" },
      { name: "value", type: "uint256" },
    ],
    outputs: [{ type: "bool" }],
  },
] as const;

const clients = (rpcUrl: string) => {
  const chain = localChainDefinition(rpcUrl);
  const transport = http(rpcUrl);
  return {
    public: createPublicClient({ chain, transport, pollingInterval: 50 }),
    test: createTestClient({ chain, transport, mode: "hardhat" }),
    wallet: (key: Hex) => createWalletClient({ account: privateKeyToAccount(key), chain, transport }),
  };
};

const nowSeconds = () => Math.floor(Date.now() / 1000);

let dir: string;
const chains: { stop(): Promise<void> }[] = [];
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "local-chain-"));
});
afterAll(async () => {
  for (const chain of chains) await chain.stop();
  await rm(dir, { recursive: true, force: true });
});

describe("block time", () => {
  it("stays at the wall clock through a burst of 400 blocks", async () => {
    const chain = await startLocalChain();
    chains.push(chain);
    const { public: client, test } = clients(chain.rpcUrl);
    for (let i = 0; i < 400; i++) await test.mine({ blocks: 1 });
    const latest = await client.getBlock();
    expect(Number(latest.number)).toBeGreaterThanOrEqual(400);
    expect(Number(latest.timestamp)).toBeLessThanOrEqual(nowSeconds() + 1);
  });
});

describe("a chain killed outright", () => {
  let chain: LocalChain;
  const file = () => path.join(dir, "local-chain-history.json");

  it("has saved every block it mined, and is rebuilt whole from them, at the current time", async () => {
    chain = await startLocalChain({ payerCount: 2, historyFile: file() });
    const { public: client, wallet } = clients(chain.rpcUrl);
    const to = privateKeyToAccount(chain.payerPrivateKeys[1]).address;
    const sent: Hex[] = [];
    for (let i = 1; i <= 5; i++) {
      const hash = await wallet(chain.payerPrivateKeys[0]).writeContract({
        address: chain.asset,
        abi: transferAbi,
        functionName: "transfer",
        args: [to, BigInt(i)],
      });
      await client.waitForTransactionReceipt({ hash });
      sent.push(hash);
    }
    const balance = await client.readContract({
      address: chain.asset,
      abi: testUsdcAbi,
      functionName: "balanceOf",
      args: [to],
    });

    // Killed right after the last acknowledged transfer: no clean-stop marker, and a torn line.
    await chain.stop();
    await appendFile(file(), '{"timestamp":17'); // a line torn by the kill
    const history = (await readLocalChainHistory(file()))!;
    expect(history.stoppedCleanly).toBe(false);

    const rebuilt = await restoreLocalChain(chain, history, { historyFile: file() });
    chains.push(rebuilt);
    const after = clients(rebuilt.rpcUrl).public;
    for (const hash of sent) expect((await after.getTransactionReceipt({ hash })).status).toBe("success");
    expect(
      await after.readContract({ address: chain.asset, abi: testUsdcAbi, functionName: "balanceOf", args: [to] }),
    ).toBe(balance);
    const latest = await after.getBlock();
    expect(Number(latest.timestamp)).toBeGreaterThanOrEqual(nowSeconds() - 2);
    expect(Number(latest.timestamp)).toBeLessThanOrEqual(nowSeconds() + 1);

    // Saving on after the blocks it was rebuilt from, and stopped cleanly this time.
    await clients(rebuilt.rpcUrl).test.mine({ blocks: 1 });
    const blocks = Number(await after.getBlockNumber());
    await rebuilt.stop();
    await markLocalChainStopped(file());
    const reread = (await readLocalChainHistory(file()))!;
    expect(reread.stoppedCleanly).toBe(true);
    expect(reread.blocks.slice(0, history.blocks.length)).toEqual(history.blocks);
    expect(reread.blocks).toHaveLength(blocks);
  });
});
