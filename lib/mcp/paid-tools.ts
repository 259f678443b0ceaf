import "server-only";
import type { McpServer } from "@modelcontextprotocol/server";
import type { z } from "zod";
import { byTickerResponse, disclosureSummaryDto, type ByTickerResponse, type DisclosureSummaryDto } from "@/lib/api/schemas";
import { openPaidCall, paidByTicker, paidSummary, payForCall, PRICE_PER_SUMMARY_USDC, type PaidCallSpec } from "@/lib/payments";
import { errorResult, structuredResult, summaryText } from "./results";
import { toolSchema } from "./tool-schemas";
import { paymentRequiredResult, toolResourceUrl, X402_META } from "./x402";

interface PaidTool<Q extends z.ZodObject, Found> {
  name: string;
  title: string;
  description: string;
  spec: PaidCallSpec<Q, Found>;
  inputSchema: Q;
  outputSchema: z.ZodType;
  text(body: never): string;
}

const HOW_TO_PAY =
  'Paid over x402 v2: called without payment it answers isError with the PaymentRequired (amount, asset, payTo, network); sign it and call again with the PaymentPayload in _meta["x402/payment"]. The settlement comes back in _meta["x402/payment-response"]. Invalid arguments, unknown filings or tickers and summaries that cannot be produced are never charged.';

const PAID_TOOLS = [
  {
    name: "get_filing_summary",
    title: "Get filing summary (paid)",
    description: `The paraphrased English summary of one filing, by its 14-digit receipt number (rcptNo, from list_recent_filings), grounded in the filing body. ${PRICE_PER_SUMMARY_USDC} USDC per call. ${HOW_TO_PAY}`,
    spec: paidSummary,
    inputSchema: toolSchema(paidSummary.query),
    outputSchema: toolSchema(disclosureSummaryDto),
    text: (body: DisclosureSummaryDto) => summaryText(body),
  } satisfies PaidTool<typeof paidSummary.query, unknown>,
  {
    name: "get_latest_summaries_for_ticker",
    title: "Get latest summaries for a ticker (paid)",
    description: `The newest \`limit\` filings of one company (1-50, clamped, default 5) with their English summaries, newest first. ${PRICE_PER_SUMMARY_USDC} USDC × limit, charged for limit whatever is delivered. ${HOW_TO_PAY}`,
    spec: paidByTicker,
    inputSchema: toolSchema(paidByTicker.query),
    outputSchema: toolSchema(byTickerResponse),
    text: (body: ByTickerResponse) =>
      [`${body.delivered} summaries for ${body.ticker} (charged for ${body.chargedFor})`, ...body.summaries.map(summaryText)].join("\n\n"),
  } satisfies PaidTool<typeof paidByTicker.query, unknown>,
];

const PAID = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false } as const;

/**
 * The paid tools: the HTTP routes' paid-call specs (same preflight, price, delivery and ledger)
 * carried over the x402 MCP transport. Arguments are validated by the SDK with the routes' zod
 * schemas before the handler runs, so invalid input is a tool error with no challenge.
 */
export function registerPaidTools(server: McpServer): void {
  for (const tool of PAID_TOOLS) {
    const spec = tool.spec as PaidCallSpec<z.ZodObject, unknown>;
    const resourceUrl = toolResourceUrl(tool.name);
    server.registerTool(
      tool.name,
      { title: tool.title, description: tool.description, inputSchema: tool.inputSchema as z.ZodObject, outputSchema: tool.outputSchema, annotations: PAID },
      async (query, ctx) => {
        try {
          const call = await openPaidCall(spec, query);
          const resource = { url: resourceUrl, description: call.endpoint.description, mimeType: "application/json" };
          const outcome = await payForCall(call, ctx.mcpReq._meta?.[X402_META.payment], resource);
          if (outcome.status === "payment_required") return paymentRequiredResult(outcome.paymentRequired);
          if (outcome.status === "settlement_failed") return paymentRequiredResult(outcome.paymentRequired, outcome.settlement);
          return {
            ...structuredResult(outcome.body as object, (tool.text as (body: unknown) => string)(outcome.body)),
            _meta: { [X402_META.paymentResponse]: outcome.settlement },
          };
        } catch (error) {
          return errorResult(error);
        }
      },
    );
  }
}
