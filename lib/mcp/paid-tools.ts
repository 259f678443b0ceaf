import "server-only";
import type { McpServer } from "@modelcontextprotocol/server";
import type { z } from "zod";
import { mcpTool, SIGN_IN_WITH_X, type ByTickerResponse } from "@/lib/interface";
import {
  openPaidCall,
  paidByTicker,
  paidFacts,
  paidSummary,
  payForCall,
  redeliverPaidCall,
  timePaidCall,
  type PaidCallSpec,
} from "@/lib/payments";
import { errorResult, factsText, structuredResult, summaryText } from "./results";
import { toolSchema } from "./tool-schemas";
import { paymentRequiredResult, toolResourceUrl, X402_META } from "./x402";

const PAID = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false } as const;

type Registration = (server: McpServer) => void;

/**
 * A paid tool, titled and described as the published interface lists it: the HTTP route's
 * paid-call spec (same preflight, price, delivery, ledger and redelivery) carried over the x402
 * MCP transport. Arguments are validated by the SDK with the route's zod schema before the
 * handler runs, so invalid input is a tool error with no challenge. A wallet sign-in in
 * `_meta["sign-in-with-x"]` that proves the wallet paid for the call has it again, free.
 *
 * No outputSchema: the x402 transport puts the PaymentRequired (and a failed settlement) in an
 * error result's structuredContent, which @modelcontextprotocol/sdk 1.x clients would check
 * against the outputSchema and refuse, so agents on them could never pay. The delivered result
 * is still the HTTP route's body as structuredContent, as the tool's description says.
 */
function paidTool<Q extends z.ZodObject, Found, Body extends object>(
  name: string,
  spec: PaidCallSpec<Q, Found>,
  text: (body: Body) => string,
): Registration {
  const { title, description } = mcpTool(name);
  const inputSchema = toolSchema(spec.query as z.ZodObject);
  const resourceUrl = toolResourceUrl(name);
  return (server) =>
    server.registerTool(name, { title, description, inputSchema, annotations: PAID }, async (query, ctx) => {
      try {
        const signIn = ctx.mcpReq._meta?.[SIGN_IN_WITH_X.mcpMeta];
        let signInProblem: string | undefined;
        if (signIn !== undefined) {
          const redelivery = await redeliverPaidCall(spec, query as z.output<Q>, signIn);
          if (redelivery.status === "redelivered") {
            const body = redelivery.content.body as Body;
            const { txHash, network, payer } = redelivery.payment;
            return {
              ...structuredResult(body, text(body)),
              _meta: { [SIGN_IN_WITH_X.mcpMeta]: { redelivered: true, transaction: txHash, network, payer } },
            };
          }
          signInProblem = redelivery.reason;
        }
        const call = await openPaidCall(spec, query as z.output<Q>);
        const resource = { url: resourceUrl, description: call.endpoint.description, mimeType: "application/json" };
        const outcome = await timePaidCall(
          { endpoint: name, channel: "mcp" },
          () => payForCall(call, ctx.mcpReq._meta?.[X402_META.payment], resource, signInProblem),
          ({ status }) => ({ outcome: status }),
        );
        if (outcome.status === "payment_required") return paymentRequiredResult(outcome.paymentRequired);
        if (outcome.status === "settlement_failed")
          return paymentRequiredResult(outcome.paymentRequired, outcome.settlement);
        const body = outcome.body as Body;
        return { ...structuredResult(body, text(body)), _meta: { [X402_META.paymentResponse]: outcome.settlement } };
      } catch (error) {
        return errorResult(error, { structured: true });
      }
    });
}

const PAID_TOOLS: Registration[] = [
  paidTool("get_filing_summary", paidSummary, summaryText),
  paidTool("get_filing_facts", paidFacts, factsText),
  paidTool("get_latest_summaries_for_ticker", paidByTicker, (body: ByTickerResponse) =>
    [
      `${body.delivered} summaries for ${body.ticker} (charged for ${body.chargedFor})`,
      ...body.summaries.map(summaryText),
    ].join("\n\n"),
  ),
];

export function registerPaidTools(server: McpServer): void {
  for (const register of PAID_TOOLS) register(server);
}
