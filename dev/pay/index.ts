/**
 * Paying this service from scripts and tests (never imported by the product): x402 clients that
 * sign with a private key, within the explorer's spending limits.
 *
 * - client.ts: a paying x402 client and a paying `fetch` (`npm run pay`, tests, benchmarks).
 * - payer.ts: who pays from the command line: PAYER_KEY, or the local chain's first test payer.
 * - mcp-client.ts: a paying MCP client (`npm run mcp:call`, tests, benchmarks), the reference
 *   for agent authors.
 */
export * from "./client";
export * from "./payer";
export * from "./mcp-client";
