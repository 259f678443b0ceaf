import type { Locator, Page } from "@playwright/test";

/** `/my-summaries`: the summaries this browser paid for. */
export class MySummariesPage {
  readonly list: Locator;
  readonly empty: Locator;

  constructor(
    readonly page: Page,
    private readonly baseURL = "",
  ) {
    this.list = page.getByTestId("my-summaries");
    this.empty = page.getByTestId("my-summaries-empty");
  }

  async goto(): Promise<void> {
    await this.page.goto(`${this.baseURL}/my-summaries`);
  }

  async removeFromDevice(): Promise<void> {
    await this.page.getByRole("button", { name: "Remove from this device" }).click();
  }
}
