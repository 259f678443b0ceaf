/**
 * How to pay, said once per transport: every document, the /docs page, the explorer's "how an
 * agent buys it" and the MCP tools take their wording from here.
 */
import { PAYMENT_HEADERS, SIGN_IN_WITH_X, X402_META } from "./headers";
import { ALERT_PACK, PRICE_PER_SUMMARY_USDC, USDC_EIP712 } from "./pricing";

const { preferred, legacy, challenge, settlement, settlementAlias } = PAYMENT_HEADERS;

/** Paying over HTTP, step by step (/v1/pricing's workflow). */
export function paymentSteps(network: string): string[] {
  return [
    "Find a filing for free: GET /v1/disclosures/recent, or resolve a company first with GET /v1/companies?q=<name>. GET /v1/disclosures/availability?rcptNo=<no> tells whether its summary can be had.",
    `Call a paid endpoint without payment. It answers 402 with the challenge as base64 JSON in the ${challenge} header and the same JSON as the body.`,
    `Sign an EIP-3009 transferWithAuthorization of exactly accepts[0].amount of accepts[0].asset to accepts[0].payTo on ${network} (EIP-712 domain name "${USDC_EIP712.name}", version "${USDC_EIP712.version}"), valid for accepts[0].maxTimeoutSeconds.`,
    `Repeat the same request with the signed payment as base64 JSON in the ${preferred} header (${legacy} is accepted too).`,
    `The 200 answer carries the settlement (transaction, payer) in ${settlement} and ${settlementAlias}. Invalid input (400), unknown filings or tickers (404), filings with nothing to ground a summary in (422 summary_not_available) and unavailable summaries (503) are never charged.`,
    REDELIVERY_NOTE,
  ];
}

/** Having again what a wallet paid for, by signing in with it (x402's sign-in-with-x extension). */
export const REDELIVERY_NOTE = `Paid already (and lost the answer)? Have it again free: take a single-use challenge from GET /v1/auth/nonce (or the 402's extensions["sign-in-with-x"]), sign its EIP-4361 message with the wallet that paid (chainId from supportedChains; @x402/extensions/sign-in-with-x's createSIWxPayload and encodeSIWxHeader do this), and repeat the same request with the result in the ${SIGN_IN_WITH_X.proof} header: a filing whose summary or facts that wallet bought (alone or in a by-ticker set; either comes back), or a by-ticker call with the ticker and limit it paid for, comes back 200 with nothing charged and the paying transaction in ${SIGN_IN_WITH_X.redelivered}; otherwise the usual 402 says why. GET /v1/auth/purchases with the same header lists what the wallet bought, and with include=content delivers every filing it bought again under that one signature.`;

/** What a summary costs, how by-ticker is charged, and what alerts cost. */
export const PRICE_NOTE = `${PRICE_PER_SUMMARY_USDC} USDC per summary; by-ticker costs ${PRICE_PER_SUMMARY_USDC} USDC × limit and is charged for limit, not for rows returned. Webhook alerts: ${ALERT_PACK.alerts} for ${ALERT_PACK.usdc} USDC (POST /v1/alerts/credit), credited to the paying wallet and never redelivered by a sign-in.`;

/** Paying for an MCP tool, over the x402 MCP transport. */
export const MCP_PAYMENT_NOTE = `A paid tool called without payment answers isError with the x402 PaymentRequired in structuredContent (resource mcp://tool/<name>); sign it (EIP-3009) and repeat the call with the PaymentPayload in params._meta["${X402_META.payment}"]. The settlement comes back in result._meta["${X402_META.paymentResponse}"]. Invalid arguments, unknown filings or tickers and summaries that cannot be produced are never charged. A wallet that already paid for the call gets it again free: sign the PaymentRequired's extensions["${SIGN_IN_WITH_X.mcpMeta}"] challenge (x402 sign-in-with-x) and send the signed payload in params._meta["${SIGN_IN_WITH_X.mcpMeta}"].`;

/** Signing in to the MCP watchlist tools: the same sign-in-with-x proof as redelivery, in `_meta`. */
export const MCP_SIGN_IN_NOTE = `The watchlist tools act for a wallet: take a challenge from get_sign_in_challenge (or GET /v1/auth/nonce), sign its EIP-4361 message with the wallet (x402 sign-in-with-x; chainId from supportedChains; @x402/extensions/sign-in-with-x's createSIWxPayload does this) and send the signed payload in params._meta["${SIGN_IN_WITH_X.mcpMeta}"]; each challenge signs in one call.`;
