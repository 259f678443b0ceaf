/**
 * `npm run chain`: runs the local payment chain for development until Ctrl-C.
 *
 * Starts a Hardhat node (chain id 8453, so the x402 network is eip155:8453), deploys the
 * TestUSDC token, funds test payers, and writes the addresses and test keys to
 * <DATA_DIR>/local-chain.json, where the dev server and `npm run pay` find them, and its history
 * to <DATA_DIR>/local-chain-history.json as it mines (so a start after a kill rebuilds this chain).
 * Set LOCAL_CHAIN_PORT to choose the RPC port (default 8545).
 */
import { rm } from "node:fs/promises";
import { env } from "@/lib/env";
import {
  localChainHistoryFile,
  localChainStateFile,
  markLocalChainStopped,
  readLocalChainState,
  type LocalChain,
  startLocalChain,
  USDC_UNIT,
  writeLocalChainState,
} from ".";
import { privateKeyToAccount } from "viem/accounts";

const DEFAULT_PORT = 8545;
const PAYER_BALANCE = 1_000n * USDC_UNIT;

async function main(): Promise<void> {
  const port = Number(process.env.LOCAL_CHAIN_PORT ?? DEFAULT_PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`LOCAL_CHAIN_PORT must be a port number, got "${process.env.LOCAL_CHAIN_PORT}"`);
  }

  const stateFile = localChainStateFile(env().DATA_DIR);
  const historyFile = localChainHistoryFile(env().DATA_DIR);
  let chain: LocalChain | undefined = undefined;
  let stopping = false;
  // Installed before starting so a signal during startup still stops the node: process.exit()
  // runs startLocalChain's exit hook, which kills a node that is still booting.
  const shutdown = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping the local chain`);
    if (chain) {
      await chain.stop();
      await markLocalChainStopped(historyFile).catch(() => undefined);
      await forgetState(stateFile, chain.rpcUrl);
    }
    process.exit(0);
  };
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);

  const startedAt = performance.now();
  chain = await startLocalChain({ port, payerBalance: PAYER_BALANCE, historyFile });
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);

  await writeLocalChainState(stateFile, chain);

  const payers = chain.payerPrivateKeys.map((key) => privateKeyToAccount(key).address);
  console.log(
    [
      `Local chain ready in ${seconds} s`,
      `  RPC        ${chain.rpcUrl} (chain id ${chain.chainId}, network ${chain.network})`,
      `  TestUSDC   ${chain.asset} (name "USD Coin", version "2", 6 decimals)`,
      `  payTo      ${chain.payTo}`,
      `  payers     ${payers.join(", ")}, ${PAYER_BALANCE / USDC_UNIT} USDC each`,
      `  state      ${stateFile} (includes the test keys)`,
      "Press Ctrl-C to stop.",
    ].join("\n"),
  );

  const exit = await chain.exited;
  // Ctrl-C in a terminal reaches the node as well (same process group), and our SIGINT handler
  // completes the shutdown. Any other exit we did not ask for is a crash.
  if (!stopping && exit.signal !== "SIGINT") {
    const how = exit.signal ? `signal ${exit.signal}` : `code ${exit.code}`;
    console.error(`Hardhat node exited unexpectedly with ${how}\n${exit.stderr.trim()}`);
    await forgetState(stateFile, chain.rpcUrl);
    process.exit(1);
  }
}

/**
 * Removes the state file so nothing tries a stopped chain's RPC URL, unless another instance
 * has written its own state since.
 */
async function forgetState(stateFile: string, rpcUrl: string): Promise<void> {
  const current = await readLocalChainState(stateFile).catch(() => undefined);
  if (current?.rpcUrl === rpcUrl) await rm(stateFile, { force: true });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
