import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import type { Network, PaymentRequired } from "@x402/core/types";
import { decodePaymentSignatureHeader } from "@x402/core/http";
import { withX402 } from "@x402/next";
import { NextRequest, NextResponse } from "next/server";
import type { z } from "zod";
import { errorResponse } from "@/lib/api/errors";
import { jsonResponse } from "@/lib/api/http";
import { apiRoute } from "@/lib/http/api-route";
import { publicBaseUrl } from "@/lib/env";
import type { Payment } from "@/db/queries";
import {
  discoveryExtension,
  paidEndpoint,
  PAYMENT_HEADERS,
  SIGN_IN_WITH_X,
  type PaidEndpointSpec,
} from "@/lib/interface";
import { paymentsUnavailable } from "./config";
import type { PaidContent } from "./content";
import { inPaymentAttempt, type PaymentAttempt } from "./ledger";
import { redeliverPaidCall } from "./redelivery";
import {
  explainedRefusal,
  isRedeliverable,
  openPaidCall,
  paymentOption,
  payerOf,
  type PaidCall,
  type PaidCallSpec,
} from "./paid-call";
import { challengeOf, challengeResponse, failedSettlementOf, readIncomingPayment } from "./payment-headers";
import type { PaymentStack } from "./stack";
import { timePaidCall } from "./timings";
import { signInDeclaration } from "./wallet-sign-in";

/**
 * A paid route (GET, or POST for what changes state: an alert pack): the paid call of paid-call.ts, with @x402/next's withX402 (verify, run the
 * handler, settle only when it answered below 400) inside the service's own request handling:
 *
 * 1. the query is validated first (400 `validation_failed`: no challenge, no charge);
 * 2. a wallet sign-in (SIGN-IN-WITH-X) that proves the wallet paid for this has the content
 *    delivered again, free (./redelivery.ts); one that does not is the 402's reason. What is not
 *    content (alert credit) is never had again: there a sign-in is neither offered nor read;
 * 3. `openPaidCall` answers (404, 422, 503) for what cannot be sold, and 503 `payments_unavailable`
 *    without a payment stack, before any challenge;
 * 4. withX402 sees the request at its public URL (the challenge's resource.url), as a JSON
 *    client (never the paywall page), with a legacy X-PAYMENT header under its v2 name;
 * 5. every 402 carries the challenge in the body as well as the header, with the reason;
 * 6. the settlement runs as the call's PaymentAttempt, which the ledger hooks record ahead of it;
 *    a ledger that cannot be written answers 503, unsettled;
 * 7. a settled answer also gets X-PAYMENT-RESPONSE.
 *
 * CORS, JSON and the ApiError bodies come from apiRoute, like every other route.
 */

/**
 * One paid request on its way through withX402, which hands its handler and price function
 * nothing but the request: they find the call here.
 */
interface HttpPaidCall {
  call: PaidCall;
  /** The payment's signer, once withX402 has verified it (the request's own payment header). */
  payer?: string;
  attempt: PaymentAttempt;
  /** The request's X-Request-Id, for the delivery's own log lines. */
  requestId: string;
  /** The delivery's own response once given, which withX402 returns settled or (≥ 400) as is. */
  answer?: NextResponse;
}

const paidCalls = new AsyncLocalStorage<HttpPaidCall>();

function currentCall(): HttpPaidCall {
  const call = paidCalls.getStore();
  if (!call) throw new Error("withX402 ran a paid handler outside paidRoute");
  return call;
}

type X402Handler = (request: NextRequest) => Promise<NextResponse>;

export function paidRoute<Q extends z.ZodObject, Found>(spec: PaidCallSpec<Q, Found>) {
  const endpoint = paidEndpoint(spec.endpoint);
  // withX402 per payment stack: a stack rebuilt after a failure gets its own.
  const x402Handlers = new WeakMap<PaymentStack, X402Handler>();

  const outcomeOf = (response: Response) => ({
    status: response.status,
    outcome: response.headers.has(SIGN_IN_WITH_X.redelivered)
      ? "redelivered"
      : response.status < 300
        ? "delivered"
        : response.status === 402
          ? "refused"
          : "not_delivered",
  });
  return apiRoute({ query: spec.query, cache: "none", paid: true }, (input) =>
    timePaidCall(
      { requestId: input.requestId, endpoint: endpoint.path, channel: "http" },
      () => answerPaid(input),
      outcomeOf,
    ),
  );

  async function answerPaid(input: { query: unknown; request: Request; requestId: string }): Promise<Response> {
    // apiRoute's query type is conditional on its schema, which TypeScript cannot resolve for a generic Q.
    const query = input.query as z.output<Q>;
    const redeliverable = isRedeliverable(spec) ? spec : undefined;
    const signIn = redeliverable && input.request.headers.get(SIGN_IN_WITH_X.proof);
    let signInProblem: string | undefined;
    if (redeliverable && signIn) {
      const redelivery = await redeliverPaidCall(redeliverable, query, signIn);
      if (redelivery.status === "redelivered") return redelivered(redelivery.content, redelivery.payment);
      signInProblem = redelivery.reason;
    }

    const call = await openPaidCall(spec, query);
    const { stack } = call;
    let x402 = x402Handlers.get(stack);
    if (!x402) x402Handlers.set(stack, (x402 = protect(stack, endpoint, Boolean(redeliverable))));

    const httpCall: HttpPaidCall = { call, attempt: call.attempt(endpoint.path), requestId: input.requestId };
    const { pathname, search } = new URL(input.request.url);
    const resourceUrl = `${publicBaseUrl()}${pathname}${search}`;
    const through = (paymentHeader?: string) =>
      paidCalls.run(httpCall, () =>
        inPaymentAttempt(httpCall.attempt, () => x402(x402Request(endpoint.method, resourceUrl, paymentHeader))),
      );

    const payment = readIncomingPayment(input.request.headers);
    const sent = payment.header ? decodePaymentSignatureHeader(payment.header) : undefined;
    // Read only by the delivery, which withX402 runs after verifying this very payload.
    httpCall.payer = sent && payerOf(sent);
    const response = await through(payment.header);

    if (httpCall.attempt.refusal) throw httpCall.attempt.refusal; // the ledger could not record it: unsettled
    if (response === httpCall.answer) {
      if (response.status >= 400) return response; // not settled: nothing was charged
      return settled(response, endpoint.path);
    }
    if (response.status === 402) {
      const explain = (reason: string) => (sent ? explainedRefusal(call, sent, reason) : Promise.resolve(reason));
      return refused(response, payment.problem ?? signInProblem, () => through(), stack.config.network, explain);
    }
    // Anything else is the payment layer failing (facilitator errors answer 502, internal ones 500).
    throw paymentsUnavailable(`${endpoint.path}: the x402 layer answered ${response.status}: ${await response.text()}`);
  }
}

/** Content a wallet bought before, again: no settlement, the paying transaction named instead. */
function redelivered(content: PaidContent<unknown>, payment: Payment): Response {
  return jsonResponse(content.body, 200, {
    "Cache-Control": "no-store, private",
    ...content.headers,
    [SIGN_IN_WITH_X.redelivered]: payment.txHash!,
  });
}

/** The delivery's answer after settlement, with the legacy settlement header. */
function settled(response: NextResponse, path: string): Response {
  const settlement = response.headers.get(PAYMENT_HEADERS.settlement);
  // withX402 ran the handler without taking a payment (a route it did not match): never free content.
  if (!settlement) throw paymentsUnavailable(`${path} answered ${response.status} without a settlement`);
  response.headers.set(PAYMENT_HEADERS.settlementAlias, settlement);
  return response;
}

/**
 * The library's 402, with its challenge in the body and the reason. After a failed settlement
 * the library names the reason but sends no challenge, so one is asked for as for an unpaid request.
 */
async function refused(
  response: NextResponse,
  problem: string | undefined,
  unpaid: () => Promise<NextResponse>,
  network: Network,
  explain: (reason: string) => Promise<string>,
): Promise<Response> {
  const challenge = challengeOf(response);
  if (challenge) return challengeResponse(withReason(challenge, problem ?? (await explain(challenge.error ?? ""))));
  const fresh = challengeOf(await unpaid());
  if (!fresh) throw paymentsUnavailable("no challenge to send after a failed settlement");
  const failure = failedSettlementOf(response, network);
  return challengeResponse(withReason(fresh, await explain(failure.errorReason ?? "settlement_failed")), failure);
}

/** The paid content as withX402's handler answer: 200 JSON, or the ApiError's status (then never settled). */
async function deliver(current: HttpPaidCall): Promise<NextResponse> {
  try {
    const content = await current.call.deliver(current.payer);
    current.attempt.delivered = content.delivered;
    return nextResponse(jsonResponse(content.body, 200, { "Cache-Control": "no-store", ...content.headers }));
  } catch (error) {
    return nextResponse(errorResponse(error, current.requestId));
  }
}

/** withX402 around `deliver`, for one endpoint and payment stack. */
function protect({ config, server }: PaymentStack, endpoint: PaidEndpointSpec, redeliverable: boolean): X402Handler {
  // Keyed by the method and public path x402Request gives the request. A request the key did not
  // match would run unpaid; the settlement check in paidRoute refuses to answer it.
  const routeKey = `${endpoint.method} ${new URL(`${publicBaseUrl()}${endpoint.path}`).pathname}`;
  return withX402(
    async () => {
      const current = currentCall();
      current.answer = await deliver(current);
      return current.answer;
    },
    {
      [routeKey]: {
        accepts: paymentOption(config, () => currentCall().call.units),
        description: endpoint.description,
        mimeType: "application/json",
        extensions: { ...discoveryExtension(endpoint), ...(redeliverable ? signInDeclaration() : {}) },
      },
    },
    server,
    undefined,
    undefined,
    false, // createPaymentStack has initialised the server
  );
}

/**
 * The request as withX402 should see it: at its public URL, which becomes the challenge's
 * resource.url (behind a proxy the request's own URL says localhost); accepting JSON only, so
 * the library never answers a browser with its paywall page; and with the payment under the
 * one name the library reads.
 */
function x402Request(method: string, resourceUrl: string, paymentHeader?: string): NextRequest {
  const headers = new Headers({ Accept: "application/json" });
  if (paymentHeader) headers.set(PAYMENT_HEADERS.preferred, paymentHeader);
  return new NextRequest(resourceUrl, { method, headers });
}

function withReason(challenge: PaymentRequired, reason: string | undefined): PaymentRequired {
  return reason ? { ...challenge, error: reason } : challenge;
}

function nextResponse(response: Response): NextResponse {
  return new NextResponse(response.body, { status: response.status, headers: response.headers });
}
