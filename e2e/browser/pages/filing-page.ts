import type { Locator, Page } from "@playwright/test";

/** `/filings/<rcptNo>`: a filing's free data, the paid summary's panel, and the summary once revealed. */
export class FilingPage {
  readonly heading: Locator;
  readonly summaryPanel: Locator;
  readonly revealButton: Locator;
  readonly revealedSummary: Locator;
  readonly summaryText: Locator;
  readonly settlementTx: Locator;

  constructor(
    readonly page: Page,
    private readonly baseURL = "",
  ) {
    this.heading = page.getByRole("heading", { level: 1 });
    this.summaryPanel = page.getByRole("complementary", { name: "Paid summary" });
    this.revealButton = page.getByRole("button", { name: /Reveal English summary/ });
    this.revealedSummary = page.getByTestId("revealed-summary");
    this.summaryText = page.getByTestId("summary-text");
    this.settlementTx = page.getByTestId("settlement-tx");
  }

  async goto(rcptNo: string): Promise<void> {
    await this.page.goto(`${this.baseURL}/filings/${rcptNo}`);
  }

  /** "Reveal English summary — <price> USDC": loads the wallets and starts the payment. */
  async reveal(): Promise<void> {
    await this.revealButton.click();
  }

  /** The settlement transaction's hash as the revealed summary shows it. */
  async settlementHash(): Promise<string> {
    return (await this.settlementTx.locator(".font-mono").first().textContent()) ?? "";
  }
}
