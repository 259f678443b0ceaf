import "server-only";
import type { McpServer, ToolAnnotations } from "@modelcontextprotocol/server";
import { z } from "zod";
import { getDb } from "@/lib/database";
import {
  companyDto,
  companySearchQuery,
  companySearchResponse,
  disclosureSummaryDto,
  FILINGS_TOTAL_CAP,
  filingsQuery,
  filingsResponse,
  recentFilingsResponse,
  recentQuery,
  tickerPath,
  type CompanyDto,
  type DisclosureSummaryDto,
  type RecentFilingDto,
} from "@/lib/interface/schemas";
import { vocabularyDocument } from "@/lib/classify";
import { serviceClock } from "@/lib/clock";
import { listFilings, listRecentFilings, lookupCompany, searchDirectory } from "@/lib/disclosures";
import { env, publicBaseUrl } from "@/lib/env";
import { MCP_PAID_TOOLS, MCP_PAYMENT_NOTE, mcpTool, pricingDocument } from "@/lib/interface";
import { publishedPaymentTerms } from "@/lib/payments";
import sample from "@/lib/interface/sample.json";
import { errorResult, structuredResult, summaryText } from "./results";
import { toolSchema } from "./tool-schemas";

/** The documents that have no schema of their own (OpenAPI describes them as plain objects too). */
const jsonDocument = z.looseObject({});
export const noInput = z.object({});

const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;

export type Registration = (server: McpServer) => void;

/**
 * A free tool, titled and described as the published interface lists it: its result as
 * structured content (checked by the SDK against outputSchema) and a short text. Its errors
 * carry their body as text only, so they never contradict the outputSchema. `run` has the
 * call's `_meta` too, where a watchlist tool finds its sign-in (./watchlist-tools.ts).
 */
export function freeTool<I extends z.ZodObject, R extends object>(
  name: string,
  config: { inputSchema: I; outputSchema: z.ZodType; annotations?: ToolAnnotations },
  run: (input: z.output<I>, meta: Record<string, unknown> | undefined) => Promise<R>,
  text: (output: R) => string,
): Registration {
  const { title, description } = mcpTool(name);
  const schemas = {
    inputSchema: toolSchema(config.inputSchema as z.ZodObject),
    outputSchema: toolSchema(config.outputSchema),
  };
  const annotations = config.annotations ?? READ_ONLY;
  return (server) =>
    server.registerTool(name, { title, description, ...schemas, annotations }, async (input, ctx) => {
      try {
        // The SDK hands over the schema's output; TypeScript cannot name it for a generic schema.
        const output = await run(input as z.output<I>, ctx.mcpReq._meta);
        return structuredResult(output, text(output));
      } catch (error) {
        return errorResult(error, { structured: false });
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
      inputSchema: companySearchQuery,
      outputSchema: companySearchResponse,
    },
    async ({ q, limit }) => searchDirectory(await getDb(), q, limit),
    ({ matches }) => [`${matches.length} matches`, ...matches.map(companyLine)].join("\n"),
  ),
  freeTool(
    "get_company",
    {
      inputSchema: tickerPath,
      outputSchema: companyDto,
    },
    async ({ ticker }) => lookupCompany(await getDb(), ticker),
    companyLine,
  ),
  freeTool(
    "list_recent_filings",
    {
      inputSchema: recentQuery,
      outputSchema: recentFilingsResponse,
    },
    async (query) => listRecentFilings(await getDb(), serviceClock(), query),
    ({ filings }) => [`${filings.length} filings, newest first`, ...filings.map(filingLine)].join("\n"),
  ),
  freeTool(
    "search_filings",
    {
      inputSchema: filingsQuery,
      outputSchema: filingsResponse,
    },
    async (query) => listFilings(await getDb(), serviceClock(), query),
    ({ filings, total, nextCursor }) =>
      [
        `${filings.length} of ${total >= FILINGS_TOTAL_CAP ? `${FILINGS_TOTAL_CAP} or more` : total} filings`,
        ...filings.map(filingLine),
        ...(nextCursor ? [`next page: cursor ${nextCursor}`] : []),
      ].join("\n"),
  ),
  freeTool(
    "get_pricing",
    {
      inputSchema: noInput,
      outputSchema: jsonDocument,
    },
    async () => pricingDocument(publicBaseUrl(), await publishedPaymentTerms(), env().X402_SAMPLE_SETTLEMENT_TX),
    (doc) =>
      [
        ...Object.entries(MCP_PAID_TOOLS).map(([name, price]) => `${name}: ${price} per call.`),
        `Paid over x402 v2 in ${String(doc.x402Asset)} on ${String(doc.x402Network)} to ${String(doc.x402Recipient)}. ${MCP_PAYMENT_NOTE}`,
      ].join("\n"),
  ),
  freeTool(
    "get_vocabulary",
    {
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

function filingLine(f: RecentFilingDto): string {
  return `- ${f.rceptDt} ${f.ticker} ${f.corpNameEn}: ${f.reportNmEn} [${f.eventType}, importance ${f.importanceScore}] rcptNo ${f.rcptNo}`;
}

function companyLine(c: CompanyDto): string {
  return `- ${c.nameEn} (${c.nameKr}), ticker ${c.ticker}, ${c.market}, DART corp code ${c.corpCode}${c.isExactMatch ? ", exact match" : ""}`;
}
