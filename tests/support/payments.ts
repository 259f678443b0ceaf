/**
 * The real payment stack for route tests: a Hardhat chain with TestUSDC, its state file in a
 * fresh DATA_DIR (where the app finds it, as the dev server does), the app's own database
 * (PGlite in that DATA_DIR, or a fresh PostgreSQL database with DATABASE_URL), and clients that
 * call the real route handlers in-process.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { decodePaymentRequiredHeader, encodePaymentSignatureHeader } from "@x402/core/http";
import type { PaymentPayload, PaymentRequired, PaymentRequirements } from "@x402/core/types";
import { createPublicClient, createWalletClient, http, parseAbi, type Address, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/database";
import { payments } from "@/db/schema";
import { resetEnv } from "@/lib/env";
import { createPayingFetch, createPaymentClient } from "@/dev/pay";
import { MAX_TIMEOUT_SECONDS, USDC_EIP712 } from "@/lib/interface/pricing";
import {
  localChainDefinition,
  localChainStateFile,
  startLocalChain,
  testUsdcAbi,
  USDC_UNIT,
  writeLocalChainState,
  type LocalChain,
} from "@/dev/chain";
import { afterAll, beforeAll } from "vitest";
// Not a React hook, whatever its name says.
import { useFreshAppDatabase as freshAppDatabase } from "./app";

type RouteHandler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

/** Environment variables a developer's shell might carry that would change the payment set-up. */
export const PAYMENT_VARIABLES = [
  "FACILITATOR_URL",
  "X402_PAY_TO",
  "X402_ASSET",
  "X402_NETWORK",
  "CDP_API_KEY_ID",
  "CDP_API_KEY_SECRET",
  "PUBLIC_BASE_URL",
  "PUBLIC_ALIASES",
];

/** A fresh app database and DATA_DIR, with no payment configuration in the environment. */
export async function freshPaymentApp(): Promise<{ dataDir: string; teardown(): Promise<void> }> {
  const closeDatabase = await freshAppDatabase();
  const dataDir = await mkdtemp(join(tmpdir(), "payments-test-"));
  process.env.DATA_DIR = dataDir;
  for (const name of PAYMENT_VARIABLES) delete process.env[name];
  resetEnv();
  return {
    dataDir,
    async teardown() {
      await closeDatabase();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface PaymentTestStack {
  chain: LocalChain;
  dataDir: string;
  balanceOf(account: Address): Promise<bigint>;
  blockNumber(): Promise<bigint>;
  /** New wallets holding `amount` TestUSDC each (sent by the chain's first payer). */
  fundedWallets(count: number, amount?: bigint): Promise<Hex[]>;
  teardown(): Promise<void>;
}

/**
 * The payment stack of a test file: started before its tests (its first beforeAll, so the file's
 * own hooks run after it) and stopped after them. The object is filled in when the stack is up,
 * so helpers at the file's top level can close over it.
 */
export function setUpPaymentTestStack(): PaymentTestStack {
  const stack = {} as PaymentTestStack;
  beforeAll(async () => {
    Object.assign(stack, await startPaymentTestStack());
  });
  afterAll(async () => stack.teardown?.());
  return stack;
}

async function startPaymentTestStack(): Promise<PaymentTestStack> {
  const app = await freshPaymentApp();
  const chain = await startLocalChain({ payerCount: 3, payerBalance: 1_000n * USDC_UNIT });
  await writeLocalChainState(localChainStateFile(app.dataDir), chain);
  const publicClient = createPublicClient({
    chain: localChainDefinition(chain.rpcUrl),
    transport: http(chain.rpcUrl),
    pollingInterval: 50,
  });
  const treasury = createWalletClient({
    account: privateKeyToAccount(chain.payerPrivateKeys[0]),
    chain: localChainDefinition(chain.rpcUrl),
    transport: http(chain.rpcUrl),
  });
  const transfer = parseAbi(["function transfer(address to, uint256 value) returns (bool)"]);

  return {
    chain,
    dataDir: app.dataDir,
    balanceOf: (account) =>
      publicClient.readContract({ address: chain.asset, abi: testUsdcAbi, functionName: "balanceOf", args: [account] }),
    blockNumber: () => publicClient.getBlockNumber(),
    async fundedWallets(count, amount = 10n * USDC_UNIT) {
      const keys = Array.from({ length: count }, () => generatePrivateKey());
      for (const key of keys) {
        const hash = await treasury.writeContract({
          address: chain.asset,
          abi: transfer,
          functionName: "transfer",
          args: [privateKeyToAccount(key).address, amount],
        });
        await publicClient.waitForTransactionReceipt({ hash });
      }
      return keys;
    },
    async teardown() {
      await chain.stop();
      await app.teardown();
    },
  };
}

/**
 * A fresh payment stack and rate limit for the environment as it now is (a test changed
 * PAYMENT_TIMEOUT_MS or PAYMENT_FAULT_POINT, say); `budget` refused payments per minute (0: no limit).
 */
export function rebuildPaymentStack(budget = 0): void {
  process.env.RATE_LIMIT_PER_MINUTE = String(budget);
  resetEnv();
  const state = globalThis as { __paymentStack?: unknown; __rateLimit?: unknown };
  state.__paymentStack = undefined;
  state.__rateLimit = undefined;
}

/** fetch() answered by the route handlers in this process, by path. */
export function appFetch(routes: Record<string, RouteHandler>): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const handler = routes[new URL(request.url).pathname];
    if (!handler) throw new Error(`no route handler for ${request.url}`);
    return handler(request, { params: Promise.resolve({}) });
  };
}

/** An agent: @x402/fetch with a viem account, paying whatever 402 it meets in TestUSDC. */
export function payingAgent(
  fetch: typeof globalThis.fetch,
  chain: LocalChain,
  privateKey: Hex,
): typeof globalThis.fetch {
  return createPayingFetch({ fetch, privateKey, network: chain.network, allowedAsset: chain.asset });
}

/** The challenge of a 402 from its PAYMENT-REQUIRED header. */
export function challengeFrom(response: Response): PaymentRequired {
  const header = response.headers.get("PAYMENT-REQUIRED");
  if (!header) throw new Error(`no PAYMENT-REQUIRED header on a ${response.status}`);
  return decodePaymentRequiredHeader(header);
}

/** A payment signed by `privateKey` for the challenge's first offer, with `changes` made to that offer. */
export async function signPayment(
  chain: LocalChain,
  privateKey: Hex,
  challenge: PaymentRequired,
  changes: Partial<PaymentRequired["accepts"][number]> = {},
): Promise<{ payload: PaymentPayload; header: string }> {
  const offer = { ...challenge.accepts[0], ...changes };
  const payload = await createPaymentClient({
    privateKey,
    network: chain.network,
    allowedAsset: chain.asset,
  }).createPaymentPayload({
    ...challenge,
    accepts: [offer],
  });
  return { payload, header: encodePaymentSignatureHeader(payload) };
}

export function addressOf(privateKey: Hex): Address {
  return privateKeyToAccount(privateKey).address;
}

/** Runs `run` and returns its result with how much the payer's and payTo's balances changed. */
export async function measureBalances<T>(stack: PaymentTestStack, payerKey: Hex, run: () => Promise<T>) {
  const payerAddress = addressOf(payerKey);
  const [payerBefore, payToBefore] = await Promise.all([
    stack.balanceOf(payerAddress),
    stack.balanceOf(stack.chain.payTo),
  ]);
  const result = await run();
  const [payerAfter, payToAfter] = await Promise.all([
    stack.balanceOf(payerAddress),
    stack.balanceOf(stack.chain.payTo),
  ]);
  return { result, paid: payerBefore - payerAfter, received: payToAfter - payToBefore };
}

/** The payment ledger's row for a settlement transaction. */
export async function ledgerRow(txHash: string) {
  const rows = await (await getDb()).select().from(payments).where(eq(payments.txHash, txHash));
  return rows[0];
}

/** The `exact` requirements the service asks for: `amount` token units of `asset` to `payTo` on `network`. */
export function exactRequirements(
  { network, asset, payTo }: Pick<LocalChain, "network" | "asset" | "payTo">,
  amount: bigint | string = 5000n,
): PaymentRequirements {
  return {
    scheme: "exact",
    network,
    asset,
    amount: amount.toString(),
    payTo,
    maxTimeoutSeconds: MAX_TIMEOUT_SECONDS,
    extra: { ...USDC_EIP712 },
  };
}
