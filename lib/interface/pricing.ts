/**
 * What the paid endpoints cost and how to call them: the single source for the 402
 * challenges, /v1/pricing, the discovery documents and the OpenAPI document.
 */

/** 0.005 USDC in token units (6 decimals). */
export const PRICE_PER_SUMMARY_UNITS = 5000n;
export const PRICE_PER_SUMMARY_USDC = "0.005";

/** EIP-712 domain of USDC, which the payer signs over (EIP-3009). */
export const USDC_EIP712 = { name: "USD Coin", version: "2" } as const;

/** USDC on the networks the service accepts. */
export const USDC_BY_NETWORK = {
  "eip155:8453": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
  "eip155:84532": "0x036CbD53842c5426634e7929541eC2318f3dCF7e",
} as const;

export type PaidNetwork = keyof typeof USDC_BY_NETWORK;

/** What a payer must send, as published in challenges and the pricing documents. */
export interface PaymentTerms {
  network: PaidNetwork;
  asset: `0x${string}`;
  payTo: `0x${string}`;
}

/**
 * How long a signed authorization stays valid. A cold summary may run a model before the
 * payment settles, so this is far above generation time plus settlement time.
 */
export const MAX_TIMEOUT_SECONDS = 300;

export const BY_TICKER_LIMIT = { min: 1, max: 50, default: 5 } as const;

export interface PaidEndpointSpec {
  id: "get-summary" | "get-by-ticker";
  path: "/v1/disclosures/summary" | "/v1/disclosures/by-ticker";
  pricingMode: "fixed" | "per_result";
  description: string;
  /**
   * Parameters with an example naming a real filing or listed ticker, so an indexer probing the
   * example URL gets a 402 challenge, not a 400 or 404.
   */
  params: { name: string; type: "string" | "integer"; required: boolean; description: string; example: string }[];
}

export const PAID_ENDPOINTS: readonly PaidEndpointSpec[] = [
  {
    id: "get-summary",
    path: "/v1/disclosures/summary",
    pricingMode: "fixed",
    description:
      "Paraphrased English summary of one filing, grounded in its body or DART's structured record; generated on the first paid request, then served from the shared cache at the same price. A filing with neither is answered 422 summary_not_available before any payment (check for free at /v1/disclosures/availability).",
    params: [
      {
        name: "rcptNo",
        type: "string",
        required: true,
        description: "14-digit DART receipt number, from /v1/disclosures/recent",
        example: "20260730800123",
      },
    ],
  },
  {
    id: "get-by-ticker",
    path: "/v1/disclosures/by-ticker",
    pricingMode: "per_result",
    description:
      "The newest `limit` filings of one company that can be summarised (body or DART's structured record available), with their English summaries, newest first. Charged for `limit` (0.005 USDC each), whatever is delivered; a company with no such filing is answered 422 before any payment.",
    params: [
      { name: "ticker", type: "string", required: true, description: "Exchange ticker (^[0-9A-Z]{6,7}$)", example: "005930" },
      {
        name: "limit",
        type: "integer",
        required: false,
        description: "Summaries paid for, 1-50 (clamped), default 5",
        example: "5",
      },
    ],
  },
];

/** Token units for a call: fixed for a summary, 5000 × limit for by-ticker. */
export function priceUnits(endpoint: PaidEndpointSpec["id"], limit = 1): bigint {
  return endpoint === "get-summary" ? PRICE_PER_SUMMARY_UNITS : PRICE_PER_SUMMARY_UNITS * BigInt(limit);
}

/** Token units as a decimal USDC string (5000 → "0.005"). */
export function unitsToUsdc(units: bigint): string {
  const whole = units / 1_000_000n;
  const frac = (units % 1_000_000n).toString().padStart(6, "0").replace(/0+$/, "");
  return frac ? `${whole}.${frac}` : `${whole}`;
}
