/**
 * The MCP endpoint and its tools, as lib/mcp registers them and every document announces them:
 * each tool's name, title and description; a paid tool sells what its HTTP twin sells, at its
 * price; a watchlist tool does what its HTTP twin does, for the wallet signed in in `_meta`.
 */
import { ALERT_PACK, BY_TICKER_LIMIT, priceLabel } from "./pricing";
import { paidEndpoint, type PaidEndpointId } from "./endpoints";
import { MCP_PAYMENT_NOTE, MCP_SIGN_IN_NOTE } from "./how-to-pay";
import { FILINGS_TOTAL_CAP } from "./schemas";
import { ALERTS_PAGE_MAX, WATCHLIST_LIMITS } from "./watchlists";

export const MCP_PATH = "/mcp";

export interface McpTool {
  name: string;
  title: string;
  description: string;
  /** The paid endpoint the tool sells, over the x402 MCP transport. */
  paid?: PaidEndpointId;
  /** Free, but acts for the wallet signed in in the call's `_meta` (the watchlist tools). */
  signedIn?: true;
}

/** How each watchlist tool's description ends. */
const SIGNED_IN = `Free; acts for the wallet signed in in params._meta["sign-in-with-x"] (a fresh get_sign_in_challenge, signed, per call): another wallet's watchlist is not_found.`;

export const MCP_TOOLS: readonly McpTool[] = [
  {
    name: "search_companies",
    title: "Search companies",
    description:
      "Find Korean exchange-listed companies by Korean name, English name or ticker; partial and misspelt names work. Exact matches first. Free.",
  },
  {
    name: "get_company",
    title: "Get company",
    description: "One listed company by its exchange ticker (e.g. 005930). Not found is an error. Free.",
  },
  {
    name: "list_recent_filings",
    title: "List recent filings",
    description:
      "Newest DART filings first, market-wide or for one ticker, with English company names, filing-type labels, event type and importance (1-10). limit 1-100 and since_hours 1-168 are clamped, never an error. Free; the rcptNo of a row is what get_filing_summary takes.",
  },
  {
    name: "search_filings",
    title: "Search filing history",
    description: `Every stored DART filing of listed companies over any date range, as GET /v1/filings answers: from/to (KST days), q (words in the English label, Korean title or company name; ranked), ticker, eventType (list), minImportance, market (list), limit 1-100 and cursor (nextCursor of the previous page). Newest first without q; total is exact up to ${FILINGS_TOTAL_CAP}. Free.`,
  },
  {
    name: "get_pricing",
    title: "Get pricing",
    description:
      "Prices and payment terms (network, asset, recipient) of the paid tools and endpoints, and how paying works. Free.",
  },
  {
    name: "get_vocabulary",
    title: "Get vocabulary",
    description:
      "Every event type, audience tag, sector tag and market the filings are labelled with, and the importance rubric. Free.",
  },
  {
    name: "get_sample_summary",
    title: "Get sample summary",
    description: "A constant, real summary as get_filing_summary returns it, to see the shape before paying. Free.",
  },
  {
    name: "get_filing_summary",
    title: "Get filing summary (paid)",
    description: `The English summary of one filing, composed from its facts, by its 14-digit receipt number (rcptNo, from list_recent_filings), grounded in the filing body; structuredContent has the shape get_sample_summary returns. ${priceLabel("fixed")} per call. ${MCP_PAYMENT_NOTE}`,
    paid: "get-summary",
  },
  {
    name: "get_filing_facts",
    title: "Get filing summary with its facts (paid)",
    description: `The English summary of one filing, by its 14-digit receipt number, with its fact sheet: every figure, date, party and term the filing states, each with its role, value, rendered text and the Korean label and value cells it was read from. Every figure in the summary is one of the facts' texts. ${priceLabel("fixed")} per call. ${MCP_PAYMENT_NOTE}`,
    paid: "get-facts",
  },
  {
    name: "get_latest_summaries_for_ticker",
    title: "Get latest summaries for a ticker (paid)",
    description: `The newest \`limit\` filings of one company (${BY_TICKER_LIMIT.min}-${BY_TICKER_LIMIT.max}, clamped, default ${BY_TICKER_LIMIT.default}) with their English summaries, newest first; structuredContent is { ticker, count, chargedFor, delivered, summaries } with each summary shaped as get_sample_summary returns. ${priceLabel("per_result")}, charged for limit whatever is delivered. ${MCP_PAYMENT_NOTE}`,
    paid: "get-by-ticker",
  },
  {
    name: "buy_alert_credit",
    title: "Buy alert credit (paid)",
    description: `A pack of ${ALERT_PACK.alerts} webhook alerts for the paying wallet's watchlists, as POST /v1/alerts/credit sells it: one is spent per alert a receiver answered 2xx (or whose last retry failed); without credit, matches still fill the watchlist's alerts but are not pushed. structuredContent is { wallet, added, bought, spent, balance }. ${ALERT_PACK.usdc} USDC per pack; credit never expires and is not refunded, and a sign-in never has a pack again. ${MCP_PAYMENT_NOTE}`,
    paid: "buy-alert-credit",
  },
  {
    name: "get_sign_in_challenge",
    title: "Get a wallet sign-in challenge",
    description:
      'A single-use wallet sign-in challenge (x402 sign-in-with-x, an EIP-4361 message, valid 5 minutes), as GET /v1/auth/nonce answers it: sign it with the wallet and send the signed payload in params._meta["sign-in-with-x"] of one watchlist tool call. Free.',
  },
  {
    name: "list_watchlists",
    title: "List watchlists",
    description: `The signed-in wallet's watchlists (filters, webhook endpoint, disabled state, atomUrl: the private Atom feed), its alert credit and the per-wallet limit, as GET /v1/watchlists answers. ${SIGNED_IN}`,
    signedIn: true,
  },
  {
    name: "create_watchlist",
    title: "Create a watchlist",
    description: `A new watchlist, as POST /v1/watchlists takes it: filters in the free feed's vocabulary (tickers, eventTypes, minImportance 1-10, markets, audiences, titleWords; an empty list matches all) and an optional webhookUrl, to which each new matching filing is POSTed signed per Standard Webhooks. The answer carries the whsec_ signing secret, once, and atomUrl. At most ${WATCHLIST_LIMITS.perWallet} per wallet. ${SIGNED_IN}`,
    signedIn: true,
  },
  {
    name: "update_watchlist",
    title: "Change a watchlist",
    description: `Changes the watchlist id, as PATCH /v1/watchlists/{id}: any filter, the name, webhookUrl (null: no push); enabled: true resumes a disabled endpoint; rotateSecret: true answers a new secret, once (the old one signs beside it for 24 hours; the old atomUrl stops at once). ${SIGNED_IN}`,
    signedIn: true,
  },
  {
    name: "delete_watchlist",
    title: "Delete a watchlist",
    description: `Deletes the watchlist id with its alerts and delivery record, as DELETE /v1/watchlists/{id}. ${SIGNED_IN}`,
    signedIn: true,
  },
  {
    name: "list_watchlist_alerts",
    title: "List a watchlist's alerts",
    description: `Every match of the watchlist in order, oldest first, after cursor (nextCursor of the previous page; the same cursor later for new ones), with its delivery status and the filing's free row, as GET /v1/alerts answers; limit 1-${ALERTS_PAGE_MAX}. Filled whether or not anything is pushed. ${SIGNED_IN}`,
    signedIn: true,
  },
  {
    name: "list_watchlist_deliveries",
    title: "List a watchlist's deliveries",
    description: `The watchlist's latest 50 webhook delivery attempts, newest first (status code, error, duration), as GET /v1/watchlists/{id}/deliveries answers. ${SIGNED_IN}`,
    signedIn: true,
  },
  {
    name: "send_test_delivery",
    title: "Send a test delivery",
    description: `A signed watchlist.test webhook to the watchlist's endpoint now, answered with what the receiver said, as POST /v1/watchlists/{id}/deliveries. ${SIGNED_IN}`,
    signedIn: true,
  },
];

export function mcpTool(name: string): McpTool {
  const tool = MCP_TOOLS.find((t) => t.name === name);
  if (!tool) throw new Error(`${name} is not an MCP tool of the published interface`);
  return tool;
}

/** The free tools' names: nothing paid, no sign-in. */
export const MCP_FREE_TOOLS: readonly string[] = MCP_TOOLS.filter((t) => !t.paid && !t.signedIn).map((t) => t.name);

/** The watchlist tools' names: free, for the wallet signed in in `_meta`. */
export const MCP_WALLET_TOOLS: readonly string[] = MCP_TOOLS.filter((t) => t.signedIn).map((t) => t.name);

/** The paid tools' names, with their prices ("0.005 USDC", "0.005 USDC × limit"). */
export const MCP_PAID_TOOLS: Readonly<Record<string, string>> = Object.fromEntries(
  MCP_TOOLS.flatMap((t) =>
    t.paid ? [[t.name, priceLabel(paidEndpoint(t.paid).pricingMode, paidEndpoint(t.paid).priceUsdc)]] : [],
  ),
);

/** The paid tools as "name (price)", comma-separated. */
export function paidToolsWithPrices(): string {
  return Object.entries(MCP_PAID_TOOLS)
    .map(([name, price]) => `${name} (${price})`)
    .join(", ");
}

/** What the MCP server tells a client on initialize. */
export const MCP_INSTRUCTIONS = `Korean corporate disclosures (DART) in English. Free: ${MCP_FREE_TOOLS.join(", ")}. Watchlists and alerts, free for a signed-in wallet: ${MCP_WALLET_TOOLS.join(", ")}. Paid per call in USDC over x402 v2: ${paidToolsWithPrices()}. ${MCP_PAYMENT_NOTE} ${MCP_SIGN_IN_NOTE}`;
