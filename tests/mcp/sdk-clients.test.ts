/**
 * /mcp with each official client line: @modelcontextprotocol/client 2.x and
 * @modelcontextprotocol/sdk 1.x (which checks every result's structuredContent against the
 * tool's outputSchema, error results included). Both list the tools, get free answers and
 * tool errors as results (never a thrown -32602), and go through the whole x402 flow: the
 * PaymentRequired, a payment, the settled summary, a refused replay. Malformed `initialize`
 * params are a short -32602 (Invalid params). Real parts: route handler, Hardhat chain, @x402
 * facilitator, the app's database.
 */
import { describe, expect, it } from "vitest";
import { POST } from "@/app/mcp/route";
import { disclosureSummaryDto } from "@/lib/interface/schemas";
import { paymentRequiredOf, X402_META } from "@/lib/mcp/x402";
import { addressOf, measureBalances, signPayment, setUpPaymentTestStack } from "../support/payments";
import { errorBodyOf, mcpClient, rawCall } from "./support";

const RCPT_NO = "20260424000778"; // bundled with its body: its summary can be sold

const stack = setUpPaymentTestStack();

describe.each([1, 2] as const)("the SDK %i.x client", (sdk) => {
  it("gets free answers, and a tool error as a result it can read", async () => {
    const mcp = await mcpClient(undefined, undefined, { sdk });
    try {
      const { tools } = await mcp.client.listTools();
      expect(tools).toHaveLength(19);
      const company = await rawCall(mcp, "get_company", { ticker: "005930" });
      expect(company.structuredContent).toMatchObject({ ticker: "005930" });
      const unknown = await rawCall(mcp, "get_company", { ticker: "999999" });
      expect(unknown.isError).toBe(true);
      expect(errorBodyOf(unknown)).toMatchObject({ error: "not_found" });
      const invalid = await rawCall(mcp, "get_company", { ticker: "x" });
      expect(invalid.isError).toBe(true);
    } finally {
      await mcp.close();
    }
  });

  it("pays a summary through the whole x402 flow, and a replay is refused as a result", async () => {
    const key = stack.chain.payerPrivateKeys[sdk];
    const mcp = await mcpClient(stack.chain, key, { sdk });
    try {
      const {
        result: bought,
        paid,
        received,
      } = await measureBalances(stack, key, () => mcp.callTool("get_filing_summary", { rcptNo: RCPT_NO }));
      expect(bought.paymentRequired?.accepts[0]).toMatchObject({ amount: "5000", payTo: stack.chain.payTo });
      expect(bought.result.isError).toBeFalsy();
      expect(disclosureSummaryDto.parse(bought.result.structuredContent).rcptNo).toBe(RCPT_NO);
      expect(bought.settlement).toMatchObject({ success: true, payer: addressOf(key) });
      expect([paid, received]).toEqual([5000n, 5000n]);

      const unpaid = await rawCall(mcp, "get_filing_summary", { rcptNo: RCPT_NO });
      const { payload } = await signPayment(stack.chain, key, paymentRequiredOf(unpaid)!);
      const meta = { [X402_META.payment]: payload };
      expect((await rawCall(mcp, "get_filing_summary", { rcptNo: RCPT_NO }, meta)).isError).toBeFalsy();
      const replay = await rawCall(mcp, "get_filing_summary", { rcptNo: RCPT_NO }, meta);
      expect(replay.isError).toBe(true);
      // Settled already: named with its transaction, and the way to have it again (sign in), never settled twice.
      expect(paymentRequiredOf(replay)?.error).toMatch(/payment_already_settled/);

      const notFound = await rawCall(mcp, "get_filing_summary", { rcptNo: "20991231000001" });
      expect(errorBodyOf(notFound)).toMatchObject({ error: "not_found" });
    } finally {
      await mcp.close();
    }
  });
});

describe("initialize", () => {
  const initialize = (params: unknown) =>
    POST(
      new Request("http://localhost/mcp", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: 7,
          method: "initialize",
          ...(params === undefined ? {} : { params }),
        }),
      }),
    );

  it.each([
    ["no params", undefined],
    ["empty params", {}],
    ["a numeric protocol version", { protocolVersion: 5, capabilities: {}, clientInfo: { name: "x", version: "1" } }],
    ["clientInfo without a name", { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: {} }],
  ])("with %s is -32602 with a one-line message", async (_, params) => {
    const response = await initialize(params);
    const body = (await response.json()) as { id: number; error: { code: number; message: string } };
    expect(body.id).toBe(7);
    expect(body.error.code).toBe(-32602);
    expect(body.error.message).toMatch(/^Invalid params for initialize: params/);
    expect(body.error.message).not.toContain("\n");
    expect(body.error.message.length).toBeLessThan(300);
  });

  it("with valid params is answered by the server", async () => {
    const response = await initialize({
      protocolVersion: "2025-06-18",
      capabilities: {},
      clientInfo: { name: "x", version: "1" },
    });
    expect(await response.text()).toContain('"name":"dart-in-english"');
  });
});
