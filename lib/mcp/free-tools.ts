import "server-only";
import type { McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import { getDb } from "@/db";
import {
  companyDto,
  companySearchQuery,
  companySearchResponse,
  disclosureSummaryDto,
  recentFilingsResponse,
  recentQuery,
  tickerPath,
  type CompanyDto,
  type DisclosureSummaryDto,
} from "@/lib/interface/schemas";
import { vocabularyDocument } from "@/lib/classify";
import { serviceClock } from "@/lib/clock";
import { listRecentFilings, lookupCompany, searchDirectory } from "@/lib/disclosures";
import { env, publicBaseUrl } from "@/lib/env";
import { MCP_TOOLS, pricingDocument } from "@/lib/interface";
import { publishedPaymentTerms } from "@/lib/payments";
import sample from "@/lib/summaries/sample.json";
import { errorResult, structuredResult, summaryText } from "./results";
import { toolSchema } from "./tool-schemas";

/** The documents that have no schema of their own (OpenAPI describes them as plain objects too). */
const jsonDocument = z.looseObject({});
const noInput = z.object({});

const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;

type Registration = (server: McpServer) => void;

/** A free tool: its result as structured content (checked by the SDK against outputSchema) and a short text. */
function freeTool<I extends z.ZodObject, R extends object>(
  name: string,
  config: { title: string; description: string; inputSchema: I; outputSchema: z.ZodType },
  run: (input: z.output<I>) => Promise<R>,
  text: (output: R) => string,
): Registration {
  const schemas = { inputSchema: toolSchema(config.inputSchema as z.ZodObject), outputSchema: toolSchema(config.outputSchema) };
  return (server) =>
    server.registerTool(name, { ...config, ...schemas, annotations: READ_ONLY }, async (input) => {
      try {
        // The SDK hands over the schema's output; TypeScript cannot name it for a generic schema.
        const output = await run(input as z.output<I>);
        return structuredResult(output, text(output));
      } catch (error) {
        return errorResult(error);
      }
    });
}

/**
 * The free tools: each a thin call into the same lib function as its HTTP route, with that
 * route's zod schema as input (the same limits and clamping) and its response schema as output.
 */
const FREE_TOOLS: Registration[] = [
  freeTool(
    "search_companies",
    {
      title: "Search companies",
      description:
        "Find Korean exchange-listed companies by Korean name, English name or ticker; partial and misspelt names work. Exact matches first. Free.",
      inputSchema: companySearchQuery,
      outputSchema: companySearchResponse,
    },
    async ({ q, limit }) => searchDirectory(await getDb(), q, limit),
    ({ matches }) => [`${matches.length} matches`, ...matches.map(companyLine)].join("\n"),
  ),
  freeTool(
    "get_company",
    {
      title: "Get company",
      description: "One listed company by its exchange ticker (e.g. 005930). Not found is an error. Free.",
      inputSchema: tickerPath,
      outputSchema: companyDto,
    },
    async ({ ticker }) => lookupCompany(await getDb(), ticker),
    companyLine,
  ),
  freeTool(
    "list_recent_filings",
    {
      title: "List recent filings",
      description:
        "Newest DART filings first, market-wide or for one ticker, with English company names, filing-type labels, event type and importance (1-10). limit 1-100 and since_hours 1-168 are clamped, never an error. Free; the rcptNo of a row is what get_filing_summary takes.",
      inputSchema: recentQuery,
      outputSchema: recentFilingsResponse,
    },
    async (query) => listRecentFilings(await getDb(), serviceClock(), query),
    ({ filings }) =>
      [
        `${filings.length} filings, newest first`,
        ...filings.map(
          (f) => `- ${f.rceptDt} ${f.ticker} ${f.corpNameEn}: ${f.reportNmEn} [${f.eventType}, importance ${f.importanceScore}] rcptNo ${f.rcptNo}`,
        ),
      ].join("\n"),
  ),
  freeTool(
    "get_pricing",
    {
      title: "Get pricing",
      description: "Prices and payment terms (network, asset, recipient) of the paid tools and endpoints, and how paying works. Free.",
      inputSchema: noInput,
      outputSchema: jsonDocument,
    },
    async () => pricingDocument(publicBaseUrl(), await publishedPaymentTerms(), env().X402_SAMPLE_SETTLEMENT_TX),
    (doc) =>
      [
        ...Object.entries(MCP_TOOLS.paid).map(([name, price]) => `${name}: ${price} per call.`),
        `Paid over x402 v2 in ${String(doc.x402Asset)} on ${String(doc.x402Network)} to ${String(doc.x402Recipient)}: call the tool, sign the PaymentRequired it answers with, and call again with the PaymentPayload in _meta["x402/payment"].`,
      ].join("\n"),
  ),
  freeTool(
    "get_vocabulary",
    {
      title: "Get vocabulary",
      description: "Every event type, audience tag, sector tag and market the filings are labelled with, and the importance rubric. Free.",
      inputSchema: noInput,
      outputSchema: jsonDocument,
    },
    async () => vocabularyDocument(),
    (doc) =>
      `${doc.eventTypes.length} event types, ${doc.audienceTags.length} audience tags, ${doc.sectorTags.length} sector tags, ${doc.markets.length} markets (classifier ${doc.classifierVersion}).`,
  ),
  freeTool(
    "get_sample_summary",
    {
      title: "Get sample summary",
      description: "A constant, real summary as get_filing_summary returns it, to see the shape before paying. Free.",
      inputSchema: noInput,
      outputSchema: disclosureSummaryDto,
    },
    async () => sample as DisclosureSummaryDto,
    (summary) => `Sample (free, constant).\n${summaryText(summary)}`,
  ),
];

export function registerFreeTools(server: McpServer): void {
  for (const register of FREE_TOOLS) register(server);
}

function companyLine(c: CompanyDto): string {
  return `- ${c.nameEn} (${c.nameKr}), ticker ${c.ticker}, ${c.market}, DART corp code ${c.corpCode}${c.isExactMatch ? ", exact match" : ""}`;
}
