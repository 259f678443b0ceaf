/**
 * Pay to reveal, in Chromium against the production build with the local payment stack:
 * a wallet announced through EIP-6963 connects, signs the x402 payment, and balances are read
 * from the chain before and after. Every failure state is checked to charge nothing.
 */
import { formatUnits } from "viem";
import { generatePrivateKey } from "viem/accounts";
import { CompanyPage, FilingPage, MySummariesPage, Wallet } from "./pages";
import { expect, payForUnavailableSummary, PRICE_UNITS, snap, test } from "./support/pay-fixtures";

test.describe.configure({ timeout: 120_000 });

test("connect a wallet, reveal a summary for 0.005 USDC, and see it again after a reload without paying", async ({
  page,
  stack,
  wallet,
}) => {
  const reader = await wallet({ privateKey: stack.chain.payerPrivateKeys[0], name: "Test Wallet" });
  await wallet({ privateKey: stack.chain.payerPrivateKeys[1], name: "Second Wallet" });
  const payerBefore = await stack.balanceOf(reader.address);
  const merchantBefore = await stack.balanceOf(stack.chain.payTo);

  const filing = new FilingPage(page, stack.baseURL);
  const wallets = new Wallet(page);
  await filing.goto(stack.filings.rcptNo);
  await expect(filing.summaryText).toHaveCount(0);
  await expect(filing.revealButton).toHaveText("Reveal English summary — 0.005 USDC");
  await filing.reveal();

  // Both announced wallets are offered, by name and icon.
  await expect(wallets.choice("Test Wallet")).toBeVisible();
  await expect(wallets.choice("Second Wallet")).toBeVisible();
  await expect(wallets.choice("Coinbase Wallet")).toBeVisible();
  await expect(wallets.choice("Test Wallet").locator("img")).toHaveAttribute("src", /^data:image\/svg\+xml/);
  await snap(page, "01-choose-wallet");

  await wallets.choose("Test Wallet");
  await expect(wallets.connected).toContainText(`${reader.address.slice(0, 6)}…${reader.address.slice(-4)}`);
  await expect(wallets.balance).toContainText(`${formatUnits(payerBefore, 6)} USDC`); // 1000 on a fresh stack

  // Exactly what will be signed, before anything is signed.
  await expect(wallets.offer).toBeVisible();
  await expect(wallets.offerAmount).toHaveText("0.005 USDC");
  await expect(wallets.offer).toContainText(stack.chain.payTo);
  await expect(wallets.offer).toContainText(stack.chain.asset);
  await expect(wallets.offer).toContainText("5 minutes after signing");
  await expect(wallets.signAndPayButton).toHaveText("Sign and pay 0.005 USDC");
  expect(reader.calls).not.toContain("eth_signTypedData_v4");
  await snap(page, "02-payment-terms");

  await wallets.signAndPay();
  await expect(filing.revealedSummary).toBeVisible({ timeout: 30_000 });
  await expect(filing.summaryText).not.toBeEmpty();
  const tx = await filing.settlementHash();
  expect(tx).toMatch(/^0x[0-9a-f]{64}$/);
  await expect(filing.revealedSummary.getByRole("link", { name: /on DART/ })).toHaveAttribute(
    "href",
    /dart\.fss\.or\.kr/,
  );
  await snap(page, "03-revealed");

  expect(await stack.balanceOf(reader.address)).toBe(payerBefore - PRICE_UNITS);
  expect(await stack.balanceOf(stack.chain.payTo)).toBe(merchantBefore + PRICE_UNITS);

  // Kept on this device: a reload shows it with no request for the paid resource and no signature.
  const paidRequests: string[] = [];
  page.on("request", (r) => r.url().includes("/v1/disclosures/summary") && paidRequests.push(r.url()));
  const signaturesSoFar = reader.calls.filter((c) => c === "eth_signTypedData_v4").length;
  await page.reload();
  await expect(filing.revealedSummary).toBeVisible();
  await expect(filing.settlementTx).toContainText(tx);
  expect(paidRequests).toEqual([]);
  expect(reader.calls.filter((c) => c === "eth_signTypedData_v4")).toHaveLength(signaturesSoFar);
  expect(await stack.balanceOf(reader.address)).toBe(payerBefore - PRICE_UNITS);
  await snap(page, "04-after-reload");

  // Listed under My summaries, and removable.
  const mySummaries = new MySummariesPage(page, stack.baseURL);
  await mySummaries.goto();
  await expect(mySummaries.list).toContainText(tx);
  await snap(page, "05-my-summaries");
  await mySummaries.removeFromDevice();
  await expect(mySummaries.empty).toBeVisible();
});

test("a rejected signature says so and charges nothing", async ({ page, stack, wallet }) => {
  const reader = await wallet({ privateKey: stack.chain.payerPrivateKeys[1] });
  reader.rejectSignatures = true;
  const before = await stack.balanceOf(reader.address);
  const merchantBefore = await stack.balanceOf(stack.chain.payTo);

  const filing = new FilingPage(page, stack.baseURL);
  const wallets = new Wallet(page);
  await filing.goto(stack.filings.rcptNo);
  await filing.reveal();
  await wallets.choose("Test Wallet");
  await wallets.signAndPay();
  await expect(wallets.alert("Signature declined")).toContainText("Nothing was charged");
  expect(reader.calls).toContain("eth_signTypedData_v4");
  await expect(filing.revealedSummary).toHaveCount(0);
  await snap(page, "06-signature-rejected");
  expect(await stack.balanceOf(reader.address)).toBe(before);
  expect(await stack.balanceOf(stack.chain.payTo)).toBe(merchantBefore);
});

test("a wallet on another network is switched in one click, adding the chain it lacks", async ({
  page,
  stack,
  wallet,
}) => {
  const reader = await wallet({
    privateKey: stack.chain.payerPrivateKeys[1],
    startChainId: 1,
    knowsServiceChain: false,
  });
  const filing = new FilingPage(page, stack.baseURL);
  const wallets = new Wallet(page);
  await filing.goto(stack.filings.rcptNo);
  await filing.reveal();
  await wallets.choose("Test Wallet");

  const wrong = wallets.alert("Wrong network");
  await expect(wrong).toBeVisible();
  await expect(wallets.offer).toHaveCount(0);
  await snap(page, "07-wrong-network");
  await wrong.getByRole("button", { name: /Switch to/ }).click();

  await expect(wallets.offer).toBeVisible();
  expect(reader.calls).toContain("wallet_addEthereumChain");
  expect(reader.chainId()).toBe(stack.chain.chainId);
  await wallets.cancel();
  await expect(wallets.status("Payment cancelled")).toBeVisible();
  expect(reader.calls).not.toContain("eth_signTypedData_v4");
});

test("a wallet without enough USDC is told its balance before signing, and nothing is charged", async ({
  page,
  stack,
  wallet,
}) => {
  const reader = await wallet({ privateKey: generatePrivateKey() });
  const merchantBefore = await stack.balanceOf(stack.chain.payTo);
  const filing = new FilingPage(page, stack.baseURL);
  const wallets = new Wallet(page);
  await filing.goto(stack.filings.rcptNo);
  await filing.reveal();
  await wallets.choose("Test Wallet");

  const alert = wallets.alert("Not enough USDC");
  await expect(alert).toContainText("holds 0 USDC");
  await expect(alert).toContainText("Nothing was charged");
  expect(reader.calls).not.toContain("eth_signTypedData_v4");
  await snap(page, "08-insufficient-balance");
  expect(await stack.balanceOf(reader.address)).toBe(0n);
  expect(await stack.balanceOf(stack.chain.payTo)).toBe(merchantBefore);
});

test("a summary that cannot be generated (503) is not charged, and says when to retry", async ({
  page,
  stack,
  wallet,
}) => {
  const reader = await wallet({ privateKey: stack.chain.payerPrivateKeys[1] });
  const before = await stack.balanceOf(reader.address);
  const merchantBefore = await stack.balanceOf(stack.chain.payTo);
  const alert = await payForUnavailableSummary(page, stack);
  await expect(alert).toContainText(/Try again in \d+ s/);
  expect(reader.calls).toContain("eth_signTypedData_v4"); // signed, sent, and not settled
  await snap(page, "09-summary-unavailable");
  expect(await stack.balanceOf(reader.address)).toBe(before);
  expect(await stack.balanceOf(stack.chain.payTo)).toBe(merchantBefore);
});

test("buying a company's latest N through by-ticker proposes the N it delivers, charges 0.005 × N and keeps them", async ({
  page,
  stack,
  wallet,
}) => {
  const reader = await wallet({ privateKey: stack.chain.payerPrivateKeys[0] });
  const before = await stack.balanceOf(reader.address);
  const merchantBefore = await stack.balanceOf(stack.chain.payTo);

  const company = new CompanyPage(page, stack.baseURL);
  const wallets = new Wallet(page);
  await company.goto(stack.filings.ticker);
  // The default N is the number of the newest filings whose summaries are ready: all N come back.
  const n = Number(await company.summaryCount.inputValue());
  expect(n).toBeGreaterThanOrEqual(stack.filings.byTicker.length);
  const total = formatUnits(PRICE_UNITS * BigInt(n), 6);
  await expect(company.chargeRule).toContainText(`0.005 USDC × ${n} = ${total} USDC`);
  await expect(company.chargeRule).toContainText(`will be delivered; you are charged for ${n}.`);
  await expect(company.shortfall).toHaveCount(0);
  // "The latest" names the days of the filings it covers before anything is signed (issue 37).
  await expect(company.latestDays).toHaveText(/^\d{4}-\d{2}-\d{2}/);
  await snap(page, "10-buy-latest-n");
  await company.buyButton(n, total).click();
  await wallets.choose("Test Wallet");
  await expect(wallets.offerAmount).toHaveText(`${total} USDC`);
  await expect(wallets.offer).toContainText(`all ${n} will be delivered`);
  await expect(wallets.signAndPayButton).toHaveText(`Sign and pay ${total} USDC`);
  await wallets.signAndPay();

  await expect(company.boughtSummaries).toContainText(`${n} of ${n} ${n === 1 ? "summary" : "summaries"} delivered`, {
    timeout: 60_000,
  });
  // The summaries read in the main column, each headed by its filing's day and title; none in the side panel.
  await expect(company.boughtSummaryCards.getByTestId("revealed-summary")).toHaveCount(n);
  await expect(company.panel.getByTestId("revealed-summary")).toHaveCount(0);
  await expect(company.boughtSummaryCards.getByRole("heading").first()).toHaveText(/^\d{4}-\d{2}-\d{2} · /);
  await snap(page, "11-bought-latest-n");
  expect(await stack.balanceOf(reader.address)).toBe(before - PRICE_UNITS * BigInt(n));
  expect(await stack.balanceOf(stack.chain.payTo)).toBe(merchantBefore + PRICE_UNITS * BigInt(n));

  // Each bought summary is kept: its filing page shows it without paying.
  const filing = new FilingPage(page, stack.baseURL);
  await filing.goto(stack.filings.byTicker[0]);
  await expect(filing.revealedSummary).toBeVisible();
});

test("with nothing installed, the development wallet of the local stack pays through the same flow", async ({
  page,
  stack,
}) => {
  const devKey = stack.chain.payerPrivateKeys.at(-1)!;
  const { privateKeyToAccount } = await import("viem/accounts");
  const dev = privateKeyToAccount(devKey).address;
  const before = await stack.balanceOf(dev);

  const filing = new FilingPage(page, stack.baseURL);
  const wallets = new Wallet(page);
  await filing.goto(stack.filings.rcptNo);
  await filing.reveal();
  await expect(wallets.status("No browser wallet found")).toBeVisible();
  await snap(page, "12-no-wallet-installed");
  await wallets.developmentWallet.click();
  await wallets.signAndPay();
  await expect(filing.revealedSummary).toBeVisible({ timeout: 30_000 });
  await snap(page, "13-development-wallet-revealed");
  expect(await stack.balanceOf(dev)).toBe(before - PRICE_UNITS);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });

  test("the same reveal works and fits the screen", async ({ page, stack, wallet }) => {
    const reader = await wallet({ privateKey: stack.chain.payerPrivateKeys[0] });
    const before = await stack.balanceOf(reader.address);
    const filing = new FilingPage(page, stack.baseURL);
    const wallets = new Wallet(page);
    await filing.goto(stack.filings.rcptNo);
    await filing.reveal();
    await wallets.choose("Test Wallet");
    await expect(wallets.offer).toBeVisible();
    await snap(page, "14-phone-payment-terms");
    await wallets.signAndPay();
    await expect(filing.revealedSummary).toBeVisible({ timeout: 30_000 });
    await snap(page, "15-phone-revealed");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await stack.balanceOf(reader.address)).toBe(before - PRICE_UNITS);
  });
});
