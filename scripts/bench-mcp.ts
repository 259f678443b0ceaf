/**
 * `npm run build && npm run bench:mcp -- [--calls N] [--sessions S] [--paid N]`: what MCP costs
 * next to the HTTP API, for the same operations against the same production server in the same
 * run, over loopback.
 *
 * - Free: S concurrent MCP sessions (official SDK clients, default 20) each call
 *   list_recent_filings {limit: 20} N times (default 50), next to S concurrent HTTP clients each
 *   getting /v1/disclosures/recent?limit=20 N times. Rounds alternate, so both see the same machine.
 * - Paid, cached: get_filing_summary of a filing whose summary is cached, bought --paid times
 *   (default 50) one after another, next to the same purchase of /v1/disclosures/summary; every
 *   call settles on the local chain. Payments are signed beforehand (signing is the client's time).
 *
 * Starts `npm start` (next start and a local Hardhat chain) on free ports with a throwaway data
 * folder (the bundled snapshot, PGlite unless DATABASE_URL is set).
 */
import { parseArgs } from "node:util";
import { decodePaymentRequiredHeader, encodePaymentSignatureHeader } from "@x402/core/http";
import type { PaymentPayload } from "@x402/core/types";
import { connectPayingMcpClient, createPaymentClient, type PayingMcpClient } from "@/dev/pay";
import { paymentRequiredOf, X402_META } from "@/lib/mcp/x402";
import { localChainStateFile, readLocalChainState } from "@/dev/chain";
import { startProductionServer } from "../tests/support/production-server";
import { fmt, percentile } from "./support/stats";

const RCPT_NO = "20260730800123";
const ROUNDS = 4;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { calls: { type: "string", default: "50" }, sessions: { type: "string", default: "20" }, paid: { type: "string", default: "50" } },
  });
  const [calls, sessions, paidRuns] = [values.calls, values.sessions, values.paid].map(Number);
  if (![calls, sessions, paidRuns].every((n) => Number.isInteger(n) && n > 0)) throw new Error("--calls, --sessions and --paid must be positive integers");

  const server = await startProductionServer({ quiet: true });
  const clients: PayingMcpClient[] = [];
  try {
    const mcpUrl = `${server.base}/mcp`;
    const recentUrl = `${server.base}/v1/disclosures/recent?limit=20`;
    const summaryUrl = `${server.base}/v1/disclosures/summary?rcptNo=${RCPT_NO}`;
    const chain = (await readLocalChainState(localChainStateFile(server.dataDir)))!;
    for (let i = 0; i < sessions; i++) clients.push(await connectPayingMcpClient({ url: mcpUrl }));

    const mcpRecent = async (client: PayingMcpClient) => {
      const { result } = await client.callTool("list_recent_filings", { limit: 20 });
      if (result.isError || (result.structuredContent as { filings: unknown[] }).filings.length !== 20) throw new Error("list_recent_filings failed");
    };
    const httpRecent = async () => {
      const response = await fetch(recentUrl);
      if (response.status !== 200 || (await response.json()).filings.length !== 20) throw new Error(`recent answered ${response.status}`);
    };

    // Free: concurrent sessions, alternating rounds.
    const free = { mcp: [] as number[], http: [] as number[] };
    const perRound = Math.max(1, Math.ceil(calls / ROUNDS));
    await Promise.all(clients.map((c) => mcpRecent(c)));
    await Promise.all(clients.map(() => httpRecent()));
    for (let round = 0; round < ROUNDS; round++) {
      free.mcp.push(...(await concurrently(clients.map((c) => () => mcpRecent(c)), perRound)));
      free.http.push(...(await concurrently(clients.map(() => httpRecent), perRound)));
    }

    // Paid, cached: sign every payment first, then buy one after another, alternating transports.
    const payer = createPaymentClient({ privateKey: chain.payerPrivateKeys[0], network: chain.network, allowedAsset: chain.asset });
    const mcp = clients[0];
    const mcpChallenge = paymentRequiredOf((await mcp.callTool("get_filing_summary", { rcptNo: RCPT_NO })).result)!;
    const httpChallenge = decodePaymentRequiredHeader((await fetch(summaryUrl)).headers.get("PAYMENT-REQUIRED")!);
    const mcpPaid = async (payment: PaymentPayload) => {
      const result = await mcp.client.callTool({ name: "get_filing_summary", arguments: { rcptNo: RCPT_NO }, _meta: { [X402_META.payment]: payment } });
      if (result.isError || !(result._meta as Record<string, { success?: boolean }>)[X402_META.paymentResponse]?.success) throw new Error("paid MCP call failed");
    };
    const httpPaid = async (payment: PaymentPayload) => {
      const response = await fetch(summaryUrl, { headers: { "PAYMENT-SIGNATURE": encodePaymentSignatureHeader(payment) } });
      await response.json();
      if (response.status !== 200 || !response.headers.get("PAYMENT-RESPONSE")) throw new Error(`paid HTTP call answered ${response.status}`);
    };
    const warmUp = 3;
    const paid = { mcp: [] as number[], http: [] as number[] };
    for (let i = 0; i < paidRuns + warmUp; i++) {
      const [forMcp, forHttp] = await Promise.all([payer.createPaymentPayload(mcpChallenge), payer.createPaymentPayload(httpChallenge)]);
      const mcpMs = await timed(() => mcpPaid(forMcp));
      const httpMs = await timed(() => httpPaid(forHttp));
      if (i >= warmUp) {
        paid.mcp.push(mcpMs);
        paid.http.push(httpMs);
      }
    }

    const row = (label: string, samples: number[]) => `  ${label.padEnd(44)} ${String(samples.length).padStart(6)} ${fmt(percentile(samples, 50))} ${fmt(percentile(samples, 99))}`;
    const ratio = (a: number[], b: number[]) => (percentile(a, 99) / percentile(b, 99)).toFixed(2);
    console.log(
      [
        `MCP vs HTTP on the production build, loopback, ${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"} (${new Date().toISOString()})`,
        `  ${"".padEnd(44)} ${"calls".padStart(6)} ${"p50 ms".padStart(8)} ${"p99 ms".padStart(8)}`,
        row(`MCP list_recent_filings, ${sessions} sessions`, free.mcp),
        row(`HTTP GET /v1/disclosures/recent, ${sessions} clients`, free.http),
        row("MCP get_filing_summary, paid, cached", paid.mcp),
        row("HTTP GET /v1/disclosures/summary, paid, cached", paid.http),
        `  MCP / HTTP at p99: free ${ratio(free.mcp, free.http)}x, paid ${ratio(paid.mcp, paid.http)}x (goal: at most 1.5x)`,
      ].join("\n"),
    );
  } finally {
    await Promise.all(clients.map((c) => c.close().catch(() => {})));
    server.stop();
  }
}

/** Each worker runs `times` calls one after another, all workers at once; returns every call's latency. */
async function concurrently(workers: (() => Promise<void>)[], times: number): Promise<number[]> {
  const samples: number[] = [];
  await Promise.all(
    workers.map(async (work) => {
      for (let i = 0; i < times; i++) samples.push(await timed(work));
    }),
  );
  return samples;
}

async function timed(work: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
