import type { Locator, Page } from "@playwright/test";
import { FilingList } from "./filing-list";

/** `/`: the feed of filings with its filters, "Show more" and its Atom feed. */
export class FeedPage {
  readonly filings: FilingList;
  /** The banner saying how current the data is (offline snapshot or live). */
  readonly dataNote: Locator;
  readonly minImportance: Locator;
  readonly company: Locator;
  /** The closed event-type menu, which loads its choices when opened. */
  readonly eventTypes: Locator;
  /** The page's `<link rel="alternate">` to its Atom feed. */
  readonly atomLinks: Locator;
  readonly empty: Locator;

  constructor(
    readonly page: Page,
    private readonly baseURL = "",
  ) {
    this.filings = new FilingList(page);
    this.dataNote = page.getByRole("note");
    this.minImportance = page.getByLabel("Minimum importance");
    this.company = page.getByLabel("Company", { exact: true });
    this.eventTypes = page.getByText("Event types: all");
    this.atomLinks = page.locator('link[rel="alternate"][type="application/atom+xml"]');
    this.empty = page.getByText("No filings in this window.");
  }

  /** `query` is the view's query string, e.g. `?min=7`. */
  async goto(query = ""): Promise<void> {
    await this.page.goto(`${this.baseURL}/${query}`);
  }

  showMore(count: number): Locator {
    return this.page.getByRole("link", { name: `Show ${count} more` });
  }

  /** An event type's checkbox in the opened menu. */
  eventType(label: string): Locator {
    return this.page.getByLabel(label);
  }
}
