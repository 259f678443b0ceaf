/**
 * `npm start` stopped the way people stop it: a signal to its whole process group (Ctrl-C in a
 * terminal, a service manager, a container runtime). The local chain runs in a group of its own,
 * so it outlives the signal long enough for the start script to save its history — the settled
 * payments a restart and `npm run payments:reconcile` rebuild the chain from — and then stops.
 * Killed outright, the chain still goes with it, and the history it saved as it mined rebuilds
 * it on the next start: a payment settled just before the kill is still on chain.
 */
import { rm } from "node:fs/promises";
import { decodePaymentResponseHeader } from "@x402/core/http";
import { createPublicClient, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { createPayingFetch } from "@/dev/pay";
import { localChainHistoryFile, readLocalChainHistory } from "../../dev/chain";
import { startPayStack, type PayStack } from "../../dev/support/pay-stack";

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

  it(
    "killed outright right after a payment, starts again with that payment on its rebuilt chain, at the current time",
    { timeout: 360_000 },
    async () => {
      const stack = await startPayStack();
      let again: PayStack | undefined;
      try {
        const key = stack.chain.payerPrivateKeys[0];
        const payer = privateKeyToAccount(key).address;
        const pay = createPayingFetch({
          privateKey: key,
          network: stack.chain.network,
          allowedAsset: stack.chain.asset,
        });
        const paid = await pay(`${stack.baseURL}/v1/disclosures/summary?rcptNo=${stack.filings.rcptNo}`);
        expect(paid.status).toBe(200);
        const { transaction } = decodePaymentResponseHeader(paid.headers.get("PAYMENT-RESPONSE")!);
        const balance = await stack.balanceOf(payer);
        await stack.stop({ signal: "SIGKILL", keepDataDir: true });

        const restartedAt = Date.now() / 1000;
        again = await startPayStack({ prepare: false, dataDir: stack.dataDir });
        const rebuilt = createPublicClient({ transport: http(again.chain.rpcUrl) });
        expect((await rebuilt.getTransactionReceipt({ hash: transaction as `0x${string}` })).status).toBe("success");
        expect(await again.balanceOf(payer)).toBe(balance);
        // Block time is the clock's (set while the chain was rebuilt, not replayed from its history):
        // a payment signed now is valid, and settles. The server warms up before it reports healthy,
        // so "now" is measured from the restart, not from when it answered.
        const block = await rebuilt.getBlock();
        expect(Number(block.timestamp)).toBeGreaterThanOrEqual(Math.floor(restartedAt)); // after the payment's block
        expect(Number(block.timestamp)).toBeLessThan(Date.now() / 1000 + 5);
        const payAgain = createPayingFetch({
          privateKey: key,
          network: again.chain.network,
          allowedAsset: again.chain.asset,
        });
        expect((await payAgain(`${again.baseURL}/v1/disclosures/summary?rcptNo=${stack.filings.rcptNo}`)).status).toBe(
          200,
        );
      } finally {
        await again?.stop();
        await stack.stop();
      }
    },
  );
});
