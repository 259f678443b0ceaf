/**
 * The development wallet never exists in a production configuration: with a hosted
 * facilitator configured (no local payment stack) its routes are 404 and the explorer does
 * not offer it. The facilitator URL points nowhere; nothing here pays.
 */
import { test as base, expect } from "@playwright/test";
import { FilingPage, Wallet } from "./pages";
import { PAID_FILING_CANDIDATES } from "../../dev/support/paid-filings";
import { startPayStack, type PayStack } from "../../dev/support/pay-stack";

const test = base.extend<object, { productionStack: PayStack }>({
  productionStack: [
    async ({}, provide) => {
      const stack = await startPayStack({
        prepare: false,
        env: {
          FACILITATOR_URL: "http://127.0.0.1:9/facilitator",
          X402_PAY_TO: "0x2546BcD3c84621e976D8185a91A922aE77ECEc30",
        },
      });
      await provide(stack);
      await stack.stop();
    },
    { scope: "worker", timeout: 300_000 },
  ],
});

test("no development wallet, and no local-chain routes, with a hosted facilitator", async ({
  page,
  request,
  productionStack,
}) => {
  const { baseURL } = productionStack;
  for (const path of ["/api/local-chain", "/api/local-chain/development-wallet"]) {
    const response = await request.get(`${baseURL}${path}`);
    expect(response.status(), path).toBe(404);
    expect(await response.text()).not.toMatch(/0x[0-9a-fA-F]{64}/);
  }
  const filing = new FilingPage(page, baseURL);
  const wallets = new Wallet(page);
  await filing.goto(PAID_FILING_CANDIDATES[0]); // a filing whose summary can be sold
  await filing.reveal();
  await expect(wallets.choices).toBeVisible();
  await expect(wallets.choice("Coinbase Wallet")).toBeVisible();
  await expect(wallets.developmentWallet).toHaveCount(0);
  await expect(page.getByText(/development wallet/i)).toHaveCount(0);
});
