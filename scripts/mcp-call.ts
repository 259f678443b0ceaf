/**
 * `npm run mcp:call -- <tool> ['<json arguments>']`: calls a tool of the /mcp endpoint with the
 * official MCP SDK client, and pays a paid tool's x402 challenge.
 *
 *   npm run mcp:call -- --list
 *   npm run mcp:call -- list_recent_filings '{"limit":5}'
 *   npm run mcp:call -- get_filing_summary '{"rcptNo":"20260730800123"}'
 *   npm run mcp:call -- get_latest_summaries_for_ticker '{"ticker":"005930","limit":3}'
 *
 * The endpoint is MCP_URL, else PUBLIC_BASE_URL + /mcp (default http://localhost:3000/mcp). The
 * payer is the same as `npm run pay`'s: PAYER_KEY, or else the local chain's first test payer;
 * the local chain's TestUSDC is the only token besides the built-in USDC list that will be paid,
 * and no single payment may exceed 0.25 USDC. Without a payer, free tools still work and paid
 * ones print their PaymentRequired.
 *
 * Prints the structured result on stdout and the payment and settlement on stderr; exits 1
 * when the tool answers with an error.
 */
import { privateKeyToAccount } from "viem/accounts";
import { publicBaseUrl } from "@/lib/env";
import { choosePayer, connectPayingMcpClient, type Payer } from "@/dev/pay";

async function main(): Promise<void> {
  const [tool, json, ...rest] = process.argv.slice(2);
  if (!tool || rest.length > 0) {
    throw new Error(`Usage: npm run mcp:call -- <tool> ['{"json":"arguments"}'], or --list`);
  }
  const url = process.env.MCP_URL?.trim() || `${publicBaseUrl()}/mcp`;
  const payer = await choosePayer().catch((error: unknown): Payer | undefined => {
    console.error(
      `No payer (${error instanceof Error ? error.message : error}): paid tools will only show their price.`,
    );
    return undefined;
  });
  const mcp = await connectPayingMcpClient({ url, payer }).catch((error: unknown) => {
    throw new Error(`Could not connect to ${url}: ${error instanceof Error ? error.message : error}`);
  });
  try {
    if (tool === "--list") {
      const { tools } = await mcp.client.listTools();
      for (const t of tools)
        console.log(`${t.name}\n  ${t.description}\n  input: ${JSON.stringify(t.inputSchema.properties ?? {})}`);
      return;
    }
    if (payer)
      console.error(
        `Paying as ${privateKeyToAccount(payer.privateKey).address} (${payer.source}) on ${payer.network} if ${tool} asks`,
      );
    const { result, paymentRequired, settlement } = await mcp.callTool(tool, parseArguments(json));
    console.log(JSON.stringify(result.structuredContent ?? result.content, null, 2));

    if (paymentRequired) {
      const [offer] = paymentRequired.accepts;
      console.error(`${tool} costs ${offer.amount} units of ${offer.asset} on ${offer.network}, to ${offer.payTo}`);
    }
    if (settlement) {
      console.error(`settlement ${settlement.success ? "succeeded" : `FAILED (${settlement.errorReason})`}`);
      if (settlement.transaction)
        console.error(
          `  transaction ${settlement.transaction} on ${settlement.network}${settlement.payer ? ` from ${settlement.payer}` : ""}`,
        );
    } else if (!result.isError) {
      console.error("no payment was required");
    }
    if (result.isError) {
      const text = result.content.find((c) => c.type === "text");
      console.error(
        `${tool} answered with an error${paymentRequired?.error ? `: ${paymentRequired.error}` : text && !paymentRequired ? `: ${text.text}` : ""}`,
      );
      process.exitCode = 1;
    }
  } finally {
    await mcp.close();
  }
}

function parseArguments(json: string | undefined): Record<string, unknown> {
  if (!json) return {};
  try {
    const parsed: unknown = JSON.parse(json);
    if (typeof parsed === "object" && parsed !== null && !Array.isArray(parsed))
      return parsed as Record<string, unknown>;
  } catch {
    /* reported below */
  }
  throw new Error(`The arguments must be a JSON object, e.g. '{"rcptNo":"20260730800123"}', not ${json}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
