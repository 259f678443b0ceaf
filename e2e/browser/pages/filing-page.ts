import type { Locator, Page } from "@playwright/test";

/**
 * `/filings/<rcptNo>`: a filing's title, its English summary as the page's hero (or, before
 * payment, the offer: what it states, the price, Reveal), the free facts, and the phone's pinned bar.
 */
export class FilingPage {
  readonly heading: Locator;
  /** Before payment: what the summary states, its price and Reveal. */
  readonly offer: Locator;
  readonly price: Locator;
  /** The names of the facts the summary states (no values). */
  readonly covers: Locator;
  readonly noSummary: Locator;
  readonly agentPanel: Locator;
  readonly revealButton: Locator;
  /** The summary, once revealed (or restored, or the free sample). */
  readonly revealedSummary: Locator;
  readonly summaryHeading: Locator;
  readonly summaryText: Locator;
  readonly facts: Locator;
  readonly settlementTx: Locator;
  /** On a phone, the price and Reveal pinned to the bottom while the offer is out of view. */
  readonly stickyBar: Locator;
  /** On a revealed summary: its fact sheet's download, "Copy citation", and the citation's text. */
  readonly factSheetButton: Locator;
  readonly copyCitation: Locator;
  readonly citation: Locator;
  /** A correction and its original, linked both ways. */
  readonly related: Locator;

  constructor(
    readonly page: Page,
    private readonly baseURL = "",
  ) {
    this.heading = page.getByRole("heading", { level: 1 });
    this.offer = page.getByTestId("summary-offer");
    this.price = page.getByTestId("summary-price");
    this.covers = page.getByRole("list", { name: "Facts the summary states" });
    this.noSummary = page.getByTestId("no-summary");
    this.agentPanel = page.getByRole("complementary", { name: "For agents" });
    this.revealButton = page.getByRole("button", { name: /Reveal English summary/ });
    this.revealedSummary = page.getByTestId("revealed-summary");
    this.summaryHeading = this.revealedSummary.getByRole("heading", { name: "English summary" });
    this.summaryText = page.getByTestId("summary-text");
    this.facts = this.revealedSummary.getByTestId("fact");
    this.settlementTx = page.getByTestId("settlement-tx");
    this.stickyBar = page.getByRole("region", { name: "Buy this summary" });
    this.factSheetButton = page.getByRole("button", { name: "Download fact sheet (JSON)" });
    this.copyCitation = page.getByRole("button", { name: "Copy citation" });
    this.citation = page.getByTestId("citation");
    this.related = page.getByRole("list", { name: "Related filings" });
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
