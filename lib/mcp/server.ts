import "server-only";
import { createMcpHandler, McpServer } from "@modelcontextprotocol/server";
import { registerFreeTools } from "./free-tools";
import { registerPaidTools } from "./paid-tools";

const INSTRUCTIONS =
  "Korean corporate disclosures (DART) in English. Free: search_companies, get_company, list_recent_filings, get_pricing, get_vocabulary, get_sample_summary. Paid per call in USDC over x402 v2: get_filing_summary (0.005 USDC) and get_latest_summaries_for_ticker (0.005 USDC × limit). A paid tool called without payment answers isError with the x402 PaymentRequired; repeat the call with the signed PaymentPayload in _meta[\"x402/payment\"].";

/** A fresh server with every tool, for one request (the endpoint is stateless). */
export function createMcpServer(): McpServer {
  const server = new McpServer({ name: "dart-in-english", version: "1.0.0" }, { instructions: INSTRUCTIONS });
  registerFreeTools(server);
  registerPaidTools(server);
  return server;
}

// Stateless: each request gets its own server, and 2025-era clients the SDK's stateless fallback,
// so any instance can answer any request.
const handler = createMcpHandler(createMcpServer);

/**
 * Browser-based MCP clients call cross-origin. No cookies or credentials are involved (a paid
 * call carries its own signed payment), so any origin may call, as with the HTTP API.
 */
const CORS_HEADERS: Record<string, string> = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "GET, POST, DELETE, OPTIONS",
  "Access-Control-Allow-Headers": "Content-Type, Accept, Authorization, Mcp-Session-Id, Mcp-Protocol-Version, Last-Event-ID",
  "Access-Control-Expose-Headers": "Mcp-Session-Id, Mcp-Protocol-Version",
  "Access-Control-Max-Age": "86400",
};

/** /mcp: one MCP message over Streamable HTTP. */
export async function handleMcpRequest(request: Request): Promise<Response> {
  const response = await handler.fetch(request);
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(CORS_HEADERS)) headers.set(name, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** The CORS preflight of /mcp. */
export function mcpPreflight(): Response {
  return new Response(null, { status: 204, headers: CORS_HEADERS });
}
