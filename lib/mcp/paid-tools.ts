import "server-only";
import type { McpServer } from "@modelcontextprotocol/server";
import type { z } from "zod";
import { mcpTool, SIGN_IN_WITH_X, type AlertPackResponse, type ByTickerResponse } from "@/lib/interface";
import {
  openPaidCall,
  paidByTicker,
  paidFacts,
  paidSummary,
  payForCall,
  redeliverPaidCall,
  timePaidCall,
  isRedeliverable,
  paidAlertPack,
  type PaidCallSpec,
} from "@/lib/payments";
import { apiErrorOf } from "@/lib/api/errors";
import { chargeRefusedPayment } from "@/lib/http";
import { requestHeaders } from "./request-context";
import { errorResult, factsText, structuredResult, summaryText } from "./results";
import { toolSchema } from "./tool-schemas";
import { paymentRequiredResult, toolResourceUrl, X402_META } from "./x402";

const PAID = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false } as const;

interface Registration {
  name: string;
  register: (server: McpServer) => void;
}

/**
 * A paid tool, titled and described as the published interface lists it: the HTTP route's
 * paid-call spec (same preflight, price, delivery, ledger and redelivery) carried over the x402
 * MCP transport. Arguments are validated by the SDK with the route's zod schema before the
 * handler runs, so invalid input is a tool error with no challenge. A wallet sign-in in
 * `_meta["sign-in-with-x"]` that proves the wallet paid for the call has it again, free (not
 * for alert credit, which is not content).
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
  const register = (server: McpServer) =>
    server.registerTool(name, { title, description, inputSchema, annotations: PAID }, async (query, ctx) => {
      const payment = ctx.mcpReq._meta?.[X402_META.payment];
      // A payment that delivers nothing costs its client a point of the refused-payment budget,
      // as a 4xx answer to a payment header does over HTTP (lib/http/per-request.ts).
      const refused = async <R>(result: R): Promise<R> => {
        const headers = requestHeaders();
        if (payment !== undefined && headers) await chargeRefusedPayment(headers);
        return result;
      };
      try {
        const signIn = ctx.mcpReq._meta?.[SIGN_IN_WITH_X.mcpMeta];
        let signInProblem: string | undefined;
        if (signIn !== undefined && isRedeliverable(spec)) {
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
          () => payForCall(call, payment, resource, signInProblem),
          ({ status }) => ({ outcome: status }),
        );
        if (outcome.status === "payment_required") return refused(paymentRequiredResult(outcome.paymentRequired));
        if (outcome.status === "settlement_failed")
          return refused(paymentRequiredResult(outcome.paymentRequired, outcome.settlement));
        const body = outcome.body as Body;
        return { ...structuredResult(body, text(body)), _meta: { [X402_META.paymentResponse]: outcome.settlement } };
      } catch (error) {
        const result = errorResult(error, { structured: true });
        // The service's own trouble (503, 500) is not the payer's.
        const status = apiErrorOf(error)?.status ?? 500;
        return status < 500 && status !== 429 ? refused(result) : result;
      }
    });
  return { name, register };
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
  paidTool(
    "buy_alert_credit",
    paidAlertPack,
    (body: AlertPackResponse) => `${body.added} alerts added for ${body.wallet}: ${body.balance} left`,
  ),
];

/** The paid tools' names: a call of one of them with a payment in `_meta` counts as a payment. */
export const PAID_TOOL_NAMES: readonly string[] = PAID_TOOLS.map((tool) => tool.name);

export function registerPaidTools(server: McpServer): void {
  for (const { register } of PAID_TOOLS) register(server);
}
