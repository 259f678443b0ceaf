import "server-only";
import type { McpServer } from "@modelcontextprotocol/server";
import type { z } from "zod";
import { byTickerResponse, disclosureSummaryDto } from "@/lib/interface/schemas";
import { PRICE_PER_SUMMARY_USDC } from "@/lib/interface";
import { openPaidCall, paidByTicker, paidSummary, payForCall, timePaidCall, type PaidCallSpec } from "@/lib/payments";
import { errorResult, structuredResult, summaryText } from "./results";
import { toolSchema } from "./tool-schemas";
import { paymentRequiredResult, toolResourceUrl, X402_META } from "./x402";

const HOW_TO_PAY =
  'Paid over x402 v2: called without payment it answers isError with the PaymentRequired (amount, asset, payTo, network); sign it and call again with the PaymentPayload in _meta["x402/payment"]. The settlement comes back in _meta["x402/payment-response"]. Invalid arguments, unknown filings or tickers and summaries that cannot be produced are never charged.';

const PAID = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false } as const;

type Registration = (server: McpServer) => void;

/**
 * A paid tool: the HTTP route's paid-call spec (same preflight, price, delivery and ledger)
 * carried over the x402 MCP transport. Arguments are validated by the SDK with the route's zod
 * schema before the handler runs, so invalid input is a tool error with no challenge.
 */
function paidTool<Q extends z.ZodObject, Found, Body extends object>(
  name: string,
  config: { title: string; description: string; outputSchema: z.ZodType<Body> },
  spec: PaidCallSpec<Q, Found>,
  text: (body: Body) => string,
): Registration {
  const schemas = { inputSchema: toolSchema(spec.query as z.ZodObject), outputSchema: toolSchema(config.outputSchema) };
  const resourceUrl = toolResourceUrl(name);
  return (server) =>
    server.registerTool(name, { ...config, ...schemas, annotations: PAID }, async (query, ctx) => {
      try {
        const call = await openPaidCall(spec, query as z.output<Q>);
        const resource = { url: resourceUrl, description: call.endpoint.description, mimeType: "application/json" };
        const outcome = await timePaidCall(
          { endpoint: name, channel: "mcp" },
          () => payForCall(call, ctx.mcpReq._meta?.[X402_META.payment], resource),
          ({ status }) => ({ outcome: status }),
        );
        if (outcome.status === "payment_required") return paymentRequiredResult(outcome.paymentRequired);
        if (outcome.status === "settlement_failed") return paymentRequiredResult(outcome.paymentRequired, outcome.settlement);
        const body = outcome.body as Body;
        return { ...structuredResult(body, text(body)), _meta: { [X402_META.paymentResponse]: outcome.settlement } };
      } catch (error) {
        return errorResult(error);
      }
    });
}

const PAID_TOOLS: Registration[] = [
  paidTool(
    "get_filing_summary",
    {
      title: "Get filing summary (paid)",
      description: `The paraphrased English summary of one filing, by its 14-digit receipt number (rcptNo, from list_recent_filings), grounded in the filing body. ${PRICE_PER_SUMMARY_USDC} USDC per call. ${HOW_TO_PAY}`,
      outputSchema: disclosureSummaryDto,
    },
    paidSummary,
    summaryText,
  ),
  paidTool(
    "get_latest_summaries_for_ticker",
    {
      title: "Get latest summaries for a ticker (paid)",
      description: `The newest \`limit\` filings of one company (1-50, clamped, default 5) with their English summaries, newest first. ${PRICE_PER_SUMMARY_USDC} USDC × limit, charged for limit whatever is delivered. ${HOW_TO_PAY}`,
      outputSchema: byTickerResponse,
    },
    paidByTicker,
    (body) => [`${body.delivered} summaries for ${body.ticker} (charged for ${body.chargedFor})`, ...body.summaries.map(summaryText)].join("\n\n"),
  ),
];

export function registerPaidTools(server: McpServer): void {
  for (const register of PAID_TOOLS) register(server);
}
