/**
 * `npm start` / `npm run dev`: the self-hosted server (server.ts, lib/server: Next.js behind the
 * request path this project owns) with a payment stack behind it.
 *
 *   tsx scripts/start.ts start [-H hostname] [-p port]
 *   tsx scripts/start.ts dev [-H hostname] [-p port]
 *
 * With FACILITATOR_URL (or CDP API keys) set, payments go to that facilitator and this only runs the server. Without
 * it, a local chain (dev/chain: Hardhat, TestUSDC, funded test payers) is started on LOCAL_CHAIN_PORT
 * (default 8545) and its state written to <DATA_DIR>/local-chain.json, where the paid routes
 * find it; a chain that already answers there (e.g. `npm run chain` in another terminal) is
 * reused. The chain saves its history to <DATA_DIR>/local-chain-history.json as it mines, each block
 * before the request that mined it is answered (so even a start killed outright loses no
 * settlement it acknowledged), and the next start (or
 * `npm run payments:reconcile`) rebuilds the same chain from it, so settled payments outlive a
 * restart as the ledger does. A chain that cannot be rebuilt is replaced by a new one, and the
 * start says plainly that the local ledger was reset. Either way the payment configuration is checked first, and a bad one stops here with
 * a message naming the variable. PORT and any further arguments go to the server; SIGINT and SIGTERM
 * are passed on to it, and a chain started here stops when the server exits.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { env } from "@/lib/env";
import { describePaymentConfig, loadPaymentConfig, remoteFacilitatorUrl } from "@/lib/payments/config";
import {
  localChainAnswers,
  localChainHistoryFile,
  localChainStateFile,
  markLocalChainStopped,
  readLocalChainHistory,
  readLocalChainState,
  restoreLocalChain,
  startLocalChain,
  USDC_UNIT,
  writeLocalChainState,
  type LocalChain,
} from "@/dev/chain";

const MODES = ["start", "dev"] as const;
type Mode = (typeof MODES)[number];

const PAYER_BALANCE = 1_000n * USDC_UNIT;

async function main(): Promise<void> {
  const [mode, ...serverArgs] = process.argv.slice(2);
  if (!MODES.includes(mode as Mode))
    throw new Error(`Usage: tsx scripts/start.ts <${MODES.join("|")}> [-H hostname] [-p port]`);

  const e = env(); // a bad variable stops here, named
  const chain = remoteFacilitatorUrl(e) ? undefined : await ensureLocalChain(e.DATA_DIR, e.LOCAL_CHAIN_PORT);
  try {
    console.log(`[start] payments: ${describePaymentConfig(await loadPaymentConfig(e))}`);
  } catch (error) {
    await stopLocalChain(chain, e.DATA_DIR);
    throw error;
  }

  const exitCode = await runServer(mode as Mode, serverArgs);
  await stopLocalChain(chain, e.DATA_DIR);
  process.exit(exitCode);
}

/** Stops a chain started here, and marks its history as stopped cleanly. */
async function stopLocalChain(chain: LocalChain | undefined, dataDir: string): Promise<void> {
  if (!chain) return;
  await chain.stop();
  try {
    await markLocalChainStopped(localChainHistoryFile(dataDir));
    const history = await readLocalChainHistory(localChainHistoryFile(dataDir));
    console.log(
      `[start] saved the local chain's ${history?.blocks.length} blocks to ${localChainHistoryFile(dataDir)}`,
    );
  } catch (error) {
    console.error(
      `[start] could not mark the local chain's history as stopped: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

/**
 * The local chain in the state file when it still answers there, else that chain rebuilt from its
 * saved history, else a new one. Returns the chain only when this process started it (and so must
 * save and stop it).
 */
async function ensureLocalChain(dataDir: string, port: number): Promise<LocalChain | undefined> {
  const stateFile = localChainStateFile(dataDir);
  const historyFile = localChainHistoryFile(dataDir);
  const existing = await readLocalChainState(stateFile).catch(() => undefined);
  if (existing && (await localChainAnswers(existing))) {
    console.log(
      `[start] reusing the local chain at ${existing.rpcUrl} (token ${existing.asset}, payTo ${existing.payTo})`,
    );
    return undefined;
  }
  const startedAt = performance.now();
  let chain: LocalChain | undefined;
  const history = existing && (await readLocalChainHistory(historyFile).catch(() => undefined));
  if (existing && history) {
    try {
      chain = await restoreLocalChain(existing, history, { port, historyFile });
      console.log(
        history.stoppedCleanly
          ? `[start] rebuilt the local chain from its ${history.blocks.length} saved blocks`
          : `[start] the local chain was not stopped cleanly (killed?): rebuilt it from the ${history.blocks.length} blocks it saved as it mined them, every settlement it acknowledged included`,
      );
    } catch (error) {
      console.error(
        `[start] LOCAL LEDGER RESET: the local chain could not be rebuilt from ${historyFile} (${error instanceof Error ? error.message : String(error)}); a new chain is started, so balances and settlements recorded before are not on it`,
      );
    }
  } else if (existing) {
    console.error(
      `[start] LOCAL LEDGER RESET: the local chain at ${existing.rpcUrl} is gone and none of its history was saved; a new chain is started, so balances and settlements recorded before are not on it`,
    );
  }
  chain ??= await startLocalChain({ port, payerBalance: PAYER_BALANCE, historyFile });
  await writeLocalChainState(stateFile, chain);
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
  console.log(
    `[start] local chain ready in ${seconds} s at ${chain.rpcUrl} (chain id ${chain.chainId}): TestUSDC ${chain.asset}, payTo ${chain.payTo}, ${chain.payerPrivateKeys.length} test payers with ${PAYER_BALANCE / USDC_UNIT} USDC each (keys in ${stateFile})`,
  );
  void chain.exited.then(({ code, signal, stderr }) => {
    if (stopping) return;
    console.error(
      `[start] the local chain exited (${signal ?? `code ${code}`}); paid routes answer 503 until it is back\n${stderr.trim()}`,
    );
  });
  return chain;
}

let stopping = false;

/** The server's process, server.ts, run by tsx as this script is. */
const SERVER_ENTRY = path.resolve(import.meta.dirname, "../server.ts");

/**
 * V8's memory reducer off: about 100 s after start it ran a compacting collection of the server's
 * ~440 MB heap that held its one thread for 120–310 ms (one pause, every request waiting behind
 * it); without it the regular collections pause for at most ~17 ms at a time (BENCHMARKS.md,
 * issue 33). The cost: an idle server keeps its heap (~400 MB) rather than handing part back.
 */
const SERVER_NODE_FLAGS = ["--no-memory-reducer"];

/** Runs the server in the foreground and resolves with its exit code. */
function runServer(mode: Mode, args: string[]): Promise<number> {
  const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, "--import", "tsx", SERVER_ENTRY, mode, ...args], {
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: mode === "dev" ? "development" : "production" },
  });
  const forward = (signal: NodeJS.Signals) => {
    stopping = true;
    server.kill(signal);
  };
  process.on("SIGINT", forward);
  process.on("SIGTERM", forward);
  return new Promise((resolve) => {
    server.once("exit", (code) => {
      stopping = true;
      resolve(code ?? 1);
    });
  });
}

main().catch((error: unknown) => {
  console.error(`[start] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
