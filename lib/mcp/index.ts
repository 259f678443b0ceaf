/**
 * MCP: the service as Model Context Protocol tools at /mcp (Streamable HTTP, stateless), on
 * the official MCP TypeScript SDK (v2).
 *
 * - server.ts: one McpServer per request with every tool; handleMcpRequest for the route.
 * - free-tools.ts: search_companies, get_company, list_recent_filings, get_pricing,
 *   get_vocabulary, get_sample_summary: thin calls into the HTTP routes' lib functions.
 * - paid-tools.ts: get_filing_summary, get_latest_summaries_for_ticker: the HTTP routes' paid
 *   calls (lib/payments/paid-call.ts) over the x402 MCP transport.
 * - watchlist-tools.ts: get_sign_in_challenge and the watchlist tools, the /v1/watchlists and
 *   /v1/alerts operations (lib/alerts) for the wallet signed in in `_meta["sign-in-with-x"]`.
 * - x402.ts: that transport's wire shapes, for the server and for paying clients.
 * - results.ts: tool results, short text renderings, and tool errors (the HTTP API's error bodies).
 * - tool-schemas.ts: the routes' zod schemas as tool schemas, converted to JSON Schema once.
 *
 * The paying MCP client (the mcp:call script, tests, benchmarks) is development tooling:
 * dev/pay/mcp-client.ts.
 */
export { carriesPayment, handleMcpRequest, mcpPreflight } from "./server";
export { X402_META, toolResourceUrl } from "./x402";
