import type { Locator, Page } from "@playwright/test";

/**
 * The wallet and payment steps of a purchase (reveal or buy-latest): choosing a wallet, the
 * connected wallet, the payment offer to sign, and the notices that say what happened.
 */
export class Wallet {
  /** The wallets offered, by name and icon. */
  readonly choices: Locator;
  readonly connected: Locator;
  readonly balance: Locator;
  readonly offer: Locator;
  readonly offerAmount: Locator;
  readonly developmentWallet: Locator;
  readonly signAndPayButton: Locator;
  /** The first step of connecting: it takes focus when it appears. */
  readonly chooseHeading: Locator;
  /** The header's wallet button and the panel it opens. */
  readonly headerButton: Locator;
  readonly headerPanel: Locator;

  constructor(readonly page: Page) {
    this.choices = page.getByRole("list", { name: "Wallets" });
    this.connected = page.getByTestId("connected-wallet");
    this.balance = page.getByTestId("wallet-balance");
    this.offer = page.getByTestId("payment-offer");
    this.offerAmount = page.getByTestId("offer-amount");
    this.developmentWallet = page.getByRole("button", { name: /Development wallet/ });
    this.signAndPayButton = this.offer.getByRole("button", { name: /Sign and pay/ });
    this.chooseHeading = page.getByRole("heading", { name: "Choose a wallet" });
    this.headerButton = page.getByTestId("header-wallet");
    this.headerPanel = page.getByRole("region", { name: "Wallet" });
  }

  /** A wallet offered by this name (exactly). */
  choice(name: string): Locator {
    return this.choices.getByRole("button", { name, exact: true });
  }

  async choose(name = "Test Wallet"): Promise<void> {
    await this.choice(name).click();
  }

  async signAndPay(): Promise<void> {
    await this.signAndPayButton.click();
  }

  async cancel(): Promise<void> {
    await this.offer.getByRole("button", { name: "Cancel" }).click();
  }

  /** An error or warning notice (role alert) containing this text, e.g. its title. */
  alert(text: string): Locator {
    return this.page.getByRole("alert").filter({ hasText: text });
  }

  /** An informational notice (role status) containing this text. */
  status(text: string): Locator {
    return this.page.getByRole("status").filter({ hasText: text });
  }
}
