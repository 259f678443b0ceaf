/**
 * Watchlists in the explorer (issue 36 point 6, issue 37 point 8), in Chromium against the
 * production build's snapshot server (playwright.config.ts) with an injected EIP-6963 wallet
 * holding a key of its local chain: watch a company from its page (the wallet signs in once, the
 * secret is shown once), see the watchlist on /watchlists, send a test delivery to a real webhook
 * receiver on loopback (a node:http server verifying the signature with the Standard Webhooks
 * reference library, with the secret the page showed; the server allows loopback receivers in
 * local mode, WEBHOOK_LOCAL_RECEIVERS=auto) and see it listed with its 2xx, try to buy alert
 * credit (paid on the desktop, cancelled on the phone), delete the watchlist after a confirmation. A feed view and a search say which of their
 * filters carry over. On a desktop and a 360 px phone; every state photographed in the light and
 * dark themes (test-results/explorer/watch-*.png) and checked by axe with best practices.
 */
import type { Page } from "@playwright/test";
import { localChainStateFile, readLocalChainState, type LocalChainState } from "../../dev/chain";
import { injectWallet } from "../../dev/support/injected-wallet";
import { startReceiver, type Receiver } from "../../dev/support/webhook-receiver";
import { FeedPage, Wallet, WatchDialog, WatchlistsPage } from "./pages";
import { expect, expectNoHorizontalScroll, SCREENSHOT_DIR, test } from "./support/explorer-fixtures";
import { expectNoAxeViolations } from "./support/axe";

test.describe.configure({ timeout: 180_000 });

const DEVICES = {
  desktop: { viewport: { width: 1280, height: 900 } },
  phone: { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true },
} as const;

// Buying credit asks POST /v1/alerts/credit for its terms without a payment: the 402 that carries
// them is logged by the browser as a failed resource, which is how x402 works, not a fault.
test.use({ allowedConsoleErrors: [/the server responded with a status of 402/] });

/** The state in both themes: a screenshot of each and axe on each (contrast differs). */
async function checkState(page: Page, name: string): Promise<void> {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: `${SCREENSHOT_DIR}/watch-${name}-${scheme}.png`, fullPage: true });
    await expectNoAxeViolations(page, `${name}, ${scheme}`, { bestPractices: true });
  }
  await page.emulateMedia({ colorScheme: "light" });
}

let chain: LocalChainState;
let receiver: Receiver;
test.beforeAll(async () => {
  // The configuration's server runs the local payment stack in its data folder.
  chain = (await readLocalChainState(localChainStateFile(process.env.EXPLORER_DATA_DIR!)))!;
  receiver = await startReceiver();
});
test.afterAll(async () => receiver?.close());

for (const [device, use] of Object.entries(DEVICES)) {
  test.describe(`on a ${device}`, () => {
    test.use(use);

    test("watch a company from its page, see it on /watchlists, send a test delivery to a real receiver, delete it", async ({
      page,
    }) => {
      const owner = await injectWallet(page, {
        privateKey: chain.payerPrivateKeys[device === "desktop" ? 0 : 1],
        rpcUrl: chain.rpcUrl,
        serviceChainId: chain.chainId,
      });
      const wallets = new Wallet(page);
      const watch = new WatchDialog(page);
      const signatures = () => owner.calls.filter((m) => m === "personal_sign").length;

      // The company page offers "Watch this company"; the dialog says what it watches.
      await page.goto("/companies/005930");
      await expect(watch.button).toHaveText("Watch this company");
      if (device === "phone") await expectNoHorizontalScroll(page);
      await checkState(page, `${device}-company`);
      await watch.open();
      await expect(watch.dialog).toBeVisible();
      await expect(watch.carried).toHaveText(["Company: Samsung Electronics (005930)"]);
      await expect(watch.dropped).toHaveCount(0);
      await expect(watch.name).toHaveValue("Samsung Electronics (005930)");
      await watch.endpoint.fill(receiver.url);
      await checkState(page, `${device}-watch-dialog`);

      // Creating it: connect, one signature (no payment), the secret shown once.
      await watch.createButton.click();
      await expect(wallets.chooseHeading).toBeFocused();
      await wallets.choose("Test Wallet");
      await expect(watch.signInHeading).toBeFocused();
      await checkState(page, `${device}-watch-sign-in`);
      await watch.signInButton.click();
      await expect(watch.created).toBeVisible({ timeout: 30_000 });
      await expect(watch.created).toContainText("Watching: Samsung Electronics (005930)");
      await expect(watch.created).toContainText("Nothing was charged");
      await expect(watch.secretPanel).toContainText("shown only now");
      await expect(watch.copySecret).toBeVisible();
      const secret = (await watch.secret.textContent())!;
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]+$/);
      expect(signatures()).toBe(1);
      expect(owner.calls).not.toContain("eth_signTypedData_v4");
      await checkState(page, `${device}-watch-created`);
      receiver.setSecret(secret);

      // The watchlists page: sign in, the watchlist with its filters, endpoint and state, the credit.
      await watch.openWatchlists.click();
      await expect(page).toHaveURL(/\/watchlists$/);
      await expect(page).toHaveTitle("Watchlists · DART in English");
      const list = new WatchlistsPage(page);
      await expect(
        page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Watchlists" }),
      ).toBeVisible();
      if (device === "phone") {
        const nav = page.getByRole("navigation", { name: "Main" }).locator("ul");
        const { scrollWidth, clientWidth, height } = await nav.evaluate((ul) => ({
          scrollWidth: ul.scrollWidth,
          clientWidth: ul.clientWidth,
          height: ul.getBoundingClientRect().height,
        }));
        expect(scrollWidth, "the phone nav fits its line").toBeLessThanOrEqual(clientWidth);
        expect(height, "the phone nav is one line").toBeLessThan(40);
      }
      await checkState(page, `${device}-watchlists-start`);
      // Connected on the company page: the same wallet, still connected here (or chosen again).
      await list.connect(wallets);
      await expect(list.signInHeading).toBeFocused();
      await list.signInButton.click();
      await expect(list.heading).toBeFocused({ timeout: 30_000 });
      expect(signatures()).toBe(2);
      const card = list.watchlist("Samsung Electronics (005930)");
      await expect(card.card).toBeVisible();
      await expect(card.filters).toHaveText(["Ticker: 005930"]);
      await expect(card.endpoint).toHaveText(receiver.url);
      await expect(card.state).toHaveText("Enabled");
      await expect(card.card).toContainText(secret.slice(0, 10));
      await expect(card.card).not.toContainText(secret);
      await expect(list.credit).toContainText(/\d+ alerts? left/);
      await expect(page.getByRole("main")).toContainText("with no credit a watchlist still fills its alerts feed");
      if (device === "phone") await expectNoHorizontalScroll(page);
      await checkState(page, `${device}-watchlists-listed`);

      // A test delivery: signed with the secret shown once, verified by the receiver, listed with its 2xx.
      await card.sendTest.click();
      await expect(card.card.getByRole("status").filter({ hasText: "Test delivered" })).toContainText(
        "your endpoint answered 204",
        { timeout: 30_000 },
      );
      const delivered = receiver.deliveries.at(-1)!;
      expect(delivered.verified).toBe(true);
      expect(JSON.parse(delivered.body)).toMatchObject({ type: "watchlist.test" });
      const row = card.delivery(delivered.id);
      await expect(row).toContainText("Test delivery");
      await expect(row.getByTestId("delivery-answer")).toHaveText("204 delivered");
      await checkState(page, `${device}-test-delivered`);

      // The service's log of alert deliveries (none yet on the snapshot) beside the test, and the alerts feed.
      await card.showDeliveries.click();
      await expect(card.showDeliveries).toHaveText("Refresh deliveries", { timeout: 30_000 });
      await expect(row).toBeVisible();
      await card.showAlerts.click();
      await expect(card.alertsEmpty).toBeVisible({ timeout: 30_000 });
      expect(signatures()).toBe(5);

      // Buying credit goes through the paid-request code of pay-to-reveal: the pack's terms
      // (POST /v1/alerts/credit's 402) before anything is signed. On the desktop the wallet pays
      // (one EIP-3009 signature, settled on the local chain) and the credit is 100 more; on the
      // phone the payer cancels and nothing is signed.
      const before = signatures();
      const creditBefore = Number((await list.credit.textContent())?.match(/\d+/)?.[0]);
      await list.buyCredit.click();
      await expect(wallets.offer).toBeVisible({ timeout: 30_000 });
      await expect(wallets.offerAmount).toHaveText("0.1 USDC");
      if (device === "desktop") {
        await wallets.signAndPay();
        await expect(page.getByText("100 alerts added")).toBeVisible({ timeout: 60_000 });
        await expect(list.credit).toContainText(`${creditBefore + 100} alerts left`);
        expect(owner.calls.filter((m) => m === "eth_signTypedData_v4")).toHaveLength(1);
      } else {
        await wallets.cancel();
        await expect(wallets.status("Payment cancelled")).toBeFocused();
        expect(owner.calls).not.toContain("eth_signTypedData_v4");
      }
      expect(signatures()).toBe(before);
      await checkState(page, `${device}-credit`);

      // Delete, after a confirmation; the list (signed in again) no longer has it.
      await card.delete.click();
      await expect(card.confirmDeletion).toBeVisible();
      await expect(card.confirmDeletion).toContainText("This cannot be undone");
      await checkState(page, `${device}-delete-confirm`);
      await card.confirmDeletion.getByRole("button", { name: "Delete watchlist" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Deleted “Samsung Electronics (005930)”" })).toBeFocused({
        timeout: 30_000,
      });
      await expect(list.watchlists).toHaveCount(0);
      await list.refresh.click();
      await expect(list.empty).toBeVisible({ timeout: 30_000 });
      await expect(list.count).toHaveText("(0 of 20)");
      await checkState(page, `${device}-deleted`);
      expect(receiver.deliveries.filter((d) => d.id === delivered.id)).toHaveLength(1);
    });
  });
}

test.describe("a feed view and a search", () => {
  test.use(DEVICES.desktop);

  test("say which of their filters carry over into the watchlist and which cannot; the watchlist holds the ones that do", async ({
    page,
  }) => {
    await injectWallet(page, {
      privateKey: chain.payerPrivateKeys[2] ?? chain.payerPrivateKeys[0],
      rpcUrl: chain.rpcUrl,
      serviceChainId: chain.chainId,
    });
    const watch = new WatchDialog(page);
    const wallets = new Wallet(page);

    // The feed at 1440×900: "Watch this view" beside its exports, the first row still within 300 px.
    await page.setViewportSize({ width: 1440, height: 900 });
    const feed = new FeedPage(page);
    await feed.goto("?min=5&market=KOSPI&hours=168&summary=1");
    await expect(watch.button).toHaveText("Watch this view");
    const first = feed.filings.rows.first();
    if (await first.count())
      expect((await first.boundingBox())!.y, "the first filing row's top").toBeLessThanOrEqual(300);
    await watch.open();
    await expect(watch.carried).toHaveText(["Importance 5 or more", "Markets: KOSPI"]);
    await expect(watch.dropped).toHaveText([
      /^Window \(7 days\): a watchlist is told of filings stored from now on/,
      /^Only filings with an English summary to buy:/,
    ]);
    await watch.audience("Traders").check();
    await checkState(page, "feed-view-dialog");
    await watch.createButton.click();
    await wallets.choose("Test Wallet");
    await watch.signInButton.click();
    await expect(watch.created).toContainText("New matching filings fill its alerts feed", { timeout: 30_000 });
    await checkState(page, "feed-view-created");
    await watch.dialog.getByRole("button", { name: "Done" }).click();
    await expect(watch.dialog).toBeHidden();

    // A search: its words become title words, its days cannot carry over.
    await page.goto("/filings?q=%EC%A0%84%ED%99%98%EC%82%AC%EC%B1%84&from=2026-07-01&to=2026-07-16");
    await expect(watch.button).toHaveText("Watch this search");
    await watch.open();
    await expect(watch.carried).toHaveText([/^Title words: 전환사채 \(each must be in the Korean title/]);
    await expect(watch.dropped).toHaveText([/^Days \(2026-07-01 to 2026-07-16\): a watchlist is told of filings/]);
    await expect(watch.titleWords).toHaveValue("전환사채");
    await checkState(page, "search-dialog");
    await page.keyboard.press("Escape");
    await expect(watch.dialog).toBeHidden();

    // The feed view's watchlist holds what carried over (and the audience chosen); then it is deleted.
    const list = new WatchlistsPage(page);
    await list.goto();
    await list.connect(wallets);
    await list.signInButton.click();
    const card = list.watchlist("Feed: importance 5+ · KOSPI");
    await expect(card.filters).toHaveText(["Importance 5 or more", "Markets: KOSPI", "Audiences: Traders"]);
    await expect(card.state).toHaveText("Feed only");
    await expect(card.endpoint).toHaveText("None: alerts fill the alerts feed only");
    await expect(card.card).toContainText("Add an endpoint to send a test delivery");
    await card.confirmDelete();
    await expect(list.watchlists).toHaveCount(0, { timeout: 30_000 });
  });
});
