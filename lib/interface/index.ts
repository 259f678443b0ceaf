/**
 * The published interface: everything a client is told about the service, from one source.
 *
 * - endpoints.ts: every endpoint, free and paid, once: path, parameters, answers, price, and
 *   what each document says about it; example calls from the parameters' examples.
 * - schemas.ts: the zod schemas of every parameter and answer; the handlers validate with them
 *   and the documents describe them; feed-rows.ts: the row counts of the feed views' `rows`.
 * - pricing.ts: what a summary costs and the terms a payer signs; lib/payments sells at these.
 * - headers.ts: the payment header names (and the MCP transport's `_meta` keys), for the routes,
 *   the HTTP layer and the documents.
 * - how-to-pay.ts: how to pay over HTTP and over MCP, said once.
 * - openapi.ts, llms.ts, pricing-document.ts, discovery-documents.ts: /openapi.json, /llms.txt,
 *   /v1/pricing, /.well-known/x402 and /.well-known/agent.json, generated from the above.
 * - bazaar.ts, samples.ts: the discovery metadata the challenges carry, and sample paid answers
 *   (sample.json, sample-facts.json: written by `npm run sample:build`).
 * - mcp-tools.ts: the MCP endpoint and its tools (names, titles, descriptions, prices).
 *
 * /docs renders the OpenAPI document and the how-to-pay steps (lib/explorer/docs.ts).
 */
export * from "./endpoints";
export * from "./schemas";
export * from "./feed-rows";
export * from "./pricing";
export * from "./headers";
export * from "./how-to-pay";
export { buildOpenApiDocument } from "./openapi";
export { llmsTxt } from "./llms";
export * from "./pricing-document";
export * from "./discovery-documents";
export { discoveryExtension } from "./bazaar";
export { sampleResponse } from "./samples";
export * from "./mcp-tools";
export * from "./watchlists";
