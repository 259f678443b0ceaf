/** The MCP endpoint as the discovery documents (/.well-known/agent.json, /llms.txt) announce it. */
export const MCP_PATH = "/mcp";

export const MCP_TOOLS = {
  free: ["search_companies", "get_company", "list_recent_filings", "get_pricing", "get_vocabulary", "get_sample_summary"],
  paid: { get_filing_summary: "0.005 USDC", get_latest_summaries_for_ticker: "0.005 USDC × limit" },
} as const;

export const MCP_PAYMENT_NOTE =
  'A paid tool called without payment answers isError with the x402 PaymentRequired in structuredContent (resource mcp://tool/<name>); sign it (EIP-3009) and repeat the call with the PaymentPayload in params._meta["x402/payment"]. The settlement comes back in result._meta["x402/payment-response"]. Invalid arguments, unknown filings or tickers and summaries that cannot be produced are never charged.';
