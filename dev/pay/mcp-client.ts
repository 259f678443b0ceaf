import { Client, StreamableHTTPClientTransport, type CallToolResult } from "@modelcontextprotocol/client";
import type { PaymentRequired, SettleResponse } from "@x402/core/types";
import { paymentRequiredOf, settlementOf, X402_META } from "@/lib/mcp/x402";
import { createPaymentClient, type PaymentClientOptions } from "./client";

/**
 * A paying MCP client, the reference for agent authors: the official SDK client over Streamable
 * HTTP, which answers a paid tool's PaymentRequired by signing it (EIP-3009, with the same
 * signer and spending limits as `npm run pay`) and calling the tool once more with the payment
 * in `_meta["x402/payment"]`.
 */
export interface PaidToolCall {
  result: CallToolResult;
  /** The challenge that was paid (or, without a payer, left unpaid). */
  paymentRequired?: PaymentRequired;
  /** The settlement of the payment, when one was made: `_meta["x402/payment-response"]`. */
  settlement?: SettleResponse;
}

export interface PayingMcpClient {
  client: Client;
  /** Calls a tool; a paid tool is paid for when a payer was given. */
  callTool(name: string, args?: Record<string, unknown>): Promise<PaidToolCall>;
  close(): Promise<void>;
}

export interface PayingMcpClientOptions {
  /** The MCP endpoint, e.g. https://example.com/mcp. */
  url: string | URL;
  /** Who pays; without one, paid tools answer with their PaymentRequired. */
  payer?: PaymentClientOptions;
  /** The fetch the transport uses (tests answer it in-process). */
  fetch?: typeof globalThis.fetch;
}

export async function connectPayingMcpClient({ url, payer, fetch }: PayingMcpClientOptions): Promise<PayingMcpClient> {
  const client = new Client({ name: "dart-in-english-mcp-call", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), fetch ? { fetch } : undefined));
  const x402 = payer ? createPaymentClient(payer) : undefined;

  return {
    client,
    async callTool(name, args = {}) {
      const first = (await client.callTool({ name, arguments: args })) as CallToolResult;
      const paymentRequired = paymentRequiredOf(first);
      if (!paymentRequired || !x402) return { result: first, paymentRequired };
      const payment = await x402.createPaymentPayload(paymentRequired);
      const result = (await client.callTool({
        name,
        arguments: args,
        _meta: { [X402_META.payment]: payment },
      })) as CallToolResult;
      return { result, paymentRequired, settlement: settlementOf(result) ?? failedSettlementIn(result) };
    },
    close: () => client.close(),
  };
}

/** A failed settlement travels in the structured content (and `_meta`) of an error result. */
function failedSettlementIn(result: CallToolResult): SettleResponse | undefined {
  return (result.structuredContent as Record<string, unknown> | undefined)?.[X402_META.paymentResponse] as
    SettleResponse | undefined;
}
