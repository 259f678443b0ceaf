/**
 * `npm run payments:reconcile -- [--from-block N] [--to-block N]`: resolves the ledger's pending
 * payments against the chain (as the server does every minute), then compares its settled ones
 * with the chain's Transfer events to payTo over a block range (default: from block 0 to the
 * latest) and prints the gap. Exits 1 when there is one; its target is 0.
 *
 * With X402_RPC_URL, that chain, for X402_NETWORK/X402_ASSET/X402_PAY_TO; otherwise the
 * payment configuration in force (as the server resolves it) and its local chain; a local chain
 * that has stopped (the server is down) is rebuilt from its saved history for the run. The embedded
 * database is reached through the running server when there is one (see db/embedded-owner.ts).
 */
import { parseArgs } from "node:util";
import { getDatabase } from "@/lib/database";
import { env } from "@/lib/env";
import { reconcileTarget } from "@/lib/payments/config";
import { localChainAnswers, localChainHistoryFile, readLocalChainHistory, restoreLocalChain } from "@/dev/chain";
import { createPublicClient, http } from "viem";
import { resolvePendingPayments, type ResolutionReport } from "@/lib/payments/ledger-resolution";
import { reconcilePayments, type ReconcileReport } from "@/lib/payments/reconcile";
import { unitsToUsdc } from "@/lib/interface/pricing";

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { "from-block": { type: "string" }, "to-block": { type: "string" } } });
  const fromBlock = blockNumber("--from-block", values["from-block"]) ?? 0n;
  const toBlock = blockNumber("--to-block", values["to-block"]);

  const { terms, rpcUrl: configuredRpcUrl, localChain } = await reconcileTarget();
  let rpcUrl = configuredRpcUrl;
  let restored: Awaited<ReturnType<typeof restoreLocalChain>> | undefined;
  if (localChain && !(await localChainAnswers(localChain))) {
    const history = await readLocalChainHistory(localChainHistoryFile(env().DATA_DIR));
    if (!history)
      throw new Error(`The local chain at ${localChain.rpcUrl} is not running and no history of it was saved`);
    restored = await restoreLocalChain(localChain, history);
    rpcUrl = restored.rpcUrl;
  }
  if (!rpcUrl) throw new Error(`Set X402_RPC_URL to a JSON-RPC endpoint of ${terms.network}`);

  const database = await getDatabase();
  try {
    const client = createPublicClient({ transport: http(rpcUrl) });
    const resolution = await resolvePendingPayments(database.db, client, terms.network);
    const report = await reconcilePayments({ db: database.db, rpcUrl, terms, fromBlock, toBlock });
    print(report, resolution, `${terms.network}, asset ${terms.asset}, payTo ${terms.payTo}`);
    return report.gap === 0 ? 0 : 1;
  } finally {
    await database.close();
    await restored?.stop();
  }
}

function blockNumber(flag: string, value: string | undefined): bigint | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new Error(`${flag} must be a block number, got "${value}"`);
  return BigInt(value);
}

function print(report: ReconcileReport, resolution: ResolutionReport, terms: string): void {
  const lines = [
    `Payments to ${terms}`,
    `Pending ledger rows resolved against the chain: ${resolution.settled} settled, ${resolution.void} void`,
    `Blocks ${report.fromBlock}-${report.toBlock}: ${report.transfers} transfers on chain, ${report.ledgerRows} ledger rows`,
    ...report.notInLedger.map(
      (t) =>
        `  on chain, not in the ledger: ${t.txHash} (block ${t.blockNumber}) ${unitsToUsdc(t.value)} USDC from ${t.from}`,
    ),
    ...report.notOnChain.map(
      (p) =>
        `  in the ledger, not on chain: ${p.txHash} ${unitsToUsdc(p.amount)} USDC from ${p.payer} (${p.endpoint}, ${p.settledAt?.toISOString()})`,
    ),
    ...report.pending.map(
      (p) =>
        `  pending (may still settle until ${p.validBefore?.toISOString()}): ${unitsToUsdc(p.amount)} USDC from ${p.payer} (${p.endpoint}${p.failure ? `; settlement failed: ${p.failure}` : ""})`,
    ),
    ...report.amountMismatches.map(
      (m) => `  amounts differ: ${m.txHash} ledger ${unitsToUsdc(m.ledger)} USDC, chain ${unitsToUsdc(m.chain)} USDC`,
    ),
    `Gap: ${report.gap}`,
  ];
  console.log(lines.join("\n"));
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(2);
  },
);
