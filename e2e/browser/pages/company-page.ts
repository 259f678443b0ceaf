import type { Locator, Page } from "@playwright/test";
import { FilingList } from "./filing-list";

/** `/companies/<ticker>`: the company, its filings, and "Buy the latest N summaries". */
export class CompanyPage {
  readonly filings: FilingList;
  readonly summaryCount: Locator;
  /** The sentence saying what N summaries cost and that all N are charged. */
  readonly chargeRule: Locator;
  readonly boughtSummaries: Locator;

  constructor(
    readonly page: Page,
    private readonly baseURL = "",
  ) {
    this.filings = new FilingList(page);
    this.summaryCount = page.getByRole("spinbutton", { name: "Summaries of the latest filings" });
    this.chargeRule = page.getByTestId("charge-rule");
    this.boughtSummaries = page.getByTestId("bought-summaries");
  }

  async goto(ticker: string): Promise<void> {
    await this.page.goto(`${this.baseURL}/companies/${ticker}`);
  }

  buyButton(count: number, totalUsdc: string): Locator {
    return this.page.getByRole("button", { name: `Buy the latest ${count} — ${totalUsdc} USDC` });
  }
}
