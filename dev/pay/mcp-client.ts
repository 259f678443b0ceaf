import { Client, StreamableHTTPClientTransport, type CallToolResult, type Tool } from "@modelcontextprotocol/client";
import type { PaymentRequired, SettleResponse } from "@x402/core/types";
import { paymentRequiredOf, settlementOf, X402_META } from "@/lib/mcp/x402";
import { createPaymentClient, type PaymentClientOptions } from "./client";

/**
 * A paying MCP client, the reference for agent authors: an official SDK client over Streamable
 * HTTP, which answers a paid tool's PaymentRequired by signing it (EIP-3009, with the same
 * signer and spending limits as `npm run pay`) and calling the tool once more with the payment
 * in `_meta["x402/payment"]`. Either SDK line can carry it: `@modelcontextprotocol/client` 2.x
 * (the default) or `@modelcontextprotocol/sdk` 1.x, the most used one, which checks every
 * result's structuredContent against the tool's outputSchema (errors included).
 */
export interface PaidToolCall {
  result: CallToolResult;
  /** The challenge that was paid (or, without a payer, left unpaid). */
  paymentRequired?: PaymentRequired;
  /** The settlement of the payment, when one was made: `_meta["x402/payment-response"]`. */
  settlement?: SettleResponse;
}

/** What both SDK lines' clients offer, as used here. */
export interface McpSdkClient {
  listTools(): Promise<{ tools: Tool[] }>;
  callTool(params: {
    name: string;
    arguments?: Record<string, unknown>;
    _meta?: Record<string, unknown>;
  }): Promise<CallToolResult>;
  close(): Promise<void>;
}

export interface PayingMcpClient {
  client: McpSdkClient;
  /** Calls a tool; a paid tool is paid for when a payer was given. */
  callTool(name: string, args?: Record<string, unknown>): Promise<PaidToolCall>;
  close(): Promise<void>;
}

/** `2`: @modelcontextprotocol/client; `1`: @modelcontextprotocol/sdk (a development dependency). */
export type McpSdkLine = 1 | 2;

export interface PayingMcpClientOptions {
  /** The MCP endpoint, e.g. https://example.com/mcp. */
  url: string | URL;
  /** Who pays; without one, paid tools answer with their PaymentRequired. */
  payer?: PaymentClientOptions;
  /** The fetch the transport uses (tests answer it in-process). */
  fetch?: typeof globalThis.fetch;
  /** Which SDK line's client to use (default 2). */
  sdk?: McpSdkLine;
}

export async function connectPayingMcpClient({
  url,
  payer,
  fetch,
  sdk = 2,
}: PayingMcpClientOptions): Promise<PayingMcpClient> {
  const client = await connectSdkClient(sdk, new URL(url), fetch);
  const x402 = payer ? createPaymentClient(payer) : undefined;
  // listTools first, as agents do: a 1.x client validates results only against schemas it has listed.
  await client.listTools();

  return {
    client,
    async callTool(name, args = {}) {
      const first = await client.callTool({ name, arguments: args });
      const paymentRequired = paymentRequiredOf(first);
      if (!paymentRequired || !x402) return { result: first, paymentRequired };
      const payment = await x402.createPaymentPayload(paymentRequired);
      const result = await client.callTool({ name, arguments: args, _meta: { [X402_META.payment]: payment } });
      return { result, paymentRequired, settlement: settlementOf(result) ?? failedSettlementIn(result) };
    },
    close: () => client.close(),
  };
}

async function connectSdkClient(sdk: McpSdkLine, url: URL, fetch?: typeof globalThis.fetch): Promise<McpSdkClient> {
  const info = { name: "dart-in-english-mcp-call", version: "1.0.0" };
  if (sdk === 2) {
    const client = new Client(info);
    await client.connect(new StreamableHTTPClientTransport(url, fetch ? { fetch } : undefined));
    return client as McpSdkClient;
  }
  // Loaded only when asked for: the 1.x SDK is a development dependency.
  const [{ Client: ClientV1 }, { StreamableHTTPClientTransport: TransportV1 }] = await Promise.all([
    import("@modelcontextprotocol/sdk/client/index.js"),
    import("@modelcontextprotocol/sdk/client/streamableHttp.js"),
  ]);
  const client = new ClientV1(info);
  await client.connect(new TransportV1(url, fetch ? { fetch } : undefined));
  // The two lines type their results with their own (identical on the wire) schemas.
  return client as unknown as McpSdkClient;
}

/** A failed settlement travels in the structured content (and `_meta`) of an error result. */
function failedSettlementIn(result: CallToolResult): SettleResponse | undefined {
  return (result.structuredContent as Record<string, unknown> | undefined)?.[X402_META.paymentResponse] as
    SettleResponse | undefined;
}
