/**
 * GET /v1/pricing: the PricingResponse of the spec, built from the paid-endpoint catalogue and
 * the payment terms in force, so it always says what the challenges ask for.
 */
import { PAYMENT_HEADERS } from "./headers";
import { PAID_ENDPOINTS, PRICE_PER_SUMMARY_USDC, type PaidEndpointSpec, type PaidNetwork, type PaymentTerms } from "./pricing";
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
  method: "GET";
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

/** The absolute example URL of a paid endpoint: a real filing or ticker, so probing it yields a 402. */
export function exampleUrl(baseUrl: string, endpoint: PaidEndpointSpec): string {
  const query = new URLSearchParams(endpoint.params.map((p) => [p.name, p.example]));
  return `${baseUrl}${endpoint.path}?${query}`;
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
    method: "GET",
    path: endpoint.path,
    priceUsdc: PRICE_PER_SUMMARY_USDC,
    pricingMode: endpoint.pricingMode,
    description: endpoint.description,
    requiredParams: endpoint.params.map((p) => ({ ...p, in: "query" })),
    exampleCall: `GET ${exampleUrl(baseUrl, endpoint)}`,
  };
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
      steps: [
        "Find a filing for free: GET /v1/disclosures/recent, or resolve a company first with GET /v1/companies?q=<name>. GET /v1/disclosures/availability?rcptNo=<no> tells whether its summary can be had.",
        "Call a paid endpoint without payment. It answers 402 with the challenge as base64 JSON in the PAYMENT-REQUIRED header and the same JSON as the body.",
        `Sign an EIP-3009 transferWithAuthorization of exactly accepts[0].amount of accepts[0].asset to accepts[0].payTo on ${terms.network} (EIP-712 domain name "USD Coin", version "2"), valid for accepts[0].maxTimeoutSeconds.`,
        "Repeat the same request with the signed payment as base64 JSON in the PAYMENT-SIGNATURE header (X-PAYMENT is accepted too).",
        "The 200 answer carries the settlement (transaction, payer) in PAYMENT-RESPONSE and X-PAYMENT-RESPONSE. Invalid input (400), unknown filings or tickers (404), filings with nothing to ground a summary in (422 summary_not_available) and unavailable summaries (503) are never charged.",
      ],
      freeEndpoints: {
        "GET /v1/disclosures/recent?limit=20&since_hours=24&ticker=<optional>": "Newest filings first, market-wide or for one ticker; never charged.",
        "GET /v1/companies?q=<name or ticker>&limit=20": "Fuzzy company search: Korean name, English name or ticker.",
        "GET /v1/companies/{ticker}": "One listed company; 404 when the ticker is unknown.",
        "GET /v1/disclosures/sample": "A constant paid summary response, free.",
        "GET /v1/disclosures/availability?rcptNo=<no>": "Whether the filing's summary can be bought, is cached, and who wrote it; never charged.",
        "GET /v1/vocabulary": "Every event type, audience tag, sector tag and market.",
        "GET /v1/pricing": "This document.",
        "GET /.well-known/x402": "x402 discovery document: the paid resources, payTo, asset and network.",
        "GET /.well-known/agent.json": "Agent Web Protocol manifest.",
        "GET /openapi.json": "OpenAPI 3.1 description, with x-payment-info on the paid operations.",
      },
    },
    endpoints: paidEndpoints(baseUrl, terms, sampleTx),
  };
}
