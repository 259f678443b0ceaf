import type { Locator, Page } from "@playwright/test";
import { FilingList } from "./filing-list";

/** `/companies/<ticker>`: the company, its filings, and "Buy the latest N summaries". */
export class CompanyPage {
  readonly filings: FilingList;
  readonly summaryCount: Locator;
  /** The sentence saying what N summaries cost, how many will be delivered and that all N are charged. */
  readonly chargeRule: Locator;
  /** Said when fewer than N will be delivered. */
  readonly shortfall: Locator;
  /** Said instead of a purchase when the newest filing has no summary ready. */
  readonly noLatestSummaries: Locator;
  readonly boughtSummaries: Locator;
  /** The summaries bought, in the main column beside the filings (issue 37), each headed by its day and title. */
  readonly boughtSummaryCards: Locator;
  /** The days of the filings "the latest N" covers, named before signing. */
  readonly latestDays: Locator;
  /** The side panel of "Buy the latest N". */
  readonly panel: Locator;
  /** On a phone, the price and Buy pinned to the bottom while the panel is out of view. */
  readonly stickyBar: Locator;

  constructor(
    readonly page: Page,
    private readonly baseURL = "",
  ) {
    this.filings = new FilingList(page);
    this.summaryCount = page.getByRole("spinbutton", { name: "Summaries of the latest filings" });
    this.chargeRule = page.getByTestId("charge-rule");
    this.shortfall = page.getByTestId("shortfall");
    this.noLatestSummaries = page.getByTestId("no-latest-summaries");
    this.boughtSummaries = page.getByTestId("bought-summaries");
    this.boughtSummaryCards = page.getByTestId("bought-summary-cards");
    this.latestDays = page.getByTestId("latest-days");
    this.panel = page.getByRole("complementary", { name: "Summaries" });
    this.stickyBar = page.getByRole("region", { name: "Buy the latest summaries" });
  }

  async goto(ticker: string): Promise<void> {
    await this.page.goto(`${this.baseURL}/companies/${ticker}`);
  }

  buyButton(count: number, totalUsdc: string): Locator {
    return this.page.getByRole("button", { name: `Buy the latest ${count} — ${totalUsdc} USDC` });
  }
}
