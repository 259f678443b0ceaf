/**
 * The published interface: everything a client is told about the service, from one source.
 *
 * - schemas.ts: the zod schemas of every parameter and answer; the handlers validate with them
 *   and the OpenAPI document is generated from them.
 * - pricing.ts: what the paid endpoints cost and the terms a payer signs (token, timeout);
 *   lib/payments sells at these prices.
 * - headers.ts: the payment header names (and X-Summary-Generator), for the routes and the documents.
 * - openapi.ts, llms.ts, pricing-document.ts, discovery-documents.ts: /openapi.json, /llms.txt,
 *   /v1/pricing, /.well-known/x402 and /.well-known/agent.json.
 * - bazaar.ts, samples.ts: the discovery metadata the challenges carry, and sample paid answers.
 * - mcp-tools.ts: the MCP endpoint and its tools as the documents announce them.
 */
export * from "./schemas";
export * from "./pricing";
export * from "./headers";
export { buildOpenApiDocument, API_VERSION } from "./openapi";
export { llmsTxt } from "./llms";
export * from "./pricing-document";
export * from "./discovery-documents";
export { discoveryExtension } from "./bazaar";
export { sampleResponse, SAMPLE_SUMMARY, SAMPLE_BY_TICKER } from "./samples";
export * from "./mcp-tools";
