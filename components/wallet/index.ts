/**
 * Pay to reveal: what the explorer's pages place. Each of these is small and safe in a page's
 * first load; the wallet and payment code they use (wagmi, viem, @x402/*, the connectors) is
 * imported only when a reader starts to connect or pay.
 *
 * - WalletButton: the header's connect / connected-address control.
 * - RevealSummary: "Reveal English summary — 0.005 USDC" on a filing page, or the summary
 *   already paid for on this device.
 * - BuyLatest: "Buy the latest N" on a company page (by-ticker).
 * - MySummaries: the summaries kept on this device (the /my-summaries page).
 * - RestorePurchases: "Restore my purchases" — sign in with the wallet that paid (x402
 *   sign-in-with-x) and have everything it bought again, on any device.
 *
 * Inside: wallet-island.tsx (terms + providers), wagmi-setup.ts (wallets), connect-wallet.tsx,
 * paid-request.tsx (the x402 flow and its states), restore-flow.tsx (sign-in and redelivery),
 * focus.ts (each new step takes focus), sticky-action-bar.tsx (the phone's pinned price and
 * action), wallet-icon.tsx, development-wallet-provider.ts.
 */
export { WalletButton } from "./wallet-button";
export { RevealSummary } from "./reveal-summary";
export { BuyLatest } from "./buy-latest";
export { MySummaries } from "./my-summaries";
export { RestorePurchases } from "./restore-purchases";
