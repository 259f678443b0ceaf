import type { Locator, Page } from "@playwright/test";

/** `/my-summaries`: the summaries this browser has, bought here or restored from the wallet that paid. */
export class MySummariesPage {
  readonly list: Locator;
  readonly empty: Locator;
  readonly restoreButton: Locator;
  readonly signInButton: Locator;
  readonly restoreResult: Locator;

  constructor(
    readonly page: Page,
    private readonly baseURL = "",
  ) {
    this.list = page.getByTestId("my-summaries");
    this.empty = page.getByTestId("my-summaries-empty");
    this.restoreButton = page.getByRole("button", { name: "Restore my purchases" });
    this.signInButton = page.getByRole("button", { name: "Sign in and restore" });
    this.restoreResult = page.getByTestId("restore-result");
  }

  async goto(): Promise<void> {
    await this.page.goto(`${this.baseURL}/my-summaries`);
  }

  /** The entry of one filing's summary. */
  entry(rcptNo: string): Locator {
    return this.list.locator(`li[data-rcpt-no="${rcptNo}"]`);
  }

  async removeFromDevice(): Promise<void> {
    await this.page.getByRole("button", { name: "Remove from this device" }).click();
  }
}
