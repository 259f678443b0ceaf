/**
 * The header names of the published interface, declared once: the paid routes read and write
 * them (lib/payments), the HTTP layer exposes them to browsers (lib/api), and every document
 * that explains paying names them from here.
 */

/** The x402 v2 headers as this service speaks them, with the legacy names it also honours. */
export const PAYMENT_HEADERS = {
  preferred: "PAYMENT-SIGNATURE",
  legacy: "X-PAYMENT",
  challenge: "PAYMENT-REQUIRED",
  settlement: "PAYMENT-RESPONSE",
  settlementAlias: "X-PAYMENT-RESPONSE",
} as const;

/** The request headers that carry a payment, preferred name first. */
export const PAYMENT_REQUEST_HEADERS = [PAYMENT_HEADERS.preferred, PAYMENT_HEADERS.legacy] as const;

/** The response headers that carry the challenge and the settlement. */
export const PAYMENT_RESPONSE_HEADERS = [
  PAYMENT_HEADERS.challenge,
  PAYMENT_HEADERS.settlement,
  PAYMENT_HEADERS.settlementAlias,
] as const;

/** Who wrote a paid answer's summaries and from what (the body's fields are fixed by the spec). */
export const SUMMARY_GENERATOR_HEADER = "X-Summary-Generator";

/** The x402 MCP transport's `_meta` keys: the payment in, the settlement out, and the error wrapper. */
export const X402_META = {
  payment: "x402/payment",
  paymentResponse: "x402/payment-response",
  error: "x402/error",
} as const;

/**
 * Wallet sign-in for redelivery: x402's sign-in-with-x extension (CAIP-122; EIP-4361 messages on
 * EVM chains). The proof goes in `proof` over HTTP (base64 JSON, as the x402 packages encode it)
 * and under `mcpMeta` in an MCP tool call's `_meta`; a redelivered answer names the payment that
 * bought it in `redelivered` (HTTP) or under `mcpMeta` in the result's `_meta`.
 */
export const SIGN_IN_WITH_X = {
  proof: "SIGN-IN-WITH-X",
  redelivered: "X-Redelivered-Payment",
  mcpMeta: "sign-in-with-x",
} as const;
