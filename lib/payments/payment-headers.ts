/**
 * The x402 headers as this service speaks them, around what @x402/next does: it reads only
 * PAYMENT-SIGNATURE, sends the challenge only in the PAYMENT-REQUIRED header (with a `{}`
 * body, and no challenge at all when settlement fails), and names the settlement only
 * PAYMENT-RESPONSE. The spec also accepts X-PAYMENT, wants the challenge in the body too, and
 * the settlement under X-PAYMENT-RESPONSE as well.
 */
import {
  decodePaymentRequiredHeader,
  decodePaymentResponseHeader,
  decodePaymentSignatureHeader,
  encodePaymentRequiredHeader,
  encodePaymentResponseHeader,
} from "@x402/core/http";
import { isPaymentPayloadV2 } from "@x402/core/schemas";
import type { Network, PaymentRequired, SettleResponse } from "@x402/core/types";
import { z } from "zod";
import { jsonResponse } from "@/lib/api/http";
import { PAYMENT_HEADERS } from "@/lib/interface";

const hex = (digits?: number) =>
  z.string().regex(digits ? new RegExp(`^0x[0-9a-fA-F]{${digits}}$`) : /^0x[0-9a-fA-F]+$/);
/**
 * A decimal number below `limit`, as EIP-3009's uint256 fields are sent. The regex aborts: zod
 * runs later checks after a failed one, and BigInt throws on what is not digits.
 */
const below = (limit: bigint, what: string) =>
  z
    .string()
    .regex(/^\d{1,78}$/, { message: "must be a decimal number", abort: true })
    .refine((value) => BigInt(value) < limit, what);
/**
 * Seconds since 1970 below 2^40 (year 36812): a time the ledger can store. A later one is
 * nobody's real deadline, only a way to make the ledger write fail.
 */
const seconds = below(2n ** 40n, "must be seconds since 1970, below 2^40");

/**
 * What the exact scheme's payload must hold to be worth sending to a facilitator: an EIP-3009
 * authorization and its signature, each field one the token and the ledger can take. Anything
 * else is the payer's malformed payment (a 402 that says so, counted as a refused payment),
 * never left to the facilitator or the ledger, whose throw on it would read as an outage.
 */
const eip3009Payload = z.object({
  signature: hex(),
  authorization: z.object({
    from: hex(40),
    to: hex(40),
    value: below(2n ** 256n, "must fit in a uint256"),
    validAfter: seconds,
    validBefore: seconds,
    nonce: hex(64),
  }),
});

/** Why `payload` cannot be a payment here, or undefined when it is an x402 v2 EIP-3009 payment. */
export function paymentPayloadProblem(payload: unknown): string | undefined {
  if (!isPaymentPayloadV2(payload)) return "invalid_payment_payload: the payment is not an x402 v2 PaymentPayload";
  const parsed = eip3009Payload.safeParse(payload.payload);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return `invalid_payment_payload: the payment's payload is not a signed EIP-3009 authorization (${issue.path.join(".")} ${issue.message})`;
  }
  return undefined;
}

export interface IncomingPayment {
  /** The signed payment, base64 JSON, when one was sent and decodes to an x402 v2 payload. */
  header?: string;
  /** Why the payment that was sent cannot be used; it is answered with a 402 carrying this reason. */
  problem?: string;
}

/**
 * The payment sent with a request, under PAYMENT-SIGNATURE or the legacy X-PAYMENT name (the
 * preferred name wins when both are present). A value that does not decode is reported rather
 * than ignored: the library would treat it as no payment and answer without saying why.
 */
export function readIncomingPayment(headers: Headers): IncomingPayment {
  const header = headers.get(PAYMENT_HEADERS.preferred) || headers.get(PAYMENT_HEADERS.legacy);
  if (!header) return {};
  let payload: unknown;
  try {
    payload = decodePaymentSignatureHeader(header);
  } catch {
    return { problem: "invalid_payment_header: the payment is not base64-encoded JSON" };
  }
  const problem = paymentPayloadProblem(payload);
  return problem ? { problem } : { header };
}

/** The challenge the library put in a 402's PAYMENT-REQUIRED header, or undefined when it sent none. */
export function challengeOf(response: Response): PaymentRequired | undefined {
  const header = response.headers.get(PAYMENT_HEADERS.challenge);
  return header ? decodePaymentRequiredHeader(header) : undefined;
}

/**
 * The failed settlement of the library's settlement-failure 402 (which carries it in
 * PAYMENT-RESPONSE, and no challenge), or a bare failure when the library sent none.
 */
export function failedSettlementOf(response: Response, network: Network): SettleResponse {
  const header = response.headers.get(PAYMENT_HEADERS.settlement);
  const failure = header ? decodePaymentResponseHeader(header) : undefined;
  // errorMessage is the facilitator's raw error (RPC call dumps and all): the reason is enough.
  return {
    success: false,
    errorReason: failure?.errorReason || "settlement_failed",
    transaction: failure?.transaction ?? "",
    network: failure?.network ?? network,
    ...(failure?.payer ? { payer: failure.payer } : {}),
  };
}

/**
 * A 402 carrying `challenge` in the PAYMENT-REQUIRED header and, identically, as the JSON body;
 * always JSON, whatever the client accepts. A failed settlement goes out under both settlement
 * header names.
 */
export function challengeResponse(challenge: PaymentRequired, failedSettlement?: SettleResponse): Response {
  const headers: Record<string, string> = {
    [PAYMENT_HEADERS.challenge]: encodePaymentRequiredHeader(challenge),
    "Cache-Control": "no-store",
  };
  if (failedSettlement) {
    const encoded = encodePaymentResponseHeader(failedSettlement);
    headers[PAYMENT_HEADERS.settlement] = encoded;
    headers[PAYMENT_HEADERS.settlementAlias] = encoded;
  }
  return jsonResponse(challenge, 402, headers);
}
