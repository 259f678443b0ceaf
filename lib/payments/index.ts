/**
 * Payments: x402 v2 pay-per-call in USDC on Base (eip155:8453).
 *
 * What is sold and at what price, and the documents that publish it, live in lib/interface.
 *
 * - config.ts: network, asset, payTo and facilitator from the environment, or from the local
 *   chain's settings (local-chain-settings.ts: the state file dev/chain writes), which the
 *   local-only routes serve the chain's RPC and development wallet from.
 * - stack.ts: the process's x402 resource server, built lazily on the first paid request.
 * - paid-call.ts: the paid call for every transport (preflight, price, verify, deliver, settle, ledger).
 * - paid-endpoints.ts: what is sold (a summary; a summary with its fact sheet; a ticker's latest summaries; a pack of alert credit), as paid-call specs.
 * - paid-route.ts: paidRoute(), a paid call over HTTP through withX402, with the service's errors and headers.
 * - content.ts: what the paid endpoints deliver (a summary; a summary with its fact sheet; a ticker's latest summaries; the credit a pack adds).
 * - payment-headers.ts: PAYMENT-SIGNATURE/X-PAYMENT in, PAYMENT-REQUIRED and PAYMENT-RESPONSE out.
 * - ledger.ts: the `payments` ledger, written ahead of every settlement by the resource server's hooks.
 * - ledger-resolution.ts: pending rows resolved against the chain (start-up, every minute, cron).
 * - reconcile.ts: the ledger's settled rows compared with the chain's transfers.
 * - wallet-sign-in.ts, redelivery.ts: a wallet proves control (x402 sign-in-with-x) and has
 *   again, free, what the ledger says it paid for; its purchases listed (with their content, under one sign-in).
 * - facilitator.ts: remote (HTTP) and in-process facilitators.
 *
 * Starting the local chain and paying from scripts and tests are development tooling (dev/chain,
 * dev/pay), which nothing here imports.
 */
export * from "./config";
export * from "./stack";
export * from "./paid-call";
export * from "./paid-endpoints";
export * from "./paid-route";
export * from "./content";
export * from "./ledger";
export * from "./ledger-resolution";
export * from "./reconcile";
export * from "./redelivery";
export * from "./wallet-sign-in";
export * from "./payment-headers";
export { timePaidCall } from "./timings";
