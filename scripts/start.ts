/**
 * `npm start` / `npm run dev`: the Next.js server with a payment stack behind it.
 *
 *   tsx scripts/start.ts start [next start options]
 *   tsx scripts/start.ts dev [next dev options]
 *
 * With FACILITATOR_URL (or CDP API keys) set, payments go to that facilitator and this only runs Next. Without
 * it, a local chain (dev/chain: Hardhat, TestUSDC, funded test payers) is started on LOCAL_CHAIN_PORT
 * (default 8545) and its state written to <DATA_DIR>/local-chain.json, where the paid routes
 * find it; a chain that already answers there (e.g. `npm run chain` in another terminal) is
 * reused. When Next exits, the chain's history is saved to <DATA_DIR>/local-chain-history.json
 * before the chain stops, and the next start (or `npm run payments:reconcile`) rebuilds the same
 * chain from it, so settled payments outlive a restart as the ledger does. Either way the payment configuration is checked first, and a bad one stops here with
 * a message naming the variable. PORT and any further arguments go to Next; SIGINT and SIGTERM
 * are passed on to it, and a chain started here stops when Next exits.
 */
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { env } from "@/lib/env";
import { describePaymentConfig, loadPaymentConfig, remoteFacilitatorUrl } from "@/lib/payments/config";
import {
  localChainAnswers,
  localChainHistoryFile,
  localChainStateFile,
  readLocalChainHistory,
  readLocalChainState,
  restoreLocalChain,
  saveLocalChainHistory,
  startLocalChain,
  USDC_UNIT,
  writeLocalChainState,
  type LocalChain,
} from "@/dev/chain";

const MODES = ["start", "dev"] as const;
type Mode = (typeof MODES)[number];

const PAYER_BALANCE = 1_000n * USDC_UNIT;

async function main(): Promise<void> {
  const [mode, ...nextArgs] = process.argv.slice(2);
  if (!MODES.includes(mode as Mode)) throw new Error(`Usage: tsx scripts/start.ts <${MODES.join("|")}> [next options]`);

  const e = env(); // a bad variable stops here, named
  const chain = remoteFacilitatorUrl(e) ? undefined : await ensureLocalChain(e.DATA_DIR, e.LOCAL_CHAIN_PORT);
  try {
    console.log(`[start] payments: ${describePaymentConfig(await loadPaymentConfig(e))}`);
  } catch (error) {
    await chain?.stop();
    throw error;
  }

  const exitCode = await runNext(mode as Mode, nextArgs);
  if (chain) {
    try {
      const { blocks } = await saveLocalChainHistory(chain.rpcUrl, localChainHistoryFile(e.DATA_DIR));
      console.log(`[start] saved the local chain's ${blocks.length} blocks to ${localChainHistoryFile(e.DATA_DIR)}`);
    } catch (error) {
      console.error(
        `[start] could not save the local chain's history: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    await chain.stop();
  }
  process.exit(exitCode);
}

/**
 * The local chain in the state file when it still answers there, else that chain rebuilt from its
 * saved history, else a new one. Returns the chain only when this process started it (and so must
 * stop it).
 */
async function ensureLocalChain(dataDir: string, port: number): Promise<LocalChain | undefined> {
  const stateFile = localChainStateFile(dataDir);
  const existing = await readLocalChainState(stateFile).catch(() => undefined);
  if (existing && (await localChainAnswers(existing))) {
    console.log(
      `[start] reusing the local chain at ${existing.rpcUrl} (token ${existing.asset}, payTo ${existing.payTo})`,
    );
    return undefined;
  }
  const startedAt = performance.now();
  const history = existing && (await readLocalChainHistory(localChainHistoryFile(dataDir)).catch(() => undefined));
  const chain = history
    ? await restoreLocalChain(existing, history, { port })
    : await startLocalChain({ port, payerBalance: PAYER_BALANCE });
  if (history) console.log(`[start] rebuilt the local chain from its ${history.blocks.length} saved blocks`);
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

/** Runs `next <mode>` in the foreground and resolves with its exit code. */
function runNext(mode: Mode, args: string[]): Promise<number> {
  const nextBin = createRequire(import.meta.url).resolve("next/dist/bin/next");
  const next = spawn(process.execPath, [nextBin, mode, ...args], { stdio: "inherit", env: process.env });
  const forward = (signal: NodeJS.Signals) => {
    stopping = true;
    next.kill(signal);
  };
  process.on("SIGINT", forward);
  process.on("SIGTERM", forward);
  return new Promise((resolve) => {
    next.once("exit", (code) => {
      stopping = true;
      resolve(code ?? 1);
    });
  });
}

main().catch((error: unknown) => {
  console.error(`[start] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
