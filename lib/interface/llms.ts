/** The plain-English guide for agents served at /llms.txt. */
import { MCP_PATH, MCP_PAYMENT_NOTE, MCP_TOOLS } from "@/lib/interface/mcp-tools";
import { PAID_ENDPOINTS, PRICE_PER_SUMMARY_USDC } from "@/lib/interface/pricing";

export function llmsTxt(baseUrl: string, network: string): string {
  const paid = PAID_ENDPOINTS.map(
    (e) =>
      `- GET ${baseUrl}${e.path}?${e.params.map((p) => `${p.name}=${p.example}`).join("&")} — ${e.description}`,
  ).join("\n");
  return `# DART in English

> Filings of Korean exchange-listed companies from DART (Korea's electronic disclosure system), with English company names, English filing-type labels, an event type, an importance score (1-10) and audience tags. Refreshed about every 30 seconds. Read-only JSON over HTTP GET.

## Free (no wallet, no key)
- GET ${baseUrl}/v1/disclosures/recent?limit=20&since_hours=24[&ticker=005930] — newest filings first. limit 1-100, since_hours 1-168 (clamped, never an error). since_hours counts from when the service first saw each filing, never later than the end of its receipt day (KST).
- GET ${baseUrl}/v1/companies?q=samsung%20elec&limit=20 — fuzzy search by Korean name, English name or ticker; {"matches":[...]}, exact matches first with isExactMatch true.
- GET ${baseUrl}/v1/companies/005930 — one company; 404 if unknown.
- GET ${baseUrl}/v1/disclosures/sample — what a paid summary looks like (free, constant).
- GET ${baseUrl}/v1/disclosures/availability?rcptNo=20260730800123 — before paying: whether that filing's summary can be had (summaryAvailable, cached, basis, reason, generator).
- GET ${baseUrl}/v1/vocabulary — every eventType, audience tag, sector tag and market, with the importance rubric.
- GET ${baseUrl}/v1/pricing, ${baseUrl}/.well-known/x402, ${baseUrl}/.well-known/agent.json, ${baseUrl}/openapi.json

## Paid (x402 v2, USDC on ${network})
${paid}

How to pay: call without payment and receive HTTP 402. The PAYMENT-REQUIRED header (base64 JSON; the same JSON is the body) lists what to pay in "accepts": scheme "exact", network, asset, amount in token units, payTo, maxTimeoutSeconds, and the EIP-712 domain (name "USD Coin", version "2"). Sign an EIP-3009 transferWithAuthorization for exactly that amount and repeat the same request with the signed payload (base64) in PAYMENT-SIGNATURE (X-PAYMENT is accepted too). The 200 response carries PAYMENT-RESPONSE (and X-PAYMENT-RESPONSE) with the settlement transaction. The @x402/fetch package does all of this for you.

Price: ${PRICE_PER_SUMMARY_USDC} USDC per summary; by-ticker costs ${PRICE_PER_SUMMARY_USDC} × limit and is charged for limit, not for rows returned. Invalid input (400), unknown filings or tickers (404), filings with nothing to ground a summary in (422 summary_not_available, answered before any payment) and failed generation (503) are never charged. The X-Summary-Generator response header says which generator wrote the summary and from what. The first paid request for a filing generates its summary; later ones read the shared cache at the same price.

## MCP
The same service as MCP tools: ${baseUrl}${MCP_PATH} (Streamable HTTP, stateless; no key).
- Free: ${MCP_TOOLS.free.join(", ")}.
- Paid: ${Object.entries(MCP_TOOLS.paid).map(([name, price]) => `${name} (${price})`).join(", ")}.
${MCP_PAYMENT_NOTE}

## Notes
- corpName and reportNm stay in Korean as filed; corpNameEn and reportNmEn are English.
- Summaries are paraphrases grounded in the filing body or DART's structured record, never in the title alone; every one links to the original (sourceUrl).
- sectorTags appears on a feed row only after that filing's summary exists.
`;
}
