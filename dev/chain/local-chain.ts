import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  getAddress,
  http,
  parseAbi,
  toHex,
  type Abi,
  type Address,
  type Hex,
} from "viem";
import { mnemonicToAccount, privateKeyToAccount } from "viem/accounts";
import type { LocalChainSettings } from "@/lib/payments/local-chain-settings";
import { LOCAL_CHAIN_ID, LOCAL_NETWORK, localChainDefinition } from "./definition";
import type { LocalChainHistory } from "./history";
import type { LocalChainState } from "./state";

/**
 * A real local payment stack for development and tests: a Hardhat 2 node (chain id 8453, so
 * the x402 network is `eip155:8453` as in production), a USDC stand-in with EIP-3009
 * (./contracts/TestUSDC.sol) and funded payer wallets. Everything runs offline. Starting a
 * chain spawns a process and compiles Solidity (solc is loaded only then).
 */

/** Token units per USDC (6 decimals). */
export const USDC_UNIT = 1_000_000n;

/** The subset of the TestUSDC ABI that callers of the local chain need. */
export const testUsdcAbi = parseAbi([
  "function balanceOf(address account) view returns (uint256)",
  "function mint(address to, uint256 value)",
  "function authorizationState(address authorizer, bytes32 nonce) view returns (bool)",
  "event Transfer(address indexed from, address indexed to, uint256 value)",
]);

/**
 * Hardhat's built-in accounts come from this publicly known mnemonic; the node funds each with
 * 10,000 ETH. The keys are test keys by definition and must never hold real funds.
 */
const HARDHAT_MNEMONIC = "test test test test test test test test test test test junk";

/** Roles of Hardhat's default accounts, by derivation index. */
const ACCOUNT_INDEX = {
  deployer: 0, // deploys TestUSDC and is its only minter
  facilitator: 1, // submits transferWithAuthorization and pays the gas
  payTo: 2, // the merchant wallet receiving payments
  firstPayer: 3, // payers are 3, 4, ... (Hardhat has 20 accounts)
} as const;
/** Hardhat derives this many accounts from the mnemonic. */
const HARDHAT_ACCOUNT_COUNT = 20;
const MAX_PAYERS = HARDHAT_ACCOUNT_COUNT - ACCOUNT_INDEX.firstPayer;

/** Base deploys Multicall3 here; the x402 facilitator uses it to diagnose failed simulations. */
const MULTICALL3_ADDRESS: Address = "0xcA11bde05977b3631167028862bE2a173976CA11";

const REPO_ROOT = fileURLToPath(new URL("../../", import.meta.url));
const EXIT_WITH_PARENT = fileURLToPath(new URL("./exit-with-parent.cjs", import.meta.url));
const HARDHAT_CONFIG = fileURLToPath(new URL("./hardhat.config.cjs", import.meta.url));
const CONTRACT_SOURCE = fileURLToPath(new URL("./contracts/TestUSDC.sol", import.meta.url));

export interface StartLocalChainOptions {
  /** Port for the JSON-RPC server; 0 (the default) lets the OS pick a free one. */
  port?: number;
  /** How many payer wallets to fund (default 3, at most 17). */
  payerCount?: number;
  /** Token units minted to each payer (default 100 USDC). */
  payerBalance?: bigint;
  /** How long to wait for the node to listen (default 60 s; a busy 2-core machine is slow). */
  startupTimeoutMs?: number;
  /** Where the node saves every block as it mines it (./history.ts); none by default. */
  historyFile?: string;
}

export interface NodeExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** The tail of the node's stderr, for diagnosing an unexpected exit. */
  stderr: string;
}

/** A Hardhat node process of the local chain. */
export interface RunningNode {
  /** Settles when the node process exits, whether through stop() or a crash. */
  exited: Promise<NodeExit>;
  /** Stops the node (SIGTERM, then SIGKILL after a grace period). Safe to call twice. */
  stop(): Promise<void>;
  /** Freezes the node (SIGSTOP): it keeps its connections but answers nothing, as a hung node. */
  pause(): void;
  /** Lets a paused node go on (SIGCONT), answering what arrived meanwhile. */
  resume(): void;
}

export interface LocalChain extends LocalChainState, RunningNode {}

/**
 * Starts a Hardhat node, deploys TestUSDC, installs Multicall3 and funds the payers.
 * If any step fails the node is stopped before the error propagates.
 */
export async function startLocalChain(options: StartLocalChainOptions = {}): Promise<LocalChain> {
  const payerCount = options.payerCount ?? 3;
  if (!Number.isInteger(payerCount) || payerCount < 1 || payerCount > MAX_PAYERS) {
    throw new RangeError(`payerCount must be an integer from 1 to ${MAX_PAYERS}`);
  }
  const payerBalance = options.payerBalance ?? 100n * USDC_UNIT;

  // Hardhat boots in its own process; compile meanwhile (solc blocks this thread for about 1 s).
  const { node, contracts } = await startNodeAndCompile({
    port: options.port ?? 0,
    startupTimeoutMs: options.startupTimeoutMs ?? 60_000,
    history: options.historyFile ? { file: options.historyFile, mode: "new" } : undefined,
  });
  try {
    const payerPrivateKeys = Array.from({ length: payerCount }, (_, i) =>
      hardhatPrivateKey(ACCOUNT_INDEX.firstPayer + i),
    );
    const asset = await deployToken(node.rpcUrl, contracts, payerPrivateKeys, payerBalance);
    return {
      rpcUrl: node.rpcUrl,
      chainId: LOCAL_CHAIN_ID,
      network: LOCAL_NETWORK,
      asset,
      payTo: privateKeyToAccount(hardhatPrivateKey(ACCOUNT_INDEX.payTo)).address,
      facilitatorPrivateKey: hardhatPrivateKey(ACCOUNT_INDEX.facilitator),
      payerPrivateKeys,
      exited: node.exited,
      stop: node.stop,
      pause: node.pause,
      resume: node.resume,
    };
  } catch (error) {
    await node.stop();
    throw error;
  }
}

/** Hardhat boots in its own process; compile meanwhile (solc blocks this thread for about 1 s). */
async function startNodeAndCompile(options: NodeOptions) {
  const nodeStarting = startHardhatNode(options);
  let contracts: CompiledContracts;
  try {
    contracts = compileContracts((await import("solc")).default);
  } catch (error) {
    await nodeStarting.then(
      (node) => node.stop(),
      () => undefined,
    );
    throw error;
  }
  return { node: await nodeStarting, contracts };
}

// ---------------------------------------------------------------------------------------------
// Rebuilding a chain from its saved history (./history.ts)

/**
 * A new node with the chain `state` describes, rebuilt from its saved `history`; then one empty
 * block at the current time, so new payments (signed against the wall clock) are valid on it.
 * With `historyFile` (the file `history` was read from), the node goes on saving its blocks there.
 */
export async function restoreLocalChain<State extends LocalChainSettings>(
  state: State,
  history: LocalChainHistory,
  options: Pick<StartLocalChainOptions, "port" | "startupTimeoutMs" | "historyFile"> = {},
): Promise<State & RunningNode> {
  const { node, contracts } = await startNodeAndCompile({
    port: options.port ?? 0,
    startupTimeoutMs: options.startupTimeoutMs ?? 60_000,
    genesisDate: new Date(history.genesisTimestamp * 1000).toISOString(),
    // The file it was rebuilt from: its blocks are replayed, and only new ones are added.
    history: options.historyFile ? { file: options.historyFile, mode: "continue" } : undefined,
  });
  try {
    const chain = localChainDefinition(node.rpcUrl);
    const transport = http(node.rpcUrl);
    const client = createPublicClient({ chain, transport });
    const testClient = createTestClient({ chain, transport, mode: "hardhat" });
    await testClient.setCode({ address: MULTICALL3_ADDRESS, bytecode: contracts.multicall3RuntimeCode });
    await testClient.setAutomine(false);
    for (const block of history.blocks) {
      for (const serializedTransaction of block.transactions)
        await client.sendRawTransaction({ serializedTransaction });
      await testClient.setNextBlockTimestamp({ timestamp: BigInt(block.timestamp) });
      await testClient.mine({ blocks: 1 });
    }
    await testClient.setAutomine(true);
    const now = Math.floor(Date.now() / 1000);
    const last = history.blocks.at(-1)?.timestamp ?? history.genesisTimestamp;
    await testClient.setNextBlockTimestamp({ timestamp: BigInt(Math.max(now, last)) });
    await testClient.mine({ blocks: 1 });
    if (!(await client.getCode({ address: state.asset }))) {
      throw new Error(`The saved history does not deploy the token at ${state.asset}`);
    }
    return {
      ...state,
      rpcUrl: node.rpcUrl,
      exited: node.exited,
      stop: node.stop,
      pause: node.pause,
      resume: node.resume,
    };
  } catch (error) {
    await node.stop();
    throw error;
  }
}

/** Whether a chain with the expected id answers at the state's RPC and has the token deployed. */
export async function localChainAnswers(state: Pick<LocalChainSettings, "rpcUrl" | "asset">): Promise<boolean> {
  const client = createPublicClient({ transport: http(state.rpcUrl, { retryCount: 0, timeout: 2_000 }) });
  try {
    return (await client.getChainId()) === LOCAL_CHAIN_ID && Boolean(await client.getCode({ address: state.asset }));
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------------------------
// Hardhat node process

interface HardhatNode extends RunningNode {
  rpcUrl: string;
}

/** Hardhat prints this line once the JSON-RPC server listens (with the real port for --port 0). */
const READY_LINE = /JSON-RPC server at (http:\/\/127\.0\.0\.1:\d+)\//;
const STDERR_TAIL_CHARS = 8_000;
const STOP_GRACE_MS = 5_000;

interface NodeOptions {
  port: number;
  startupTimeoutMs: number;
  /** A rebuilt chain's genesis time, so its blocks can be replayed at their own timestamps. */
  genesisDate?: string;
  /** Where the node saves its blocks: a new file, or (`continue`) the one the chain is rebuilt from. */
  history?: { file: string; mode: "new" | "continue" };
}

async function startHardhatNode({ port, startupTimeoutMs, genesisDate, history }: NodeOptions): Promise<HardhatNode> {
  const hardhatCli = createRequire(import.meta.url).resolve("hardhat/internal/cli/bootstrap.js");
  const child = spawn(
    process.execPath,
    [
      "--require",
      EXIT_WITH_PARENT,
      hardhatCli,
      "node",
      "--config",
      HARDHAT_CONFIG,
      "--hostname",
      "127.0.0.1",
      "--port",
      String(port),
    ],
    {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        HARDHAT_DISABLE_TELEMETRY_PROMPT: "true",
        LOCAL_CHAIN_GENESIS_DATE: genesisDate ?? "",
        LOCAL_CHAIN_HISTORY_FILE: history?.file ?? "",
        LOCAL_CHAIN_HISTORY_MODE: history?.mode ?? "",
      },
      // stdin is the chain's lifeline: it closes when this process dies, however it dies.
      stdio: ["pipe", "pipe", "pipe"],
      // Its own process group: a terminal's Ctrl-C or a service manager's signal to the whole
      // group reaches only the process that started it, which saves the chain's history (see
      // scripts/start.ts) before calling stop(). Dying with the group would lose that history.
      detached: true,
    },
  );

  let stderrTail = "";
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => {
    stderrTail = (stderrTail + chunk).slice(-STDERR_TAIL_CHARS);
  });

  // "close" rather than "exit": it waits for stderr to be fully read. A spawn failure emits
  // "error" and may never close.
  const exited = new Promise<NodeExit>((resolve) => {
    child.once("close", (code, signal) => resolve({ code, signal, stderr: stderrTail }));
    child.once("error", (error) => resolve({ code: null, signal: null, stderr: `${stderrTail}${error.message}` }));
  });

  // Signals go to the node's whole group, so nothing it started outlives it.
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, name);
    } catch {
      child.kill(name); // the group is gone already (or never formed)
    }
  };
  // If this process exits without calling stop(), do not leave the node running.
  const killOnExit = () => signal("SIGKILL");
  process.once("exit", killOnExit);
  void exited.then(() => process.removeListener("exit", killOnExit));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      signal("SIGTERM");
      signal("SIGCONT"); // a paused node handles its SIGTERM only once it runs again
      const timer = setTimeout(() => signal("SIGKILL"), STOP_GRACE_MS);
      await exited;
      clearTimeout(timer);
    }
  };

  try {
    const rpcUrl = await waitForReadyLine(child, exited, () => stderrTail, startupTimeoutMs);
    return { rpcUrl, exited, stop, pause: () => signal("SIGSTOP"), resume: () => signal("SIGCONT") };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * Resolves with the RPC URL once Hardhat reports it is listening. Stdout is read until then and
 * drained (never logged) afterwards: Hardhat prints the accounts' private keys there, and an
 * unread pipe would eventually block the node.
 */
function waitForReadyLine(
  child: ChildProcess,
  exited: Promise<NodeExit>,
  stderrTail: () => string,
  timeoutMs: number,
): Promise<string> {
  return new Promise((resolve, reject) => {
    let ready = false;
    let stdoutHead = "";
    child.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
      if (ready) return;
      stdoutHead += chunk;
      const match = READY_LINE.exec(stdoutHead);
      if (match) {
        ready = true;
        stdoutHead = "";
        clearTimeout(timer);
        resolve(match[1]);
      }
    });

    const timer = setTimeout(() => {
      reject(new Error(`Hardhat node did not start within ${timeoutMs} ms${describeStderr(stderrTail())}`));
    }, timeoutMs);

    void exited.then(({ code, signal, stderr }) => {
      if (ready) return;
      clearTimeout(timer);
      const how = signal ? `signal ${signal}` : `code ${code}`;
      reject(new Error(`Hardhat node exited with ${how} before listening${describeStderr(stderr)}`));
    });
  });
}

function describeStderr(stderr: string): string {
  const trimmed = stderr.trim();
  return trimmed ? `:\n${trimmed}` : " (no output on stderr)";
}

// ---------------------------------------------------------------------------------------------
// Contracts

interface CompiledContracts {
  testUsdc: { abi: Abi; bytecode: Hex };
  /** Runtime code, installed with hardhat_setCode at the canonical address. */
  multicall3RuntimeCode: Hex;
}

type Solc = typeof import("solc");

/** Compiles ./contracts/TestUSDC.sol with the npm solc build (1 to 1.5 s here). */
function compileContracts(solc: Solc): CompiledContracts {
  const input = {
    language: "Solidity",
    sources: { "TestUSDC.sol": { content: readFileSync(CONTRACT_SOURCE, "utf8") } },
    settings: {
      optimizer: { enabled: true, runs: 200 },
      // Pinned rather than solc's newest default so the bytecode runs on any current EVM chain.
      evmVersion: "cancun",
      outputSelection: {
        "TestUSDC.sol": {
          TestUSDC: ["abi", "evm.bytecode.object"],
          Multicall3: ["evm.deployedBytecode.object"],
        },
      },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === "error");
  if (errors.length > 0) {
    throw new Error(`Compiling TestUSDC.sol failed:\n${errors.map((e) => e.formattedMessage).join("\n")}`);
  }
  const compiled = output.contracts!["TestUSDC.sol"];
  return {
    testUsdc: { abi: compiled.TestUSDC.abi!, bytecode: `0x${compiled.TestUSDC.evm.bytecode!.object}` },
    multicall3RuntimeCode: `0x${compiled.Multicall3.evm.deployedBytecode!.object}`,
  };
}

interface SolcOutput {
  errors?: { severity: "error" | "warning" | "info"; formattedMessage: string }[];
  contracts?: Record<
    string,
    Record<string, { abi?: Abi; evm: { bytecode?: { object: string }; deployedBytecode?: { object: string } } }>
  >;
}

/** Deploys TestUSDC, installs Multicall3 and mints `payerBalance` to each payer. */
async function deployToken(
  rpcUrl: string,
  contracts: CompiledContracts,
  payerPrivateKeys: Hex[],
  payerBalance: bigint,
): Promise<Address> {
  const chain = localChainDefinition(rpcUrl);
  const transport = http(rpcUrl);
  // Hardhat mines each transaction as it arrives, so receipts are ready at once: poll fast.
  const publicClient = createPublicClient({ chain, transport, pollingInterval: 50 });
  const deployer = createWalletClient({
    account: privateKeyToAccount(hardhatPrivateKey(ACCOUNT_INDEX.deployer)),
    chain,
    transport,
  });

  await createTestClient({ chain, transport, mode: "hardhat" }).setCode({
    address: MULTICALL3_ADDRESS,
    bytecode: contracts.multicall3RuntimeCode,
  });

  const deployHash = await deployer.deployContract({
    abi: contracts.testUsdc.abi,
    bytecode: contracts.testUsdc.bytecode,
  });
  const { contractAddress, status } = await publicClient.waitForTransactionReceipt({ hash: deployHash });
  if (status !== "success" || !contractAddress) {
    throw new Error(`Deploying TestUSDC failed (transaction ${deployHash})`);
  }

  for (const key of payerPrivateKeys) {
    const hash = await deployer.writeContract({
      address: contractAddress,
      abi: testUsdcAbi,
      functionName: "mint",
      args: [privateKeyToAccount(key).address, payerBalance],
    });
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== "success") throw new Error(`Minting TestUSDC failed (transaction ${hash})`);
  }
  return getAddress(contractAddress);
}

/**
 * Every private key the local chain uses or could use (Hardhat's accounts): test keys, public
 * by construction, which must still never be part of a client bundle (a test scans the build).
 */
export function localChainTestKeys(): Hex[] {
  return Array.from({ length: HARDHAT_ACCOUNT_COUNT }, (_, i) => hardhatPrivateKey(i));
}

function hardhatPrivateKey(addressIndex: number): Hex {
  const privateKey = mnemonicToAccount(HARDHAT_MNEMONIC, { addressIndex }).getHdKey().privateKey;
  if (!privateKey) throw new Error(`Cannot derive Hardhat account #${addressIndex}`);
  return toHex(privateKey);
}
