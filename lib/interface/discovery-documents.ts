/**
 * The discovery documents: /.well-known/x402 (the convention x402 indexers read: `version` 1
 * and absolute `resources` they can probe for a 402, with the payment terms and each endpoint's
 * full Bazaar declaration beside them) and
 * /.well-known/agent.json (an Agent Web Protocol 0.2 manifest whose paid actions point to the
 * former for payment details).
 */
import { z } from "zod";
import { availabilityQuery, byTickerQuery, companySearchQuery, recentQuery, summaryQuery } from "@/lib/interface/schemas";
import { MCP_PATH, MCP_PAYMENT_NOTE, MCP_TOOLS } from "@/lib/interface/mcp-tools";
import { discoveryExtension } from "./bazaar";
import { exampleUrl, paidEndpointCall } from "./pricing-document";
import { PAID_ENDPOINTS, PRICE_PER_SUMMARY_USDC, type PaidEndpointSpec, type PaymentTerms } from "./pricing";

const INTENT =
  "Korean corporate disclosures (DART) in English: a free feed of recent filings of listed companies with English names, filing-type labels, event types and importance scores, a free company directory, and paraphrased English summaries of filings paid per call in USDC over x402.";

export function x402DiscoveryDocument(baseUrl: string, terms: PaymentTerms) {
  return {
    version: 1,
    resources: PAID_ENDPOINTS.map((endpoint) => exampleUrl(baseUrl, endpoint)),
    x402Version: 2,
    network: terms.network,
    asset: terms.asset,
    payTo: terms.payTo,
    endpoints: PAID_ENDPOINTS.map((endpoint) => ({
      ...paidEndpointCall(baseUrl, endpoint),
      // The challenges carry this without the response schema, to keep their headers small.
      extensions: discoveryExtension(endpoint, { withResponseSchema: true }),
    })),
    pricing: `${baseUrl}/v1/pricing`,
    openapi: `${baseUrl}/openapi.json`,
    instructions:
      "Call a resource without payment to receive 402 with the challenge (PAYMENT-REQUIRED header, same JSON in the body). Sign an EIP-3009 transferWithAuthorization for exactly the amount asked (EIP-712 domain name \"USD Coin\", version \"2\") and repeat the request with it in PAYMENT-SIGNATURE (X-PAYMENT is accepted too). by-ticker costs 0.005 USDC × limit. Invalid input, unknown filings or tickers and unavailable summaries are never charged.",
  };
}

interface ActionParam {
  name: string;
  in: "query";
  type: string;
  required: boolean;
  description: string;
}

interface ActionSpec {
  id: string;
  description: string;
  path: string;
  query: z.ZodObject;
  outputs: Record<string, string>;
  paid?: PaidEndpointSpec["id"];
}

const ACTIONS: ActionSpec[] = [
  {
    id: "find-company",
    description: "Find listed companies by Korean name, English name or ticker (fuzzy), closest first.",
    path: "/v1/companies",
    query: companySearchQuery,
    outputs: { matches: "array[CompanyDto]" },
  },
  {
    id: "list-recent-filings",
    description: "Recent filings, newest first, market-wide or for one ticker, with English labels, event type and importance.",
    path: "/v1/disclosures/recent",
    query: recentQuery,
    outputs: { filings: "array[RecentFilingDto]" },
  },
  {
    id: "check-summary-availability",
    description:
      "Before paying: whether a filing's summary can be had (grounded in its body or DART's structured record), is cached, and who wrote it.",
    path: "/v1/disclosures/availability",
    query: availabilityQuery,
    outputs: { summaryAvailable: "boolean", cached: "boolean", basis: "string|null", reason: "string|null", generator: "string|null" },
  },
  {
    id: "get-by-ticker",
    description:
      "A company's newest `limit` filings that can be summarised, with their English summaries, newest first. Charged for limit.",
    path: "/v1/disclosures/by-ticker",
    query: byTickerQuery,
    outputs: { ticker: "string", count: "integer", chargedFor: "integer", delivered: "integer", summaries: "array[DisclosureSummaryDto]" },
    paid: "get-by-ticker",
  },
  {
    id: "get-summary",
    description: "The paraphrased English summary of one filing, by receipt number.",
    path: "/v1/disclosures/summary",
    query: summaryQuery,
    outputs: { summary: "DisclosureSummaryDto" },
    paid: "get-summary",
  },
];

/** The query parameters as the handlers validate them: required when a missing value is refused. */
function parametersOf(query: z.ZodObject): ActionParam[] {
  return Object.entries(query.shape).map(([name, field]) => {
    const schema = field as z.ZodType;
    const json = z.toJSONSchema(schema, { io: "output", unrepresentable: "any" }) as { type?: string; description?: string };
    return {
      name,
      in: "query",
      type: json.type ?? "string",
      required: !schema.safeParse(undefined).success,
      description: json.description ?? "",
    };
  });
}

export function agentManifest(baseUrl: string, terms: PaymentTerms) {
  const x402Document = `${baseUrl}/.well-known/x402`;
  return {
    awp_version: "0.2",
    domain: new URL(baseUrl).host,
    intent: INTENT,
    actions: ACTIONS.map((action) => {
      const parameters = parametersOf(action.query);
      return {
        id: action.id,
        description: action.description,
        intent: action.description,
        method: "GET",
        endpoint: `${baseUrl}${action.path}`,
        inputs: Object.fromEntries(
          parameters.map(({ name, type, required, description }) => [name, { type, required, description }]),
        ),
        parameters,
        outputs: action.outputs,
        auth_required: false,
        payment: action.paid
          ? {
              required: true,
              protocol: "x402",
              priceUsdc: PRICE_PER_SUMMARY_USDC,
              pricingMode: PAID_ENDPOINTS.find((e) => e.id === action.paid)!.pricingMode,
              details: x402Document,
            }
          : { required: false },
      };
    }),
    payment: {
      protocol: "x402",
      network: terms.network,
      asset: terms.asset,
      payTo: terms.payTo,
      details: x402Document,
      pricing: `${baseUrl}/v1/pricing`,
    },
    protocols: {
      x402: { version: "2", endpoint: x402Document, network: terms.network, asset: terms.asset, payTo: terms.payTo },
      openapi: { version: "3.1.0", endpoint: `${baseUrl}/openapi.json` },
      mcp: {
        transport: "streamable-http",
        endpoint: `${baseUrl}${MCP_PATH}`,
        stateless: true,
        freeTools: MCP_TOOLS.free,
        paidTools: MCP_TOOLS.paid,
        payment: MCP_PAYMENT_NOTE,
      },
    },
  };
}
