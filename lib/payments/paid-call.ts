import "server-only";
import { FacilitatorResponseError, SettleError, VerifyError } from "@x402/core/types";
import type {
  PaymentPayload,
  PaymentRequired,
  PaymentRequirements,
  ResourceInfo,
  SettleResponse,
} from "@x402/core/types";
import { getAddress } from "viem";
import type { z } from "zod";
import type { Db } from "@/db";
import type { Purchase } from "@/db/queries";
import { getDb } from "@/lib/database";
import { paymentsUnavailable, whenDatabaseUnreachable, type PaymentConfig } from "./config";
import type { PaidContent } from "./content";
import { inPaymentAttempt, type PaymentAttempt } from "./ledger";
import { MAX_TIMEOUT_SECONDS, paidEndpoint, USDC_EIP712, type PaidEndpointSpec } from "@/lib/interface";
import { authorizationOf, NONCE_ALREADY_USED } from "./facilitator";
import { paymentChainClient, usedAuthorizationReason } from "./ledger-resolution";
import { paymentStack, type PaymentStack } from "./stack";
import { paymentPayloadProblem } from "./payment-headers";
import { timeDelivery } from "./timings";
import { signInDeclaration } from "./wallet-sign-in";

/**
 * The paid call, whatever carries it (HTTP in paid-route.ts, MCP in lib/mcp): the rules of
 * selling live here once.
 *
 * 1. the input is validated by the transport with the endpoint's zod schema (never charged);
 * 2. `preflight` refuses what cannot be sold (an ApiError: 404, 422, 503), before any payment is asked for;
 * 3. without a payment stack the call fails with `payments_unavailable`, never free content;
 * 4. the price is the endpoint's, and the payment is verified before anything is delivered;
 * 5. the content is produced, and only then is the payment settled; a delivery that throws
 *    settles nothing;
 * 6. the payment is in the ledger before it is settled, and marked settled after (ledger.ts: the
 *    resource server's hooks, which find the call's PaymentAttempt); a ledger that cannot be
 *    written refuses the settlement, and the call answers 503 with nothing charged.
 *
 * HTTP runs steps 4–5 through @x402/next's withX402; `payForCall` runs them on the same
 * resource server for transports that have no HTTP request (MCP).
 */
export interface PaidCallSpec<Q extends z.ZodObject, Found> {
  endpoint: PaidEndpointSpec["id"];
  query: Q;
  /** Token units this call costs; the challenge asks for exactly this amount. */
  price(query: z.output<Q>): bigint;
  /** Throws an ApiError (404, 422, 503) for a request that cannot be sold; its result is handed to `deliver`. */
  preflight(db: Db, query: z.output<Q>): Promise<Found>;
  /**
   * The paid content, once the payment of `payer` (its verified authorization's signer) is
   * verified. An ApiError (≥ 400) means nothing is settled.
   */
  deliver(db: Db, query: z.output<Q>, found: Found, payer: string): Promise<PaidContent<unknown>>;
}

/** A paid call whose content a wallet that bought it may have again by signing in (./redelivery.ts). */
export interface RedeliverableSpec<Q extends z.ZodObject, Found> extends PaidCallSpec<Q, Found> {
  /** What a wallet must have bought to have this call's content again without paying. */
  purchase(query: z.output<Q>): Purchase;
  /** The content again, for a wallet whose payment delivered `delivered` (the receipt numbers it bought). */
  redeliver(db: Db, query: z.output<Q>, delivered: readonly string[]): Promise<PaidContent<unknown>>;
}

/** Ties a spec's `Found` to its preflight and delivery (TypeScript infers it from the object). */
export function paidCallSpec<Q extends z.ZodObject, Found>(
  spec: RedeliverableSpec<Q, Found>,
): RedeliverableSpec<Q, Found>;
export function paidCallSpec<Q extends z.ZodObject, Found>(spec: PaidCallSpec<Q, Found>): PaidCallSpec<Q, Found>;
export function paidCallSpec<Q extends z.ZodObject, Found>(spec: PaidCallSpec<Q, Found>): PaidCallSpec<Q, Found> {
  return spec;
}

export function isRedeliverable<Q extends z.ZodObject, Found>(
  spec: PaidCallSpec<Q, Found>,
): spec is RedeliverableSpec<Q, Found> {
  return "redeliver" in spec;
}

/** A call that can be sold: the thing it sells exists, and its price and payment stack are known. */
export interface PaidCall {
  db: Db;
  endpoint: PaidEndpointSpec;
  /** Whether a sign-in may have its content again: its challenges offer one only then. */
  redeliverable: boolean;
  params: Record<string, unknown>;
  units: bigint;
  stack: PaymentStack;
  /**
   * The content for `payer` (the verified payment's signer; a payment without one is never
   * delivered for); throws (an ApiError) when it cannot be delivered, and then nothing may be settled.
   */
  deliver(payer: string | undefined): Promise<PaidContent<unknown>>;
  /**
   * A payment for this call through `channel` (the HTTP path, or the MCP tool's resource URL),
   * for the ledger: its settlement must run inside `inPaymentAttempt` with it.
   */
  attempt(channel: string): PaymentAttempt;
}

/** Steps 2–3 for a validated query: throws an ApiError for what cannot be sold or paid for now. */
export async function openPaidCall<Q extends z.ZodObject, Found>(
  spec: PaidCallSpec<Q, Found>,
  query: z.output<Q>,
): Promise<PaidCall> {
  // An unreachable database answers 503 service_unavailable before any challenge: never a charge.
  const db = await getDb().catch(whenDatabaseUnreachable);
  const found = await spec.preflight(db, query).catch(whenDatabaseUnreachable);
  const stack = await availablePaymentStack();
  const units = spec.price(query);
  return {
    db,
    endpoint: paidEndpoint(spec.endpoint),
    redeliverable: isRedeliverable(spec),
    params: query,
    units,
    stack,
    deliver: async (payer) => {
      if (!payer) throw paymentsUnavailable("a verified payment without an EIP-3009 signer");
      return timeDelivery(() => spec.deliver(db, query, found, payer)).catch(whenDatabaseUnreachable);
    },
    attempt: (channel) => ({ db, sale: { paidEndpoint: spec.endpoint, endpoint: channel, params: query } }),
  };
}

/** The one payment option the service offers, for `units` of its asset: the x402 route config's `accepts`. */
export function paymentOption(config: PaymentConfig, units: () => bigint) {
  return {
    scheme: "exact",
    network: config.network,
    payTo: config.payTo,
    price: () => ({ amount: units().toString(), asset: config.asset, extra: { ...USDC_EIP712 } }),
    maxTimeoutSeconds: MAX_TIMEOUT_SECONDS,
  };
}

export type PaidCallOutcome =
  /** No usable payment: the challenge, with the reason in `error`. Nothing was charged. */
  | { status: "payment_required"; paymentRequired: PaymentRequired }
  /** The content existed but the payment did not settle: nothing was charged, nothing is delivered. */
  | { status: "settlement_failed"; paymentRequired: PaymentRequired; settlement: SettleResponse }
  | { status: "delivered"; body: unknown; settlement: SettleResponse };

/**
 * Steps 4–6 on the resource server, for a payment given as a PaymentPayload object (or nothing):
 * requirements, verify, deliver, settle, ledger. `resource` names the thing sold in the challenge,
 * `unpaidReason` why a call without payment was not served. A delivery error is rethrown after
 * the verified payment is cancelled (never settled).
 */
export async function payForCall(
  call: PaidCall,
  sent: unknown,
  resource: ResourceInfo,
  unpaidReason = "Payment required",
): Promise<PaidCallOutcome> {
  const attempt = call.attempt(resource.url);
  return inPaymentAttempt(attempt, () => verifyDeliverSettle(call, attempt, sent, resource, unpaidReason));
}

async function verifyDeliverSettle(
  call: PaidCall,
  attempt: PaymentAttempt,
  sent: unknown,
  resource: ResourceInfo,
  unpaidReason: string,
): Promise<PaidCallOutcome> {
  const { server, config } = call.stack;
  const requirements = await server.buildPaymentRequirementsFromOptions([paymentOption(config, () => call.units)], {});
  const refuse = async (reason: string): Promise<PaidCallOutcome> => ({
    status: "payment_required",
    paymentRequired: await server.createPaymentRequiredResponse(requirements, resource, reason, offeredSignIn(call)),
  });

  if (sent === undefined || sent === null) return refuse(unpaidReason);
  const problem = paymentPayloadProblem(sent);
  if (problem) return refuse(problem);
  const payment = sent as PaymentPayload; // the schema types network as a plain string
  const matched = server.findMatchingRequirements(requirements, payment);
  if (!matched) return refuse("No matching payment requirements");

  try {
    const verified = await server.verifyPayment(payment, matched);
    if (!verified.isValid) return refuse(await explainedRefusal(call, payment, verified.invalidReason));
  } catch (error) {
    if (error instanceof FacilitatorResponseError) throw paymentsUnavailable(error);
    return refuse(
      error instanceof VerifyError
        ? (error.invalidReason ?? error.message)
        : messageOf(error, "Payment verification failed"),
    );
  }

  let content: PaidContent<unknown>;
  try {
    content = await call.deliver(payerOf(payment));
  } catch (error) {
    await server.createPaymentCancellationDispatcher(payment, matched).cancel({ reason: "handler_threw", error });
    throw error;
  }

  attempt.delivered = content.delivered;
  const settlement = await settle(call.stack, payment, matched).catch((error: unknown) => {
    throw attempt.refusal ?? error;
  });
  if (attempt.refusal) throw attempt.refusal;
  if (!settlement.success) {
    return {
      status: "settlement_failed",
      paymentRequired: await server.createPaymentRequiredResponse(
        requirements,
        resource,
        await explainedRefusal(call, payment, settlement.errorReason),
        offeredSignIn(call),
      ),
      settlement,
    };
  }
  return { status: "delivered", body: content.body, settlement };
}

/** The sign-in a challenge offers: for content a wallet can have again, none for credit. */
const offeredSignIn = (call: PaidCall) => (call.redeliverable ? signInDeclaration() : undefined);

/** The payment's signer (EIP-3009 `from`), checksummed; undefined for a payload of another shape. */
export function payerOf(payment: PaymentPayload): string | undefined {
  const authorization = authorizationOf(payment);
  return authorization ? getAddress(authorization.from) : undefined;
}

/**
 * `reason` for refusing `payment`, or, when it is refused as an authorization already used and
 * the ledger holds it, what became of it and what the payer can do (ledger-resolution.ts).
 */
export async function explainedRefusal(
  call: PaidCall,
  payment: PaymentPayload,
  reason = "Payment verification failed",
): Promise<string> {
  const authorization = authorizationOf(payment);
  if (!reason.startsWith(NONCE_ALREADY_USED) || !authorization) return reason;
  const { network, asset } = call.stack.config;
  const chain = paymentChainClient(call.stack.config);
  const sale = { paidEndpoint: call.endpoint.id, params: call.params };
  const explained = await usedAuthorizationReason(call.db, chain, { network, asset, authorization, sale }).catch(
    (error: unknown) => console.error("[payments] could not look up a used authorization in the ledger:", error),
  );
  return explained ?? reason;
}

/** The settlement, or a failure naming its reason (the facilitator's raw message is left out). */
async function settle(
  { server, config }: PaymentStack,
  payment: PaymentPayload,
  requirements: PaymentRequirements,
): Promise<SettleResponse> {
  try {
    const settlement = await server.settlePayment(payment, requirements);
    if (settlement.success) return settlement;
    return failedSettlement(settlement.errorReason, settlement.network, settlement.payer);
  } catch (error) {
    if (error instanceof FacilitatorResponseError) throw paymentsUnavailable(error);
    if (error instanceof SettleError)
      return failedSettlement(error.errorReason ?? error.message, error.network, error.payer);
    return failedSettlement(messageOf(error, "settlement_failed"), config.network);
  }
}

function failedSettlement(
  reason: string | undefined,
  network: SettleResponse["network"],
  payer?: string,
): SettleResponse {
  return {
    success: false,
    errorReason: reason || "settlement_failed",
    transaction: "",
    network,
    ...(payer ? { payer } : {}),
  };
}

function messageOf(error: unknown, fallback: string): string {
  return error instanceof Error ? error.message.split("\n")[0] : fallback;
}

export async function availablePaymentStack(): Promise<PaymentStack> {
  try {
    return await paymentStack();
  } catch (error) {
    throw paymentsUnavailable(error);
  }
}
