import { expect, type Locator, type Page } from "@playwright/test";
import type { Wallet } from "./wallet";

/**
 * `/watchlists`: sign in with the wallet, its alert credit and "Buy 100 alerts", and each
 * watchlist with its filters, endpoint, state, actions, deliveries and alerts feed.
 */
export class WatchlistsPage {
  /** The page's first button: loads the wallet code. */
  readonly start: Locator;
  readonly signInHeading: Locator;
  readonly signInButton: Locator;
  readonly heading: Locator;
  readonly count: Locator;
  readonly refresh: Locator;
  readonly credit: Locator;
  readonly buyCredit: Locator;
  readonly watchlists: Locator;
  readonly empty: Locator;

  constructor(
    readonly page: Page,
    private readonly baseURL = "",
  ) {
    this.start = page.getByRole("button", { name: "Sign in with your wallet" });
    this.signInHeading = page.getByRole("heading", { name: "Sign in with this wallet" });
    this.signInButton = page.getByRole("button", { name: "Sign in and list my watchlists" });
    this.heading = page.getByRole("heading", { name: /^Watchlists of / });
    this.count = page.getByTestId("watchlist-count");
    this.refresh = page.getByRole("button", { name: "Refresh" });
    this.credit = page.getByTestId("alert-credit");
    this.buyCredit = page.getByRole("button", { name: /^Buy 100 alerts — 0\.10 USDC$/ });
    this.watchlists = page.getByTestId("watchlist");
    this.empty = page.getByText(/^No watchlists yet/);
  }

  async goto(): Promise<void> {
    await this.page.goto(`${this.baseURL}/watchlists`);
  }

  /**
   * Starts the wallet part and gets to "Sign in with this wallet": a wallet connected on an earlier
   * page reconnects by itself (its choices may show for a moment first), else it is chosen.
   */
  async connect(wallets: Wallet, name = "Test Wallet"): Promise<void> {
    await this.start.click();
    await expect(async () => {
      if (!(await this.signInHeading.isVisible())) await wallets.choice(name).click({ timeout: 2_000 });
      await expect(this.signInHeading).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
  }

  /** One watchlist's card, by its name. */
  watchlist(name: string): WatchlistCard {
    return new WatchlistCard(this.page, this.watchlists.filter({ has: this.page.getByRole("heading", { name }) }));
  }
}

/** One watchlist on `/watchlists`. */
export class WatchlistCard {
  readonly filters: Locator;
  readonly endpoint: Locator;
  readonly state: Locator;
  readonly sendTest: Locator;
  readonly showDeliveries: Locator;
  readonly deliveries: Locator;
  readonly showAlerts: Locator;
  readonly alertsEmpty: Locator;
  readonly rotate: Locator;
  readonly changeEndpoint: Locator;
  readonly delete: Locator;
  readonly confirmDeletion: Locator;

  constructor(
    readonly page: Page,
    readonly card: Locator,
  ) {
    this.filters = card.getByTestId("watchlist-filters").getByRole("listitem");
    this.endpoint = card.getByTestId("watchlist-endpoint");
    this.state = card.getByTestId("watchlist-state");
    this.sendTest = card.getByRole("button", { name: "Send a test delivery" });
    this.showDeliveries = card.getByRole("button", { name: /^(Show recent|Refresh) deliveries$/ });
    this.deliveries = card.getByTestId("deliveries").getByRole("listitem");
    this.showAlerts = card.getByRole("button", { name: /alerts$/ });
    this.alertsEmpty = card.getByTestId("alerts-empty");
    this.rotate = card.getByRole("button", { name: "Rotate secret" });
    this.changeEndpoint = card.getByRole("button", { name: /^(Change|Add an) endpoint$/ });
    this.delete = card.getByRole("button", { name: "Delete…" });
    this.confirmDeletion = card.getByRole("group", { name: "Confirm deletion" });
  }

  /** The delivery row of one webhook-id. */
  delivery(webhookId: string): Locator {
    return this.card.locator(`[data-testid="deliveries"] li[data-webhook-id="${webhookId}"]`);
  }

  async confirmDelete(): Promise<void> {
    await this.delete.click();
    await this.confirmDeletion.getByRole("button", { name: "Delete watchlist" }).click();
  }
}
