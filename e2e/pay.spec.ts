/**
 * Pay to reveal, in Chromium against the production build with the local payment stack:
 * a wallet announced through EIP-6963 connects, signs the x402 payment, and balances are read
 * from the chain before and after. Every failure state is checked to charge nothing.
 */
import { generatePrivateKey } from "viem/accounts";
import { expect, PRICE_UNITS, snap, test } from "./support/pay-fixtures";

test.describe.configure({ timeout: 120_000 });

test("connect a wallet, reveal a summary for 0.005 USDC, and see it again after a reload without paying", async ({ page, stack, wallet }) => {
  const reader = await wallet({ privateKey: stack.chain.payerPrivateKeys[0], name: "Test Wallet" });
  await wallet({ privateKey: stack.chain.payerPrivateKeys[1], name: "Second Wallet" });
  const payerBefore = await stack.balanceOf(reader.address);
  const merchantBefore = await stack.balanceOf(stack.chain.payTo);

  await page.goto(`${stack.baseURL}/filings/${stack.filings.rcptNo}`);
  await expect(page.getByTestId("summary-text")).toHaveCount(0);
  await page.getByRole("button", { name: /Reveal English summary — 0\.005 USDC/ }).click();

  // Both announced wallets are offered, by name and icon.
  const wallets = page.getByRole("list", { name: "Wallets" });
  await expect(wallets.getByRole("button", { name: "Test Wallet", exact: true })).toBeVisible();
  await expect(wallets.getByRole("button", { name: "Second Wallet", exact: true })).toBeVisible();
  await expect(wallets.getByRole("button", { name: "Coinbase Wallet", exact: true })).toBeVisible();
  await expect(wallets.getByRole("button", { name: "Test Wallet", exact: true }).locator("img")).toHaveAttribute("src", /^data:image\/svg\+xml/);
  await snap(page, "01-choose-wallet");

  await wallets.getByRole("button", { name: "Test Wallet", exact: true }).click();
  const connected = page.getByTestId("connected-wallet");
  await expect(connected).toContainText(`${reader.address.slice(0, 6)}…${reader.address.slice(-4)}`);
  await expect(page.getByTestId("wallet-balance")).toContainText("1000 USDC");

  // Exactly what will be signed, before anything is signed.
  const offer = page.getByTestId("payment-offer");
  await expect(offer).toBeVisible();
  await expect(page.getByTestId("offer-amount")).toHaveText("0.005 USDC");
  await expect(offer).toContainText(stack.chain.payTo);
  await expect(offer).toContainText(stack.chain.asset);
  await expect(offer).toContainText("5 minutes after signing");
  expect(reader.calls).not.toContain("eth_signTypedData_v4");
  await snap(page, "02-payment-terms");

  await offer.getByRole("button", { name: /Sign and pay 0\.005 USDC/ }).click();
  const revealed = page.getByTestId("revealed-summary");
  await expect(revealed).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("summary-text")).not.toBeEmpty();
  const tx = (await page.getByTestId("settlement-tx").locator(".font-mono").first().textContent())!;
  expect(tx).toMatch(/^0x[0-9a-f]{64}$/);
  await expect(revealed.getByRole("link", { name: /on DART/ })).toHaveAttribute("href", /dart\.fss\.or\.kr/);
  await snap(page, "03-revealed");

  expect(await stack.balanceOf(reader.address)).toBe(payerBefore - PRICE_UNITS);
  expect(await stack.balanceOf(stack.chain.payTo)).toBe(merchantBefore + PRICE_UNITS);

  // Kept on this device: a reload shows it with no request for the paid resource and no signature.
  const paidRequests: string[] = [];
  page.on("request", (r) => r.url().includes("/v1/disclosures/summary") && paidRequests.push(r.url()));
  const signaturesSoFar = reader.calls.filter((c) => c === "eth_signTypedData_v4").length;
  await page.reload();
  await expect(page.getByTestId("revealed-summary")).toBeVisible();
  await expect(page.getByTestId("settlement-tx")).toContainText(tx);
  expect(paidRequests).toEqual([]);
  expect(reader.calls.filter((c) => c === "eth_signTypedData_v4")).toHaveLength(signaturesSoFar);
  expect(await stack.balanceOf(reader.address)).toBe(payerBefore - PRICE_UNITS);
  await snap(page, "04-after-reload");

  // Listed under My summaries, and removable.
  await page.goto(`${stack.baseURL}/my-summaries`);
  await expect(page.getByTestId("my-summaries")).toContainText(tx);
  await snap(page, "05-my-summaries");
  await page.getByRole("button", { name: "Remove from this device" }).click();
  await expect(page.getByTestId("my-summaries-empty")).toBeVisible();
});

test("a rejected signature says so and charges nothing", async ({ page, stack, wallet }) => {
  const reader = await wallet({ privateKey: stack.chain.payerPrivateKeys[1] });
  reader.rejectSignatures = true;
  const before = await stack.balanceOf(reader.address);
  const merchantBefore = await stack.balanceOf(stack.chain.payTo);

  await page.goto(`${stack.baseURL}/filings/${stack.filings.rcptNo}`);
  await page.getByRole("button", { name: /Reveal English summary/ }).click();
  await page.getByRole("button", { name: "Test Wallet", exact: true }).click();
  await page.getByRole("button", { name: /Sign and pay/ }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Signature declined" })).toContainText("Nothing was charged");
  expect(reader.calls).toContain("eth_signTypedData_v4");
  await expect(page.getByTestId("revealed-summary")).toHaveCount(0);
  await snap(page, "06-signature-rejected");
  expect(await stack.balanceOf(reader.address)).toBe(before);
  expect(await stack.balanceOf(stack.chain.payTo)).toBe(merchantBefore);
});

test("a wallet on another network is switched in one click, adding the chain it lacks", async ({ page, stack, wallet }) => {
  const reader = await wallet({ privateKey: stack.chain.payerPrivateKeys[1], startChainId: 1, knowsServiceChain: false });
  await page.goto(`${stack.baseURL}/filings/${stack.filings.rcptNo}`);
  await page.getByRole("button", { name: /Reveal English summary/ }).click();
  await page.getByRole("button", { name: "Test Wallet", exact: true }).click();

  const wrong = page.getByRole("alert").filter({ hasText: "Wrong network" });
  await expect(wrong).toBeVisible();
  await expect(page.getByTestId("payment-offer")).toHaveCount(0);
  await snap(page, "07-wrong-network");
  await wrong.getByRole("button", { name: /Switch to/ }).click();

  await expect(page.getByTestId("payment-offer")).toBeVisible();
  expect(reader.calls).toContain("wallet_addEthereumChain");
  expect(reader.chainId()).toBe(stack.chain.chainId);
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Payment cancelled" })).toBeVisible();
  expect(reader.calls).not.toContain("eth_signTypedData_v4");
});

test("a wallet without enough USDC is told its balance before signing, and nothing is charged", async ({ page, stack, wallet }) => {
  const reader = await wallet({ privateKey: generatePrivateKey() });
  const merchantBefore = await stack.balanceOf(stack.chain.payTo);
  await page.goto(`${stack.baseURL}/filings/${stack.filings.rcptNo}`);
  await page.getByRole("button", { name: /Reveal English summary/ }).click();
  await page.getByRole("button", { name: "Test Wallet", exact: true }).click();

  const alert = page.getByRole("alert").filter({ hasText: "Not enough USDC" });
  await expect(alert).toContainText("holds 0 USDC");
  await expect(alert).toContainText("Nothing was charged");
  expect(reader.calls).not.toContain("eth_signTypedData_v4");
  await snap(page, "08-insufficient-balance");
  expect(await stack.balanceOf(reader.address)).toBe(0n);
  expect(await stack.balanceOf(stack.chain.payTo)).toBe(merchantBefore);
});

test("a summary that cannot be generated (503) is not charged, and says when to retry", async ({ page, stack, wallet }) => {
  const reader = await wallet({ privateKey: stack.chain.payerPrivateKeys[1] });
  const before = await stack.balanceOf(reader.address);
  const merchantBefore = await stack.balanceOf(stack.chain.payTo);
  await page.goto(`${stack.baseURL}/filings/${stack.filings.unavailableRcptNo}`);
  await page.getByRole("button", { name: /Reveal English summary/ }).click();
  await page.getByRole("button", { name: "Test Wallet", exact: true }).click();
  await page.getByRole("button", { name: /Sign and pay/ }).click();

  const alert = page.getByRole("alert").filter({ hasText: "not charged" });
  await expect(alert).toBeVisible({ timeout: 60_000 });
  await expect(alert).toContainText(/Try again in \d+ s/);
  expect(reader.calls).toContain("eth_signTypedData_v4"); // signed, sent, and not settled
  await snap(page, "09-summary-unavailable");
  expect(await stack.balanceOf(reader.address)).toBe(before);
  expect(await stack.balanceOf(stack.chain.payTo)).toBe(merchantBefore);
});

test("buying a company's latest N through by-ticker charges 0.005 × N and keeps what came back", async ({ page, stack, wallet }) => {
  const n = 2;
  const reader = await wallet({ privateKey: stack.chain.payerPrivateKeys[0] });
  const before = await stack.balanceOf(reader.address);
  const merchantBefore = await stack.balanceOf(stack.chain.payTo);

  await page.goto(`${stack.baseURL}/companies/${stack.filings.ticker}`);
  const count = page.getByRole("spinbutton", { name: "Summaries of the latest filings" });
  await count.fill(String(n));
  await expect(page.getByTestId("charge-rule")).toContainText(`0.005 USDC × ${n} = 0.01 USDC`);
  await expect(page.getByTestId("charge-rule")).toContainText(`charged for ${n} summaries even if fewer come back`);
  await snap(page, "10-buy-latest-n");
  await page.getByRole("button", { name: `Buy the latest ${n} — 0.01 USDC` }).click();
  await page.getByRole("button", { name: "Test Wallet", exact: true }).click();
  await expect(page.getByTestId("offer-amount")).toHaveText("0.01 USDC");
  await page.getByRole("button", { name: /Sign and pay 0\.01 USDC/ }).click();

  const bought = page.getByTestId("bought-summaries");
  const delivered = stack.filings.byTicker.length;
  await expect(bought).toContainText(`${delivered} of ${n} summaries delivered`, { timeout: 30_000 });
  await expect(bought.getByTestId("revealed-summary")).toHaveCount(delivered);
  await snap(page, "11-bought-latest-n");
  expect(await stack.balanceOf(reader.address)).toBe(before - PRICE_UNITS * BigInt(n));
  expect(await stack.balanceOf(stack.chain.payTo)).toBe(merchantBefore + PRICE_UNITS * BigInt(n));

  // Each bought summary is kept: its filing page shows it without paying.
  await page.goto(`${stack.baseURL}/filings/${stack.filings.byTicker[0]}`);
  await expect(page.getByTestId("revealed-summary")).toBeVisible();
});

test("with nothing installed, the development wallet of the local stack pays through the same flow", async ({ page, stack }) => {
  const devKey = stack.chain.payerPrivateKeys.at(-1)!;
  const { privateKeyToAccount } = await import("viem/accounts");
  const dev = privateKeyToAccount(devKey).address;
  const before = await stack.balanceOf(dev);

  await page.goto(`${stack.baseURL}/filings/${stack.filings.rcptNo}`);
  await page.getByRole("button", { name: /Reveal English summary/ }).click();
  await expect(page.getByRole("status").filter({ hasText: "No browser wallet found" })).toBeVisible();
  await snap(page, "12-no-wallet-installed");
  await page.getByRole("button", { name: /Development wallet/ }).click();
  await page.getByRole("button", { name: /Sign and pay/ }).click();
  await expect(page.getByTestId("revealed-summary")).toBeVisible({ timeout: 30_000 });
  await snap(page, "13-development-wallet-revealed");
  expect(await stack.balanceOf(dev)).toBe(before - PRICE_UNITS);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });

  test("the same reveal works and fits the screen", async ({ page, stack, wallet }) => {
    const reader = await wallet({ privateKey: stack.chain.payerPrivateKeys[0] });
    const before = await stack.balanceOf(reader.address);
    await page.goto(`${stack.baseURL}/filings/${stack.filings.rcptNo}`);
    await page.getByRole("button", { name: /Reveal English summary/ }).click();
    await page.getByRole("button", { name: "Test Wallet", exact: true }).click();
    await expect(page.getByTestId("payment-offer")).toBeVisible();
    await snap(page, "14-phone-payment-terms");
    await page.getByRole("button", { name: /Sign and pay/ }).click();
    await expect(page.getByTestId("revealed-summary")).toBeVisible({ timeout: 30_000 });
    await snap(page, "15-phone-revealed");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await stack.balanceOf(reader.address)).toBe(before - PRICE_UNITS);
  });
});
