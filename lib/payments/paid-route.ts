import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import { decodePaymentResponseHeader } from "@x402/core/http";
import type { Network, PaymentRequired } from "@x402/core/types";
import { withX402 } from "@x402/next";
import { NextRequest, NextResponse } from "next/server";
import type { z } from "zod";
import { getDb, type Db } from "@/db";
import { jsonResponse } from "@/lib/api/http";
import { apiRoute, errorResponse } from "@/lib/api/route";
import { publicBaseUrl } from "@/lib/env";
import { discoveryExtension } from "./bazaar";
import { paymentsUnavailable, unreachableDatabaseAsApiError, whenDatabaseUnreachable } from "./config";
import type { PaidContent } from "./content";
import { recordSettlement, type SettledCall } from "./ledger";
import { challengeOf, challengeResponse, failedSettlementOf, PAYMENT_HEADERS, readIncomingPayment } from "./payment-headers";
import { MAX_TIMEOUT_SECONDS, PAID_ENDPOINTS, USDC_EIP712, type PaidEndpointSpec } from "./pricing";
import { paymentStack, type PaymentStack } from "./stack";

/**
 * A paid GET route: @x402/next's withX402 (verify, run the handler, settle only when it
 * answered below 400) inside the service's own request handling:
 *
 * 1. the query is validated first (400 `validation_failed`: no challenge, no charge);
 * 2. `preflight` answers 404 for what cannot be sold, before any challenge;
 * 3. without a payment stack the answer is 503 `payments_unavailable`, never free content;
 * 4. withX402 sees the request at its public URL (the challenge's resource.url), as a JSON
 *    client (never the paywall page), with a legacy X-PAYMENT header under its v2 name;
 * 5. every 402 carries the challenge in the body as well as the header, with the reason;
 * 6. a settled answer also gets X-PAYMENT-RESPONSE, and the payment goes to the ledger.
 *
 * CORS, JSON and the ApiError bodies come from apiRoute, like every other route.
 */
export interface PaidRouteSpec<Q extends z.ZodObject, Found> {
  endpoint: PaidEndpointSpec["id"];
  query: Q;
  /** Token units this call costs; the challenge asks for exactly this amount. */
  price(query: z.output<Q>): bigint;
  /** Throws an ApiError (404) for a request that cannot be sold; its result is handed to `deliver`. */
  preflight(db: Db, query: z.output<Q>): Promise<Found>;
  /** The paid content, once the payment is verified. An ApiError answers with its status, unsettled. */
  deliver(db: Db, query: z.output<Q>, found: Found): Promise<PaidContent<unknown>>;
}

/**
 * One paid request on its way through withX402, which hands its handler and price function
 * nothing but the request: they find the call here.
 */
interface PaidCall {
  units: bigint;
  deliver(): Promise<NextResponse>;
  /** The delivery's own response once given, which withX402 returns settled or (≥ 400) as is. */
  answer?: NextResponse;
  delivered?: readonly string[];
}

const paidCalls = new AsyncLocalStorage<PaidCall>();

function currentCall(): PaidCall {
  const call = paidCalls.getStore();
  if (!call) throw new Error("withX402 ran a paid handler outside paidRoute");
  return call;
}

type X402Handler = (request: NextRequest) => Promise<NextResponse>;

export function paidRoute<Q extends z.ZodObject, Found>(route: PaidRouteSpec<Q, Found>) {
  const endpoint = PAID_ENDPOINTS.find((e) => e.id === route.endpoint)!;
  // withX402 per payment stack: a stack rebuilt after a failure gets its own.
  const x402Handlers = new WeakMap<PaymentStack, X402Handler>();

  return apiRoute({ query: route.query, cache: "none" }, async (input) => {
    // apiRoute's query type is conditional on its schema, which TypeScript cannot resolve for a generic Q.
    const query = input.query as z.output<Q>;
    const db = await getDb().catch(whenDatabaseUnreachable);
    const found = await route.preflight(db, query).catch(whenDatabaseUnreachable);
    const stack = await availablePaymentStack();
    let x402 = x402Handlers.get(stack);
    if (!x402) x402Handlers.set(stack, (x402 = protect(stack, endpoint)));

    const call: PaidCall = {
      units: route.price(query),
      async deliver() {
        try {
          const content = await route.deliver(db, query, found);
          call.delivered = content.delivered;
          return nextResponse(jsonResponse(content.body, 200, { "Cache-Control": "no-store" }));
        } catch (error) {
          return nextResponse(errorResponse(unreachableDatabaseAsApiError(error)));
        }
      },
    };
    const { pathname, search } = new URL(input.request.url);
    const resourceUrl = `${publicBaseUrl()}${pathname}${search}`;
    const through = (paymentHeader?: string) => paidCalls.run(call, () => x402(x402Request(resourceUrl, paymentHeader)));

    const payment = readIncomingPayment(input.request.headers);
    const response = await through(payment.header);

    if (response === call.answer) {
      if (response.status >= 400) return response; // not settled: nothing was charged
      return settled(db, response, {
        payTo: stack.config.payTo,
        asset: stack.config.asset,
        amount: call.units,
        endpoint: endpoint.path,
        params: query,
        delivered: call.delivered ?? [],
      });
    }
    if (response.status === 402) return refused(response, payment.problem, () => through(), stack.config.network);
    // Anything else is the payment layer failing (facilitator errors answer 502, internal ones 500).
    throw paymentsUnavailable(`${endpoint.path}: the x402 layer answered ${response.status}: ${await response.text()}`);
  });
}

/** The delivery's answer after settlement: with the legacy settlement header, and in the ledger. */
async function settled(db: Db, response: NextResponse, paid: Omit<SettledCall, "settlement">): Promise<Response> {
  const settlement = response.headers.get(PAYMENT_HEADERS.settlement);
  // withX402 ran the handler without taking a payment (a route it did not match): never free content.
  if (!settlement) throw paymentsUnavailable(`${paid.endpoint} answered ${response.status} without a settlement`);
  response.headers.set(PAYMENT_HEADERS.settlementAlias, settlement);
  await recordSettlement(db, { ...paid, settlement: decodePaymentResponseHeader(settlement) });
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
): Promise<Response> {
  const challenge = challengeOf(response);
  if (challenge) return challengeResponse(withReason(challenge, problem));
  const fresh = challengeOf(await unpaid());
  if (!fresh) throw paymentsUnavailable("no challenge to send after a failed settlement");
  const failure = failedSettlementOf(response, network);
  return challengeResponse(withReason(fresh, failure.errorReason), failure);
}

/** withX402 around `currentCall().deliver`, for one endpoint and payment stack. */
function protect({ config, server }: PaymentStack, endpoint: PaidEndpointSpec): X402Handler {
  // Keyed by the public path x402Request gives the request. A request the key did not match
  // would run unpaid; the settlement check in paidRoute refuses to answer it.
  const routeKey = `GET ${new URL(`${publicBaseUrl()}${endpoint.path}`).pathname}`;
  return withX402(
    async () => {
      const call = currentCall();
      call.answer = await call.deliver();
      return call.answer;
    },
    {
      [routeKey]: {
        accepts: {
          scheme: "exact",
          network: config.network,
          payTo: config.payTo,
          price: () => ({ amount: currentCall().units.toString(), asset: config.asset, extra: { ...USDC_EIP712 } }),
          maxTimeoutSeconds: MAX_TIMEOUT_SECONDS,
        },
        description: endpoint.description,
        mimeType: "application/json",
        extensions: discoveryExtension(endpoint),
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
function x402Request(resourceUrl: string, paymentHeader?: string): NextRequest {
  const headers = new Headers({ Accept: "application/json" });
  if (paymentHeader) headers.set(PAYMENT_HEADERS.preferred, paymentHeader);
  return new NextRequest(resourceUrl, { headers });
}

function withReason(challenge: PaymentRequired, reason: string | undefined): PaymentRequired {
  return reason ? { ...challenge, error: reason } : challenge;
}

function nextResponse(response: Response): NextResponse {
  return new NextResponse(response.body, { status: response.status, headers: response.headers });
}

async function availablePaymentStack(): Promise<PaymentStack> {
  try {
    return await paymentStack();
  } catch (error) {
    throw paymentsUnavailable(error);
  }
}
