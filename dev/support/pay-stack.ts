/**
 * The production build as the payment specs need it: `npm start` (./server-process.ts: the
 * self-hosted server + the local payment stack: Hardhat chain, TestUSDC, in-process @x402
 * facilitator) on a free port with a fresh DATA_DIR, with the filings to buy prepared beforehand (./prepare-summaries.ts: cached
 * summaries, and one filing the service holds as unavailable, so its paid route answers a real
 * 503). Balances are read from the chain.
 */
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createPublicClient, erc20Abi, http, type Address } from "viem";
import { localChainStateFile, readLocalChainState, type LocalChainState } from "../../dev/chain";
import type { PreparedFilings } from "./paid-filings";
import { startServerProcess } from "./server-process";

export interface PayStack {
  baseURL: string;
  chain: LocalChainState;
  filings: PreparedFilings;
  /** The server's DATA_DIR (removed by `stop()` unless told to keep it). */
  dataDir: string;
  balanceOf(account: Address): Promise<bigint>;
  /** SIGTERM to the whole process group, as a terminal's Ctrl-C or a service manager sends (or `signal`). */
  stop(options?: { keepDataDir?: boolean; signal?: NodeJS.Signals }): Promise<void>;
}

export interface PayStackOptions {
  /** Extra environment for the server, e.g. a hosted FACILITATOR_URL (then there is no local chain). */
  env?: Record<string, string>;
  /** Skip preparing summaries (then `filings` is undefined): for checks that buy nothing. */
  prepare?: boolean;
  /** Start on this data folder (a server's earlier one, kept by `stop({ keepDataDir: true })`) instead of a fresh one. */
  dataDir?: string;
}

const REPO_ROOT = path.resolve(import.meta.dirname, "../..");

/** The README's default: embedded database, bundled snapshot, local payment stack, offline summaries. */
const UNSET = [
  "DATABASE_URL",
  "DART_API_KEY",
  "FACILITATOR_URL",
  "X402_PAY_TO",
  "X402_ASSET",
  "X402_NETWORK",
  "PUBLIC_BASE_URL",
  "OPENAI_API_KEY",
  "OPENAI_BASE_URL",
];

function baseEnv(dataDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, NEXT_TELEMETRY_DISABLED: "1" };
  for (const name of UNSET) delete env[name];
  return env;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: REPO_ROOT, env, stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (out += chunk));
    child.once("error", reject);
    child.once("close", (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${command} ${args.join(" ")} exited with ${code}`)),
    );
  });
}

export async function startPayStack(options: PayStackOptions = {}): Promise<PayStack> {
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), "e2e-pay-")));
  const env = baseEnv(dataDir);
  const filings =
    options.prepare === false
      ? (undefined as unknown as PreparedFilings)
      : (JSON.parse(
          (await run("npx", ["tsx", "--conditions=react-server", "dev/support/prepare-summaries.ts"], env))
            .trim()
            .split("\n")
            .at(-1)!,
        ) as PreparedFilings);

  const server = await startServerProcess({
    dataDir,
    unset: UNSET,
    env: { LOCAL_CHAIN_PORT: "0", ...options.env },
  });
  const baseURL = server.base;
  const stop = async ({ keepDataDir = false, signal }: { keepDataDir?: boolean; signal?: NodeJS.Signals } = {}) => {
    await server.stop({ signal });
    if (!keepDataDir) await rm(dataDir, { recursive: true, force: true });
  };

  try {
    const chain = options.env?.FACILITATOR_URL ? undefined : await readLocalChainState(localChainStateFile(dataDir));
    const publicClient = chain && createPublicClient({ transport: http(chain.rpcUrl) });
    return {
      baseURL,
      chain: chain!,
      filings,
      dataDir,
      balanceOf: (account) => {
        if (!chain || !publicClient) throw new Error("no local chain in this configuration");
        return publicClient.readContract({
          address: chain.asset,
          abi: erc20Abi,
          functionName: "balanceOf",
          args: [account],
        });
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
