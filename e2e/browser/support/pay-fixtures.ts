/**
 * Playwright fixtures of the payment specs: one prepared production server with the local
 * payment stack per worker (e2e/support/pay-stack.ts), browser wallets injected per test
 * (e2e/support/injected-wallet.ts), a guard that fails a test on any Content-Security-Policy
 * violation, and screenshots of each state under test-results/pay/.
 */
import { test as base, expect, type Locator, type Page } from "@playwright/test";
import type { Hex } from "viem";
import { injectWallet, type InjectedWallet, type InjectedWalletOptions } from "../../../dev/support/injected-wallet";
import { startPayStack, type PayStack } from "../../../dev/support/pay-stack";
import { FilingPage, Wallet } from "../pages";

export const SCREENSHOT_DIR = "test-results/pay";

export const test = base.extend<
  {
    wallet: (options: Partial<InjectedWalletOptions> & { privateKey: Hex }) => Promise<InjectedWallet>;
    cspGuard: void;
  },
  { stack: PayStack }
>({
  stack: [
    async ({}, provide) => {
      const stack = await startPayStack();
      await provide(stack);
      await stack.stop();
    },
    { scope: "worker", timeout: 300_000 },
  ],
  // The wallet and payment code runs under the filing page's nonce policy: anything the browser
  // refuses under it (an inline script, a connection) fails the test.
  cspGuard: [
    async ({ page }, provide) => {
      const refused: string[] = [];
      page.on("console", (m) => {
        if (/Content Security Policy/i.test(m.text())) refused.push(m.text());
      });
      await provide();
      expect(refused, "Content-Security-Policy violations").toEqual([]);
    },
    { auto: true },
  ],
  wallet: async ({ page, stack }, provide) => {
    await provide((options) =>
      injectWallet(page, { rpcUrl: stack.chain.rpcUrl, serviceChainId: stack.chain.chainId, ...options }),
    );
  },
});

export { expect };

/** A full-page screenshot of the current state, for people to look at. */
export async function snap(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png`, fullPage: true });
}

/** Token units of USDC (6 decimals). */
export const PRICE_UNITS = 5000n;

/**
 * Signs and sends a payment for the stack's filing whose summary cannot be had now, with the
 * injected "Test Wallet": returns the alert that says nothing was charged, once it is on screen.
 */
export async function payForUnavailableSummary(page: Page, stack: PayStack): Promise<Locator> {
  const filing = new FilingPage(page, stack.baseURL);
  const wallets = new Wallet(page);
  await filing.goto(stack.filings.unavailableRcptNo);
  await filing.reveal();
  await wallets.choose("Test Wallet");
  await wallets.signAndPay();
  const alert = wallets.alert("not charged");
  await expect(alert).toBeVisible({ timeout: 60_000 });
  return alert;
}
