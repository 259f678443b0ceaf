/**
 * Ledger against chain: every Transfer of the asset to payTo in a block range should be a
 * settled row of the `payments` ledger with the same transaction and amount, and every row
 * settled in that range should be such a Transfer. The gap is everything that is not; its target
 * is 0. Pending rows (resolve them first: ./ledger-resolution.ts) are reported apart, and void
 * ones charged nothing.
 */
import { createPublicClient, getAddress, http, parseAbiItem, type Hex } from "viem";
import type { Db } from "@/db";
import { listPayments, listPendingPayments, type Payment } from "@/db/queries";
import type { PaymentTerms } from "@/lib/interface/pricing";
import { LOG_RANGE } from "./ledger-resolution";

const TRANSFER = parseAbiItem("event Transfer(address indexed from, address indexed to, uint256 value)");
/**
 * Ledger rows are read by settlement time, the server's clock against the blocks': read this much
 * wider, then keep only rows whose transaction lies in the range.
 */
const CLOCK_MARGIN_MS = 15 * 60 * 1000;

export interface ReconcileOptions {
  db: Db;
  rpcUrl: string;
  terms: PaymentTerms;
  fromBlock: bigint;
  /** Latest block when omitted. */
  toBlock?: bigint;
}

export interface ChainTransfer {
  txHash: Hex;
  from: string;
  value: bigint;
  blockNumber: bigint;
}

export interface ReconcileReport {
  fromBlock: bigint;
  toBlock: bigint;
  transfers: number;
  /** Settled rows compared. */
  ledgerRows: number;
  /** Rows whose outcome the chain has not decided yet (whatever their block range). */
  pending: Payment[];
  /** Received on chain, absent from the ledger (a lost ledger write, or a payment from elsewhere). */
  notInLedger: ChainTransfer[];
  /** In the ledger, with no such Transfer on chain. */
  notOnChain: Payment[];
  /** In both, for different amounts. */
  amountMismatches: { txHash: string; ledger: bigint; chain: bigint }[];
  gap: number;
}

export async function reconcilePayments({
  db,
  rpcUrl,
  terms,
  fromBlock,
  toBlock,
}: ReconcileOptions): Promise<ReconcileReport> {
  const client = createPublicClient({ transport: http(rpcUrl) });
  const chainId = await client.getChainId();
  if (`eip155:${chainId}` !== terms.network) {
    throw new Error(`The RPC at ${rpcUrl} is eip155:${chainId}, but payments are on ${terms.network}`);
  }
  const lastBlock = toBlock ?? (await client.getBlockNumber());

  const transfers = new Map<string, ChainTransfer>();
  for (let start = fromBlock; start <= lastBlock; start += LOG_RANGE) {
    const end = start + LOG_RANGE - 1n < lastBlock ? start + LOG_RANGE - 1n : lastBlock;
    const logs = await client.getLogs({
      address: terms.asset,
      event: TRANSFER,
      args: { to: terms.payTo },
      fromBlock: start,
      toBlock: end,
    });
    for (const log of logs) {
      const txHash = log.transactionHash.toLowerCase();
      const earlier = transfers.get(txHash);
      transfers.set(txHash, {
        txHash: log.transactionHash,
        from: getAddress(log.args.from!),
        value: (earlier?.value ?? 0n) + log.args.value!,
        blockNumber: log.blockNumber,
      });
    }
  }

  const [first, last] = await Promise.all([
    client.getBlock({ blockNumber: fromBlock }),
    client.getBlock({ blockNumber: lastBlock }),
  ]);
  const candidates = await listPayments(db, {
    ...terms,
    status: "settled",
    settledFrom: new Date(Number(first.timestamp) * 1000 - CLOCK_MARGIN_MS),
    settledUntil: new Date(Number(last.timestamp) * 1000 + CLOCK_MARGIN_MS),
  });

  const ledger: Payment[] = [];
  const notOnChain: Payment[] = [];
  for (const row of candidates) {
    if (row.txHash && transfers.has(row.txHash.toLowerCase())) {
      ledger.push(row);
      continue;
    }
    // Not among the range's transfers: out of range (kept out of the comparison), or a gap.
    const receipt = row.txHash
      ? await client.getTransactionReceipt({ hash: row.txHash as Hex }).catch(() => undefined)
      : undefined;
    if (receipt && (receipt.blockNumber < fromBlock || receipt.blockNumber > lastBlock)) continue;
    notOnChain.push(row);
  }

  const inLedger = new Map(ledger.map((row) => [row.txHash!.toLowerCase(), row]));
  const notInLedger = [...transfers.entries()]
    .filter(([txHash]) => !inLedger.has(txHash))
    .map(([, transfer]) => transfer);
  const amountMismatches = ledger
    .map((row) => ({ txHash: row.txHash!, ledger: row.amount, chain: transfers.get(row.txHash!.toLowerCase())!.value }))
    .filter((m) => m.ledger !== m.chain);

  return {
    fromBlock,
    toBlock: lastBlock,
    transfers: transfers.size,
    ledgerRows: ledger.length + notOnChain.length,
    pending: (await listPendingPayments(db, { network: terms.network })).filter(
      (row) => row.payTo === terms.payTo && row.asset === terms.asset,
    ),
    notInLedger,
    notOnChain,
    amountMismatches,
    gap: notInLedger.length + notOnChain.length + amountMismatches.length,
  };
}
