/**
 * MCP clients for tests: an official SDK client (through dev/pay/mcp-client.ts, 2.x by default,
 * or 1.x) over the /mcp route handler, answered in-process or by a running server.
 */
import type { CallToolResult } from "@modelcontextprotocol/client";
import type { Hex } from "viem";
import { expect } from "vitest";
import { POST } from "@/app/mcp/route";
import { connectPayingMcpClient, type McpSdkLine, type PayingMcpClient } from "@/dev/pay";
import type { LocalChain } from "@/dev/chain";
import { appFetch } from "../support/payments";

export const MCP_URL = "http://localhost:3000/mcp";

/** fetch() answered by the /mcp route handler in this process. */
export const mcpRouteFetch = appFetch({ "/mcp": (request) => POST(request) });

/** A client of the in-process route; with `payerKey`, paid tools are paid in the chain's TestUSDC. */
export function mcpClient(
  chain?: LocalChain,
  payerKey?: Hex,
  {
    url = MCP_URL,
    fetch = mcpRouteFetch,
    sdk,
  }: { url?: string; fetch?: typeof globalThis.fetch; sdk?: McpSdkLine } = {},
): Promise<PayingMcpClient> {
  const payer =
    chain && payerKey ? { privateKey: payerKey, network: chain.network, allowedAsset: chain.asset } : undefined;
  return connectPayingMcpClient({ url, payer, fetch, sdk });
}

/** A tool call with exactly these arguments and `_meta`, nothing paid on the client's side. */
export async function rawCall(
  mcp: PayingMcpClient,
  name: string,
  args: Record<string, unknown>,
  meta?: Record<string, unknown>,
): Promise<CallToolResult> {
  return mcp.client.callTool({ name, arguments: args, ...(meta ? { _meta: meta } : {}) });
}

/** The HTTP API's error body a tool error carries: as JSON in its text, and as structuredContent when it has one. */
export function errorBodyOf(result: CallToolResult): Record<string, unknown> {
  const body = JSON.parse((result.content[0] as { text: string }).text) as Record<string, unknown>;
  if (result.structuredContent) expect(result.structuredContent).toEqual(body);
  return body;
}
