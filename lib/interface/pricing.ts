/**
 * What a summary costs and the terms a payer signs: the single source for the 402 challenges
 * (lib/payments sells at these prices) and every document that states them.
 */

/** 0.005 USDC in token units (6 decimals). */
export const PRICE_PER_SUMMARY_UNITS = 5000n;
export const PRICE_PER_SUMMARY_USDC = "0.005";

/**
 * An alert pack: 100 webhook alerts for 0.10 USDC, 0.001 each — a fifth of a summary, since an
 * alert carries the free labels (its summary is bought apart), and a hundred of them cover a
 * watchlist of a few tickers for weeks. One size: a payer who wants more buys another.
 */
export const ALERT_PACK = { alerts: 100, usdc: "0.10" } as const;

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

/** How many summaries one by-ticker call buys (its `limit`): it is charged for all of them. */
export const BY_TICKER_LIMIT = { min: 1, max: 50, default: 5 } as const;

/** How many bought filings one sign-in to /v1/auth/purchases?include=content delivers again (free). */
export const PURCHASED_CONTENT_MAX = 50;

/** How a paid endpoint's price counts: once per call, or once per summary asked for (`limit`). */
export type PricingMode = "fixed" | "per_result";

/** Token units for a call: fixed for a summary, 5000 × limit for by-ticker. */
export function priceUnits(mode: PricingMode, limit = 1): bigint {
  return mode === "fixed" ? PRICE_PER_SUMMARY_UNITS : PRICE_PER_SUMMARY_UNITS * BigInt(limit);
}

/** The price as the documents and MCP tools state it: "0.005 USDC", or "0.005 USDC × limit". */
export function priceLabel(mode: PricingMode, usdc: string = PRICE_PER_SUMMARY_USDC): string {
  return mode === "fixed" ? `${usdc} USDC` : `${usdc} USDC × limit`;
}

/** A decimal USDC string as token units ("0.10" → 100000). */
export function usdcToUnits(usdc: string): bigint {
  const [whole, frac = ""] = usdc.split(".");
  return BigInt(whole) * 1_000_000n + BigInt(frac.padEnd(6, "0").slice(0, 6));
}

/** Token units as a decimal USDC string (5000 → "0.005"). */
export function unitsToUsdc(units: bigint): string {
  const whole = units / 1_000_000n;
  const frac = (units % 1_000_000n).toString().padStart(6, "0").replace(/0+$/, "");
  return frac ? `${whole}.${frac}` : `${whole}`;
}
