/**
 * The browser side of paying for summaries, apart from the React components
 * (components/wallet/):
 *
 * - terms.ts: the service's payment terms (network, token, recipient, price, local chain)
 *   read at run time from /v1/pricing and /api/local-chain; transaction links.
 * - payment-client.ts: the x402 client that signs payments, within the service's spending limits.
 * - kept-summaries.ts: summaries this browser paid for, in localStorage by receipt number.
 * - format.ts: addresses, USDC amounts and network names for display.
 *
 * Imported by path (not through this entry) so a page takes only what it uses.
 */

/** localStorage prefix of wagmi's connection state (components/wallet/wagmi-setup.ts). */
export const WAGMI_STORAGE_KEY = "dart-en.wagmi";

/**
 * Dispatched on window when wallet code has loaded anywhere on the page (a reveal, a purchase),
 * so the header's wallet button can show the connection too.
 */
export const WALLET_READY_EVENT = "dart-en:wallet-ready";
