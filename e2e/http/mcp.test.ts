/**
 * /mcp on the production build over real HTTP: both official MCP SDK client lines (2.x and the
 * 1.x most agents run, through dev/pay/mcp-client.ts) list, browse and buy, paying on the local
 * chain that `npm start` runs;
 * an older (2025-era) client is served by the stateless fallback; `npm run mcp:call` buys in
 * one command.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { createPublicClient, http, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { disclosureSummaryDto } from "@/lib/interface/schemas";
import { connectPayingMcpClient, type PayingMcpClient } from "@/dev/pay";
import { paymentRequiredOf, X402_META } from "@/lib/mcp/x402";
import { localChainStateFile, readLocalChainState, testUsdcAbi, type LocalChainState } from "@/dev/chain";
import { startProductionServer, type ServerProcess } from "../../dev/support/server-process";

const RCPT_NO = "20260424000778"; // bundled with its real body: its summary can be sold

let server: ServerProcess;
let chain: LocalChainState;
let mcpUrl: string;
let anonymous: PayingMcpClient;

beforeAll(async () => {
  server = await startProductionServer();
  mcpUrl = `${server.base}/mcp`;
  chain = (await readLocalChainState(localChainStateFile(server.dataDir)))!;
  anonymous = await connectPayingMcpClient({ url: mcpUrl });
});

afterAll(async () => {
  await anonymous?.close();
  await server?.stop();
});

const addressOf = (key: Hex) => privateKeyToAccount(key).address;
const balanceOf = (account: `0x${string}`) =>
  createPublicClient({ transport: http(chain.rpcUrl) }).readContract({
    address: chain.asset,
    abi: testUsdcAbi,
    functionName: "balanceOf",
    args: [account],
  });

describe("/mcp on the production server", () => {
  it("lists every tool with its schemas", async () => {
    const { tools } = await anonymous.client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([
      "buy_alert_credit",
      "create_watchlist",
      "delete_watchlist",
      "get_company",
      "get_filing_facts",
      "get_filing_summary",
      "get_latest_summaries_for_ticker",
      "get_pricing",
      "get_sample_summary",
      "get_sign_in_challenge",
      "get_vocabulary",
      "list_recent_filings",
      "list_watchlist_alerts",
      "list_watchlist_deliveries",
      "list_watchlists",
      "search_companies",
      "search_filings",
      "send_test_delivery",
      "update_watchlist",
    ]);
    // The paid tools declare no outputSchema: their error results carry the x402 PaymentRequired.
    const paid = ["buy_alert_credit", "get_filing_facts", "get_filing_summary", "get_latest_summaries_for_ticker"];
    for (const tool of tools)
      expect(tool.outputSchema?.type, tool.name).toBe(paid.includes(tool.name) ? undefined : "object");
  });

  it("answers free tools with the snapshot's data", async () => {
    const { result } = await anonymous.callTool("list_recent_filings", { limit: 3 });
    expect((result.structuredContent as { filings: unknown[] }).filings).toHaveLength(3);
    const { result: company } = await anonymous.callTool("get_company", { ticker: "005930" });
    expect(company.structuredContent).toMatchObject({ ticker: "005930", corpCode: expect.any(String) });
  });

  it("challenges an unpaid paid tool, and refuses invalid arguments without a challenge", async () => {
    const { result } = await anonymous.callTool("get_latest_summaries_for_ticker", { ticker: "005930", limit: 2 });
    expect(result.isError).toBe(true);
    expect(paymentRequiredOf(result)?.accepts[0]).toMatchObject({
      amount: "10000",
      asset: chain.asset,
      payTo: chain.payTo,
    });
    const invalid = await anonymous.callTool("get_filing_summary", { rcptNo: "abc" });
    expect(invalid.result.isError).toBe(true);
    expect(paymentRequiredOf(invalid.result)).toBeUndefined();
  });

  it.each([1, 2] as const)(
    "sells a summary for 0.005 USDC to an SDK %i.x client, settled on the chain",
    async (sdk) => {
      const key = chain.payerPrivateKeys[sdk - 1];
      const payer = await connectPayingMcpClient({
        url: mcpUrl,
        payer: { privateKey: key, network: chain.network, allowedAsset: chain.asset },
        sdk,
      });
      try {
        const [payerBefore, payToBefore] = await Promise.all([balanceOf(addressOf(key)), balanceOf(chain.payTo)]);
        const { result, settlement } = await payer.callTool("get_filing_summary", { rcptNo: RCPT_NO });
        expect(result.isError).toBeFalsy();
        expect(disclosureSummaryDto.parse(result.structuredContent).rcptNo).toBe(RCPT_NO);
        expect(result._meta?.[X402_META.paymentResponse]).toEqual(settlement);
        expect(settlement).toMatchObject({
          success: true,
          payer: addressOf(key),
          transaction: expect.stringMatching(/^0x[0-9a-f]{64}$/),
        });
        const [payerAfter, payToAfter] = await Promise.all([balanceOf(addressOf(key)), balanceOf(chain.payTo)]);
        expect([payerBefore - payerAfter, payToAfter - payToBefore]).toEqual([5000n, 5000n]);
      } finally {
        await payer.close();
      }
    },
  );

  it("buys in one command with npm run mcp:call", async () => {
    const run = promisify(execFile);
    const { stdout, stderr } = await run(
      "npm",
      ["run", "--silent", "mcp:call", "--", "get_filing_summary", JSON.stringify({ rcptNo: RCPT_NO })],
      {
        env: { ...process.env, DATA_DIR: server.dataDir, MCP_URL: mcpUrl, PAYER_KEY: chain.payerPrivateKeys[2] },
      },
    );
    expect(disclosureSummaryDto.parse(JSON.parse(stdout)).rcptNo).toBe(RCPT_NO);
    expect(stderr).toMatch(/settlement succeeded\n\s+transaction 0x[0-9a-f]{64}/);
  });

  it("serves a 2025-era client through the stateless fallback, and browsers through CORS", async () => {
    const post = (body: object) =>
      fetch(mcpUrl, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
        body: JSON.stringify(body),
      });
    const init = await post({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "legacy", version: "1" } },
    });
    expect(init.status).toBe(200);
    expect(init.headers.get("access-control-allow-origin")).toBe("*");
    expect(await init.text()).toContain('"name":"dart-in-english"');

    const preflight = await fetch(mcpUrl, {
      method: "OPTIONS",
      headers: {
        Origin: "https://example.com",
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "content-type, mcp-protocol-version",
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-headers")).toContain("Mcp-Protocol-Version");
  });
});
