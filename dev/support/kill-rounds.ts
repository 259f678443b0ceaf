/**
 * Kill-9 rounds against the payment ledger, for e2e/http/ledger-kill.test.ts and
 * bench/ledger-kill.ts. In each round N new wallets pay at once for summaries on `npm start`
 * (the production build; PGlite in a data folder kept across rounds); the server's whole process
 * group is killed with SIGKILL at a fault point of the paid call (PAYMENT_FAULT_POINT: every
 * call stops there), or mid-flight once k of the payments have settled on chain (the others
 * wherever they are); the server starts again on the same data, and the chain is
 * compared with the ledger and with what each payer can have again. The local chain is started
 * here, outside the server's process group, so it outlives the kills as a real chain would.
 *
 * Payers not answered 200 before the kill then retry, as a client does: the same signed payment
 * to the restarted server, once.
 *
 * What a round counts (each of the last five must be 0):
 * - charged: payers whose tokens moved before the kill;
 * - retried, retryDelivered, retryToldWhy: payers that sent their payment again, those it
 *   delivered, and those told why not with what to do (already settled: sign in; still pending:
 *   send again later);
 * - retryUnexplained: retries answered anything else (a bare refusal, an error);
 * - settledWithoutRow: settlement transactions with no settled ledger row once the restarted
 *   server has resolved its pending rows (its start-up pass; polled for up to 30 s);
 * - chargedUnableToRedeliver: charged payers a wallet sign-in does not get their summary for;
 * - redeliveredUnpaid: payers never charged who got the summary by signing in;
 * - chargedTwice: payers charged more than once, after those not charged paid again;
 * - neverCharged: payers still not charged after that (payments that could not be made at all).
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { decodePaymentRequiredHeader, encodePaymentSignatureHeader } from "@x402/core/http";
import { createSIWxPayload, encodeSIWxHeader } from "@x402/extensions/sign-in-with-x";
import { and, eq, inArray } from "drizzle-orm";
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  erc20Abi,
  http,
  parseAbiItem,
  type Address,
  type Hex,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { openDatabase } from "@/db/client";
import { payments } from "@/db/schema";
import { FAULT_POINT_MESSAGE, type FaultPoint } from "@/lib/payments/fault-points";
import {
  localChainDefinition,
  localChainStateFile,
  startLocalChain,
  USDC_UNIT,
  writeLocalChainState,
  type LocalChain,
} from "../chain";
import { createPaymentClient } from "../pay";
import { startProductionServer, type ServerProcess } from "./server-process";

/** Filings the snapshot bundles with their bodies: sellable, summarised offline in milliseconds. */
const RCPT_NOS = ["20260730800123", "20260424000778", "20260415900781", "20260729900778", "20260424801024"];
const PRICE = 5000n;
const TRANSFER = parseAbiItem("event Transfer(address indexed from, address indexed to, uint256 value)");
const RESOLUTION_WAIT_MS = 30_000;
/** The reasons a retried payment is refused with when it was charged already, or may yet be: each says what to do. */
const RETRY_REASONS = /^(payment_already_settled|payment_pending):/;
/** Longest wait for the round's kill moment. */
const KILL_WAIT_MS = 60_000;

export type KillAt = { point: FaultPoint } | { afterSettlements: number };

export interface RoundReport {
  killAt: string;
  payers: number;
  /** Payers answered 200 before the kill. */
  answered: number;
  charged: number;
  retried: number;
  retryDelivered: number;
  retryToldWhy: number;
  retryUnexplained: number;
  settledWithoutRow: number;
  chargedUnableToRedeliver: number;
  redeliveredUnpaid: number;
  chargedTwice: number;
  /** Payers still not charged after paying again on the restarted server: the round proved nothing about them. */
  neverCharged: number;
  /** Seconds the round first waited for the local chain's clock (waitForChainClock). */
  waitedForChainClock: number;
  /** Seconds the round took, restarts included. */
  seconds: number;
}

export interface KillRounds {
  chain: LocalChain;
  dataDir: string;
  round(killAt: KillAt, payerCount: number): Promise<RoundReport>;
  close(): Promise<void>;
}

export function describeKillAt(killAt: KillAt): string {
  return "point" in killAt ? `at ${killAt.point}` : `after ${killAt.afterSettlements} settlements`;
}

/** A local chain and a data folder for rounds; `quiet` keeps the servers' output off the console. */
export async function startKillRounds({ quiet = true }: { quiet?: boolean } = {}): Promise<KillRounds> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "ledger-kill-"));
  const chain = await startLocalChain({ payerCount: 1, payerBalance: 1_000_000n * USDC_UNIT });
  await writeLocalChainState(localChainStateFile(dataDir), chain);
  const definition = localChainDefinition(chain.rpcUrl);
  const publicClient = createPublicClient({ chain: definition, transport: http(chain.rpcUrl), pollingInterval: 50 });
  const treasury = createWalletClient({
    account: privateKeyToAccount(chain.payerPrivateKeys[0]),
    chain: definition,
    transport: http(chain.rpcUrl),
  });
  const testClient = createTestClient({ chain: definition, mode: "hardhat", transport: http(chain.rpcUrl) });
  const balanceOf = (account: Address) =>
    publicClient.readContract({ address: chain.asset, abi: erc20Abi, functionName: "balanceOf", args: [account] });

  /** New wallets holding 10 summaries' worth each, funded in one block (see waitForChainClock). */
  async function fund(count: number): Promise<Hex[]> {
    const keys = Array.from({ length: count }, () => generatePrivateKey());
    await testClient.setAutomine(false);
    try {
      let nonce = await publicClient.getTransactionCount({ address: treasury.account.address, blockTag: "pending" });
      for (const key of keys) {
        await treasury.writeContract({
          address: chain.asset,
          abi: erc20Abi,
          functionName: "transfer",
          args: [privateKeyToAccount(key).address, 10n * PRICE],
          nonce: nonce++,
        });
      }
      await testClient.mine({ blocks: 1 });
    } finally {
      await testClient.setAutomine(true);
    }
    return keys;
  }

  /**
   * A Hardhat node mining faster than a block a second stamps each block a second after the
   * last, running ahead of the wall clock until it idles; far enough ahead, every authorization
   * (valid for 300 s from the payer's clock) is expired on arrival. A real chain keeps time: wait
   * until this one is back within a minute of the wall clock. Returns the seconds waited.
   */
  async function waitForChainClock(): Promise<number> {
    const started = Date.now();
    for (;;) {
      const { timestamp } = await publicClient.getBlock({ blockTag: "latest" });
      if (Number(timestamp) * 1000 - Date.now() < 60_000) return Math.round((Date.now() - started) / 1000);
      await sleep(1000);
    }
  }

  const start = (env: Record<string, string> = {}, onOutput?: (line: string) => void, port?: number) =>
    startProductionServer({ quiet, dataDir, env, onOutput, port });

  async function round(killAt: KillAt, payerCount: number): Promise<RoundReport> {
    const started = performance.now();
    const waitedForChainClock = await waitForChainClock();
    const keys = await fund(payerCount);
    const payers = keys.map((key, i) => ({
      key,
      address: privateKeyToAccount(key).address,
      url: (base: string) => `${base}/v1/disclosures/summary?rcptNo=${RCPT_NOS[i % RCPT_NOS.length]}`,
    }));
    const before = await Promise.all(payers.map((p) => balanceOf(p.address)));
    const fromBlock = (await publicClient.getBlockNumber()) + 1n;

    // The server to kill, and the payers' payments, all sent at once.
    let stopped = 0;
    const victim = await start("point" in killAt ? { PAYMENT_FAULT_POINT: killAt.point } : {}, (line) => {
      if (line.includes(FAULT_POINT_MESSAGE)) stopped++;
    });
    const signed = await Promise.all(
      payers.map(async (p) => {
        const challenge = await fetch(p.url(victim.base));
        const required = decodePaymentRequiredHeader(challenge.headers.get("PAYMENT-REQUIRED")!);
        const client = createPaymentClient({ privateKey: p.key, network: chain.network, allowedAsset: chain.asset });
        return encodePaymentSignatureHeader(await client.createPaymentPayload(required));
      }),
    );
    const answers = payers.map((p, i) =>
      fetch(p.url(victim.base), { headers: { "PAYMENT-SIGNATURE": signed[i] } }).then(
        (response) => response.status,
        () => 0, // the connection died with the server
      ),
    );
    const settledSoFar = async () =>
      (await publicClient.getLogs({ address: chain.asset, event: TRANSFER, args: { to: chain.payTo }, fromBlock }))
        .length;
    const deadline = Date.now() + KILL_WAIT_MS;
    if ("point" in killAt) {
      while (stopped < payerCount && Date.now() < deadline) await sleep(100);
    } else {
      while ((await settledSoFar()) < killAt.afterSettlements && Date.now() < deadline) await sleep(10);
    }
    await victim.kill();
    const statuses = await Promise.all(answers);
    const answered = statuses.filter((status) => status === 200).length;

    // The same data and address, a new process: what does the chain say, and what does the ledger?
    const server = await start({}, undefined, Number(new URL(victim.base).port));
    try {
      const charged = await Promise.all(payers.map(async (p, i) => before[i] - (await balanceOf(p.address))));
      // Those without an answer send the same payment again.
      const retries = await Promise.all(
        payers.map(async (p, i) => {
          if (statuses[i] === 200) return undefined;
          const response = await fetch(p.url(server.base), { headers: { "PAYMENT-SIGNATURE": signed[i] } });
          if (response.status === 200) return "delivered";
          const reason = response.status === 402 ? ((await response.json()) as { error?: string }).error : undefined;
          return reason && RETRY_REASONS.test(reason) ? "toldWhy" : `unexplained (${response.status} ${reason})`;
        }),
      );
      for (const outcome of retries) if (outcome?.startsWith("unexplained")) console.error(`retry ${outcome}`);
      // A retry may have settled a payment the kill left unsent: count what each payer has paid now.
      const paid = await Promise.all(payers.map(async (p, i) => before[i] - (await balanceOf(p.address))));
      const settlements = (
        await publicClient.getLogs({ address: chain.asset, event: TRANSFER, args: { to: chain.payTo }, fromBlock })
      ).map((log) => log.transactionHash.toLowerCase());
      const settledWithoutRow = await waitForSettledRows(dataDir, settlements);

      let chargedUnableToRedeliver = 0;
      let redeliveredUnpaid = 0;
      for (const [i, p] of payers.entries()) {
        const status = await redeliver(server, p.key, p.url(server.base));
        if (paid[i] > 0n && status !== 200) chargedUnableToRedeliver++;
        if (paid[i] === 0n && status === 200) redeliveredUnpaid++;
      }

      // Those never charged pay again, with new signatures: nobody may end up charged twice.
      const unpaid = payers.filter((_, i) => paid[i] === 0n);
      await Promise.all(
        unpaid.map(async (p) => {
          const challenge = await fetch(p.url(server.base));
          const required = decodePaymentRequiredHeader(challenge.headers.get("PAYMENT-REQUIRED")!);
          const client = createPaymentClient({ privateKey: p.key, network: chain.network, allowedAsset: chain.asset });
          const header = encodePaymentSignatureHeader(await client.createPaymentPayload(required));
          await fetch(p.url(server.base), { headers: { "PAYMENT-SIGNATURE": header } });
        }),
      );
      const total = await Promise.all(payers.map(async (p, i) => before[i] - (await balanceOf(p.address))));
      return {
        killAt: describeKillAt(killAt),
        payers: payerCount,
        answered,
        charged: charged.filter((units) => units > 0n).length,
        retried: retries.filter(Boolean).length,
        retryDelivered: retries.filter((outcome) => outcome === "delivered").length,
        retryToldWhy: retries.filter((outcome) => outcome === "toldWhy").length,
        retryUnexplained: retries.filter((outcome) => outcome?.startsWith("unexplained")).length,
        settledWithoutRow,
        chargedUnableToRedeliver,
        redeliveredUnpaid,
        chargedTwice: total.filter((units) => units > PRICE).length,
        neverCharged: total.filter((units) => units === 0n).length,
        waitedForChainClock,
        seconds: Math.round((performance.now() - started) / 100) / 10,
      };
    } finally {
      await server.stop();
    }
  }

  return {
    chain,
    dataDir,
    round,
    async close() {
      await chain.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * How many of `settlements` still have no settled ledger row after the restarted server's
 * resolution has had up to RESOLUTION_WAIT_MS; read through the server's shared embedded database.
 */
async function waitForSettledRows(dataDir: string, settlements: string[]): Promise<number> {
  if (settlements.length === 0) return 0;
  const database = await openDatabase({ dataDir });
  try {
    const deadline = Date.now() + RESOLUTION_WAIT_MS;
    for (;;) {
      const rows = await database.db
        .select({ txHash: payments.txHash })
        .from(payments)
        .where(and(eq(payments.status, "settled"), inArray(payments.txHash, settlements)));
      const missing = settlements.length - new Set(rows.map((row) => row.txHash!.toLowerCase())).size;
      if (missing === 0 || Date.now() > deadline) return missing;
      await sleep(250);
    }
  } finally {
    await database.close();
  }
}

/** The status of asking for `url` signed in with `key`'s wallet (a fresh nonce from the server). */
async function redeliver(server: ServerProcess, key: Hex, url: string): Promise<number> {
  const challenge = (await (await fetch(`${server.base}/v1/auth/nonce`)).json()) as {
    info: Parameters<typeof createSIWxPayload>[0];
    supportedChains: { chainId: string; type: "eip191" }[];
  };
  const [{ chainId, type }] = challenge.supportedChains;
  const proof = await createSIWxPayload({ ...challenge.info, chainId, type }, privateKeyToAccount(key), server.base);
  return (await fetch(url, { headers: { "SIGN-IN-WITH-X": encodeSIWxHeader(proof) } })).status;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
