/**
 * The discovery documents: /.well-known/x402 (the convention x402 indexers read: `version` 1
 * and absolute `resources` they can probe for a 402, with the payment terms and each endpoint's
 * full Bazaar declaration beside them) and
 * /.well-known/agent.json (an Agent Web Protocol 0.2 manifest whose paid actions point to the
 * former for payment details).
 */
import { discoveryExtension } from "./bazaar";
import { endpointAt, endpointParams, exampleUrl, PAID_ENDPOINTS } from "./endpoints";
import { SIGN_IN_WITH_X } from "./headers";
import { MCP_PAYMENT_NOTE, MCP_SIGN_IN_NOTE, paymentSteps, PRICE_NOTE } from "./how-to-pay";
import { MCP_FREE_TOOLS, MCP_PAID_TOOLS, MCP_PATH, MCP_WALLET_TOOLS } from "./mcp-tools";
import { paidEndpointCall } from "./pricing-document";
import type { PaymentTerms } from "./pricing";

const INTENT =
  "Korean corporate disclosures (DART) in English: a free feed of recent filings of listed companies with English names, filing-type labels, event types and importance scores, a free company directory, and English summaries of filings composed from their facts, paid per call in USDC over x402.";

export function x402DiscoveryDocument(baseUrl: string, terms: PaymentTerms) {
  return {
    version: 1,
    // URLs an indexer probes with a GET for their 402: the alert pack, sold by POST, is listed in `endpoints` only.
    resources: PAID_ENDPOINTS.filter((paid) => paid.method === "GET").map((paid) => exampleUrl(baseUrl, paid.endpoint)),
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
    // Having again what a wallet paid for: x402's sign-in-with-x extension.
    redelivery: {
      extension: "sign-in-with-x",
      header: SIGN_IN_WITH_X.proof,
      mcpMeta: SIGN_IN_WITH_X.mcpMeta,
      nonce: `${baseUrl}/v1/auth/nonce`,
      purchases: `${baseUrl}/v1/auth/purchases`,
      redeliveredHeader: SIGN_IN_WITH_X.redelivered,
    },
    instructions: `${paymentSteps(terms.network).join(" ")} Price: ${PRICE_NOTE}`,
  };
}

interface ActionSpec {
  /** The action's id (the spec names them; a paid one's is its paid endpoint's id). */
  id: string;
  description: string;
  /** The endpoint it calls. */
  path: string;
  outputs: Record<string, string>;
}

/** The manifest's actions, in the order the spec lists them, then those added since. */
const ACTIONS: ActionSpec[] = [
  {
    id: "find-company",
    description: "Find listed companies by Korean name, English name or ticker (fuzzy), closest first.",
    path: "/v1/companies",
    outputs: { matches: "array[CompanyDto]" },
  },
  {
    id: "list-recent-filings",
    description:
      "Recent filings, newest first, market-wide or for one ticker, with English labels, event type and importance.",
    path: "/v1/disclosures/recent",
    outputs: { filings: "array[RecentFilingDto]" },
  },
  {
    id: "check-summary-availability",
    description:
      "Before paying: whether a filing's summary can be had (grounded in its body or DART's structured record), is cached, and who wrote it.",
    path: "/v1/disclosures/availability",
    outputs: {
      summaryAvailable: "boolean",
      availability: "available|unknown|unavailable",
      payerRisk: "string|null",
      cached: "boolean",
      basis: "string|null",
      reason: "string|null",
      generator: "string|null",
    },
  },
  {
    id: "get-by-ticker",
    description:
      "A company's newest `limit` filings that can be summarised, with their English summaries, newest first. Charged for limit.",
    path: "/v1/disclosures/by-ticker",
    outputs: {
      ticker: "string",
      count: "integer",
      chargedFor: "integer",
      delivered: "integer",
      summaries: "array[DisclosureSummaryDto]",
    },
  },
  {
    id: "get-summary",
    description: "The English summary of one filing, composed from its facts, by receipt number.",
    path: "/v1/disclosures/summary",
    outputs: { summary: "DisclosureSummaryDto" },
  },
  {
    id: "get-facts",
    description:
      "The summary of one filing with its fact sheet: each figure with its Korean source cells, so every figure can be checked.",
    path: "/v1/disclosures/facts",
    outputs: { rcptNo: "string", summary: "DisclosureSummaryDto", facts: "array[Fact]", generator: "string" },
  },
  {
    id: "buy-alert-credit",
    description:
      "A pack of webhook alerts for the paying wallet's watchlists, one spent per alert delivered (or finally failed).",
    path: "/v1/alerts/credit",
    outputs: { wallet: "string", added: "integer", bought: "integer", spent: "integer", balance: "integer" },
  },
];

export function agentManifest(baseUrl: string, terms: PaymentTerms) {
  const x402Document = `${baseUrl}/.well-known/x402`;
  return {
    awp_version: "0.2",
    domain: new URL(baseUrl).host,
    intent: INTENT,
    actions: ACTIONS.map((action) => {
      const endpoint = endpointAt(action.path);
      const { paid } = endpoint;
      const parameters = endpointParams(endpoint).map(({ name, in: where, type, required, description }) => ({
        name,
        in: where,
        type,
        required,
        description,
      }));
      return {
        id: action.id,
        description: action.description,
        intent: action.description,
        method: endpoint.method === "post" ? "POST" : "GET",
        endpoint: `${baseUrl}${endpoint.path}`,
        inputs: Object.fromEntries(
          parameters.map(({ name, type, required, description }) => [name, { type, required, description }]),
        ),
        parameters,
        outputs: action.outputs,
        auth_required: false,
        payment: paid
          ? {
              required: true,
              protocol: "x402",
              priceUsdc: paid.priceUsdc,
              pricingMode: paid.pricingMode,
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
        freeTools: MCP_FREE_TOOLS,
        walletTools: MCP_WALLET_TOOLS,
        paidTools: MCP_PAID_TOOLS,
        payment: MCP_PAYMENT_NOTE,
        signIn: MCP_SIGN_IN_NOTE,
      },
    },
  };
}
