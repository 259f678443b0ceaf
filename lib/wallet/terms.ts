import { defineChain, type Address, type Chain } from "viem";
import { base, baseSepolia } from "viem/chains";

/**
 * What the browser needs to pay this service, read at run time from the service itself
 * (`/v1/pricing`, plus `/api/local-chain` with the local payment stack), never compiled in:
 * the same deployment can take payments on Base, Base Sepolia or a local chain.
 */
export interface ServiceTerms {
  /** CAIP-2 network, e.g. `eip155:8453`. */
  network: `eip155:${number}`;
  chain: Chain;
  /** The token paid in (USDC, or the local chain's stand-in). */
  asset: Address;
  payTo: Address;
  /** Price of one summary in USDC, as published ("0.005"). */
  priceUsdc: string;
  /** Set with the local payment stack: its RPC, and the development wallet is on offer. */
  local?: { rpcUrl: string };
}

/** The service could not tell its payment terms: unreachable, or payments are unavailable. */
export class TermsUnavailableError extends Error {
  constructor(
    message: string,
    readonly reachable: boolean,
  ) {
    super(message);
    this.name = "TermsUnavailableError";
  }
}

interface PricingDocument {
  x402Network: `eip155:${number}`;
  x402Asset: Address;
  x402Recipient: Address;
  endpoints: { path: string; priceUsdc: string }[];
}

const PUBLIC_CHAINS: Record<number, Chain> = { [base.id]: base, [baseSepolia.id]: baseSepolia };

export async function fetchServiceTerms(): Promise<ServiceTerms> {
  let pricingResponse: Response;
  let localResponse: Response;
  try {
    [pricingResponse, localResponse] = await Promise.all([fetch("/v1/pricing"), fetch("/api/local-chain")]);
  } catch {
    throw new TermsUnavailableError("The service cannot be reached. Check your connection and try again.", false);
  }
  if (!pricingResponse.ok) {
    const body = (await pricingResponse.json().catch(() => ({}))) as { message?: string };
    throw new TermsUnavailableError(body.message ?? `The service answered ${pricingResponse.status}.`, true);
  }
  const pricing = (await pricingResponse.json()) as PricingDocument;
  const local = localResponse.ok ? ((await localResponse.json()) as { rpcUrl: string; chainId: number }) : undefined;
  const chainId = Number(pricing.x402Network.split(":")[1]);
  const chain = local ? localChain(local.rpcUrl, local.chainId) : PUBLIC_CHAINS[chainId];
  if (!chain) throw new TermsUnavailableError(`This explorer cannot pay on ${pricing.x402Network}.`, true);
  const priceUsdc = pricing.endpoints.find((e) => e.path === "/v1/disclosures/summary")?.priceUsdc;
  if (!priceUsdc) throw new TermsUnavailableError("The service did not publish the price of a summary.", true);
  return {
    network: pricing.x402Network,
    chain,
    asset: pricing.x402Asset,
    payTo: pricing.x402Recipient,
    priceUsdc,
    local: local && { rpcUrl: local.rpcUrl },
  };
}

/** The viem chain of the local payment stack's node, as `/api/local-chain` describes it. */
export function localChain(rpcUrl: string, chainId: number): Chain {
  return defineChain({
    id: chainId,
    name: "Local Base (Hardhat)",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
}

/** A link to a transaction on the chain's explorer; none for a local chain. */
export function transactionUrl(chain: Chain, hash: string): string | undefined {
  const explorer = chain.blockExplorers?.default.url;
  return explorer ? `${explorer}/tx/${hash}` : undefined;
}
