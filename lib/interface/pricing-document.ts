/**
 * GET /v1/pricing: the PricingResponse of the spec, built from the endpoint list and the payment
 * terms in force, so it always says what the challenges ask for.
 */
import {
  endpointParams,
  exampleUrl,
  FREE_ENDPOINTS,
  PAID_ENDPOINTS,
  type Endpoint,
  type PaidEndpointSpec,
} from "./endpoints";
import { PAYMENT_HEADERS } from "./headers";
import { paymentSteps } from "./how-to-pay";
import type { PaidNetwork, PaymentTerms } from "./pricing";
import { sampleResponse } from "./samples";

export const X402_SPEC_URL = "https://github.com/coinbase/x402/blob/main/specs/x402-specification-v2.md";

const EXPLORER: Record<PaidNetwork, string> = {
  "eip155:8453": "https://basescan.org",
  "eip155:84532": "https://sepolia.basescan.org",
};

export interface RequiredParam {
  name: string;
  in: "query";
  type: string;
  description: string;
  example: string;
  required: boolean;
}

/** How to call a paid endpoint and what it costs. */
export interface PaidEndpointCall {
  method: PaidEndpointSpec["method"];
  path: string;
  priceUsdc: string;
  pricingMode: PaidEndpointSpec["pricingMode"];
  description: string;
  requiredParams: RequiredParam[];
  exampleCall: string;
}

/** The spec's PaidEndpoint: the call, and what its answer and its settlement look like. */
export interface PaidEndpoint extends PaidEndpointCall {
  sampleResponse: object;
  sampleSettlementTxUrl: string;
}

/**
 * Where to see a settlement on chain: the configured real one (X402_SAMPLE_SETTLEMENT_TX), or
 * else the merchant wallet's token transfers, which are every settlement it received.
 */
export function settlementExplorerUrl(terms: PaymentTerms, sampleTx: string | undefined): string {
  const explorer = EXPLORER[terms.network];
  return sampleTx ? `${explorer}/tx/${sampleTx}` : `${explorer}/address/${terms.payTo}#tokentxns`;
}

export function paidEndpointCall(baseUrl: string, endpoint: PaidEndpointSpec): PaidEndpointCall {
  return {
    method: endpoint.method,
    path: endpoint.path,
    priceUsdc: endpoint.priceUsdc,
    pricingMode: endpoint.pricingMode,
    description: endpoint.description,
    requiredParams: endpointParams(endpoint.endpoint).map(({ name, type, required, description, example = "" }) => ({
      name,
      type,
      required,
      description,
      example,
      in: "query" as const,
    })),
    exampleCall: `${endpoint.method} ${exampleUrl(baseUrl, endpoint.endpoint)}`,
  };
}

/** A free endpoint's call template: "/v1/companies?q=<q>&limit=20", optional parameters as <optional>. */
function callTemplate(endpoint: Endpoint): string {
  const params = endpointParams(endpoint)
    .filter((p) => p.in === "query")
    .map((p) => `${p.name}=${p.required ? `<${p.name}>` : (p.default ?? "<optional>")}`);
  return params.length > 0 ? `${endpoint.path}?${params.join("&")}` : endpoint.path;
}

function paidEndpoints(baseUrl: string, terms: PaymentTerms, sampleTx: string | undefined): PaidEndpoint[] {
  return PAID_ENDPOINTS.map((endpoint) => ({
    ...paidEndpointCall(baseUrl, endpoint),
    sampleResponse: sampleResponse(endpoint.id),
    sampleSettlementTxUrl: settlementExplorerUrl(terms, sampleTx),
  }));
}

export function pricingDocument(baseUrl: string, terms: PaymentTerms, sampleTx?: string) {
  return {
    x402Network: terms.network,
    x402Asset: terms.asset,
    x402Recipient: terms.payTo,
    paymentHeaders: {
      preferred: PAYMENT_HEADERS.preferred,
      accepted: [PAYMENT_HEADERS.preferred, PAYMENT_HEADERS.legacy],
      challenge: PAYMENT_HEADERS.challenge,
      settlement: PAYMENT_HEADERS.settlement,
      settlementAliases: [PAYMENT_HEADERS.settlementAlias],
      spec: X402_SPEC_URL,
    },
    workflow: {
      steps: paymentSteps(terms.network),
      freeEndpoints: Object.fromEntries(FREE_ENDPOINTS.map((e) => [`GET ${callTemplate(e)}`, e.description])),
    },
    endpoints: paidEndpoints(baseUrl, terms, sampleTx),
  };
}
