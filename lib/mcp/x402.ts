/**
 * The x402 v2 MCP transport's wire shapes (`specs/transports-v2/mcp.md` in the x402
 * specification), for the server's paid tools and for paying clients alike: a paid tool answers
 * an unpaid call with `isError: true` and the PaymentRequired, the client repeats the call with
 * its PaymentPayload in `params._meta["x402/payment"]`, and a delivered result carries the
 * settlement in `result._meta["x402/payment-response"]`.
 */
import type { PaymentRequired, SettleResponse } from "@x402/core/types";
import { X402_META } from "@/lib/interface/headers";

// The `_meta` keys are named with the other header names of the published interface.
export { X402_META };

/** The resource a paid tool sells, as named in its challenges. */
export function toolResourceUrl(toolName: string): string {
  return `mcp://tool/${toolName}`;
}

/** The tool-result fields a paid tool's answers are made of (a subset of the SDK's CallToolResult). */
export interface X402ToolResult {
  [key: string]: unknown;
  isError?: boolean;
  content: { type: "text"; text: string }[];
  structuredContent?: Record<string, unknown>;
  _meta?: Record<string, unknown>;
}

/**
 * A challenge as a tool result: the PaymentRequired as `structuredContent`, and as JSON in
 * `content[0].text` inside the spec's `x402/error` wrapper. A failed settlement is added under
 * `x402/payment-response`, in the structured content and the result's `_meta`.
 */
export function paymentRequiredResult(
  paymentRequired: PaymentRequired,
  failedSettlement?: SettleResponse,
): X402ToolResult {
  const data: Record<string, unknown> = failedSettlement
    ? { ...paymentRequired, [X402_META.paymentResponse]: failedSettlement }
    : { ...paymentRequired };
  const message = failedSettlement
    ? `Payment settlement failed: ${failedSettlement.errorReason}`
    : (paymentRequired.error ?? "Payment required");
  return {
    isError: true,
    structuredContent: data,
    content: [{ type: "text", text: JSON.stringify({ [X402_META.error]: { code: 402, message, data } }) }],
    ...(failedSettlement ? { _meta: { [X402_META.paymentResponse]: failedSettlement } } : {}),
  };
}

/**
 * The PaymentRequired in a tool result, where the spec tells clients to look for it in turn:
 * `structuredContent`, `structuredContent["x402/error"].data`, then the JSON in `content[0].text`.
 */
export function paymentRequiredOf(result: {
  isError?: boolean;
  structuredContent?: unknown;
  content?: unknown;
}): PaymentRequired | undefined {
  if (!result.isError) return undefined;
  const fromText = () => {
    const first = Array.isArray(result.content)
      ? (result.content[0] as { type?: string; text?: string } | undefined)
      : undefined;
    if (first?.type !== "text" || !first.text) return undefined;
    try {
      return JSON.parse(first.text) as unknown;
    } catch {
      return undefined;
    }
  };
  for (const candidate of [result.structuredContent, fromText()]) {
    if (isPaymentRequired(candidate)) return candidate;
    const wrapped = (candidate as Record<string, { data?: unknown } | undefined> | undefined)?.[X402_META.error]?.data;
    if (isPaymentRequired(wrapped)) return wrapped;
  }
  return undefined;
}

/** The settlement a paid tool result carries in `_meta`, if any. */
export function settlementOf(result: { _meta?: Record<string, unknown> }): SettleResponse | undefined {
  return result._meta?.[X402_META.paymentResponse] as SettleResponse | undefined;
}

function isPaymentRequired(value: unknown): value is PaymentRequired {
  const candidate = value as Partial<PaymentRequired> | undefined;
  return (
    typeof candidate === "object" &&
    candidate !== null &&
    candidate.x402Version === 2 &&
    Array.isArray(candidate.accepts)
  );
}
