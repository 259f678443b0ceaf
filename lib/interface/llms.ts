/** The plain-English guide for agents served at /llms.txt. */
import { exampleUrl, ENDPOINTS, FREE_ENDPOINTS, PAID_ENDPOINTS } from "./endpoints";
import { SUMMARY_GENERATOR_HEADER } from "./headers";
import { MCP_PAYMENT_NOTE, MCP_SIGN_IN_NOTE, paymentSteps, PRICE_NOTE } from "./how-to-pay";
import { MCP_FREE_TOOLS, MCP_PATH, MCP_WALLET_TOOLS, paidToolsWithPrices } from "./mcp-tools";

export function llmsTxt(baseUrl: string, network: string): string {
  const line = (e: (typeof ENDPOINTS)[number]) =>
    `- ${e.method === "post" ? "POST" : "GET"} ${exampleUrl(baseUrl, e)} — ${e.guide ?? e.description}`;
  const free = FREE_ENDPOINTS.filter((e) => e.guide).map(line);
  // The documents share a line; this one is not listed in itself.
  const documents = FREE_ENDPOINTS.filter((e) => !e.guide && e.path !== "/llms.txt").map((e) => `${baseUrl}${e.path}`);
  const writes = ENDPOINTS.flatMap((e) =>
    (e.writes ?? []).map((op) => `- ${op.method.toUpperCase()} ${baseUrl}${e.path} — ${op.summary}`),
  );
  return `# DART in English

> Filings of Korean exchange-listed companies from DART (Korea's electronic disclosure system), with English company names, English filing-type labels, an event type, an importance score (1-10) and audience tags. Refreshed about every 30 seconds. JSON over HTTP GET; watchlists (signed push alerts) are also created and changed with POST, PATCH and DELETE.

## Free (no wallet, no key)
${[...free, `- GET ${documents.join(", ")}`].join("\n")}

## Watchlists and alerts (signed in with the wallet; free)
${writes.join("\n")}
Webhooks are signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature v1 with the watchlist's whsec_ secret); verify them with the standardwebhooks package and de-duplicate on webhook-id.

## Paid (x402 v2, USDC on ${network})
${PAID_ENDPOINTS.map((e) => line(e.endpoint)).join("\n")}

How to pay (the @x402/fetch package does all of this for you):
${paymentSteps(network)
  .map((step, i) => `${i + 1}. ${step}`)
  .join("\n")}

Price: ${PRICE_NOTE} The ${SUMMARY_GENERATOR_HEADER} response header says which generator wrote the summary and from what. The first paid request for a filing generates its summary; later ones read the shared cache at the same price.

## MCP
The same service as MCP tools: ${baseUrl}${MCP_PATH} (Streamable HTTP, stateless; no key).
- Free: ${MCP_FREE_TOOLS.join(", ")}.
- Watchlists and alerts (signed in with the wallet; free): ${MCP_WALLET_TOOLS.join(", ")}.
- Paid: ${paidToolsWithPrices()}.
${MCP_PAYMENT_NOTE}
${MCP_SIGN_IN_NOTE}

## Notes
- corpName and reportNm stay in Korean as filed; corpNameEn and reportNmEn are English.
- Summaries are composed from checked sentence frames over the filing's facts (each with its Korean source cells), grounded in the filing body or DART's structured record, never in the title alone; a model only chooses frames and translates free-text cells, shown beside their Korean. Every summary links to the original (sourceUrl).
- sectorTags appears on a feed row only after that filing's summary exists.
`;
}
