/**
 * `npm start` stopped the way people stop it: a signal to its whole process group (Ctrl-C in a
 * terminal, a service manager, a container runtime). The local chain runs in a group of its own,
 * so it outlives the signal long enough for the start script to save its history — the settled
 * payments a restart and `npm run payments:reconcile` rebuild the chain from — and then stops.
 * Killed outright, the start script can save nothing, but the chain still goes with it.
 */
import { rm } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { localChainHistoryFile, readLocalChainHistory } from "../../dev/chain";
import { startPayStack } from "../../dev/support/pay-stack";

async function chainAnswers(rpcUrl: string): Promise<boolean> {
  try {
    const res = await fetch(rpcUrl, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_blockNumber", params: [] }),
    });
    return res.ok;
  } catch {
    return false;
  }
}

describe("npm start, stopped by a signal to its process group", () => {
  it("saves the local chain's history, then stops the chain", { timeout: 240_000 }, async () => {
    const stack = await startPayStack({ prepare: false });
    try {
      expect(await chainAnswers(stack.chain.rpcUrl)).toBe(true);
      await stack.stop({ keepDataDir: true });

      const history = await readLocalChainHistory(localChainHistoryFile(stack.dataDir));
      // The token's deployment and the test payers' funding are blocks of their own.
      expect(history?.blocks.length).toBeGreaterThan(1);
      expect(await chainAnswers(stack.chain.rpcUrl)).toBe(false);
    } finally {
      await stack.stop();
      await rm(stack.dataDir, { recursive: true, force: true });
    }
  });

  it("killed outright (SIGKILL: nothing can be saved), leaves no chain behind", { timeout: 240_000 }, async () => {
    const stack = await startPayStack({ prepare: false });
    try {
      expect(await chainAnswers(stack.chain.rpcUrl)).toBe(true);
      await stack.stop({ signal: "SIGKILL" });
      // The chain is in a group of its own, so the kill does not reach it; it goes when its lifeline closes.
      const deadline = Date.now() + 10_000;
      while ((await chainAnswers(stack.chain.rpcUrl)) && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 200));
      expect(await chainAnswers(stack.chain.rpcUrl)).toBe(false);
    } finally {
      await stack.stop();
    }
  });
});
