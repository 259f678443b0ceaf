import type { Locator, Page } from "@playwright/test";
import { FilingList } from "./filing-list";

/** `/`: the feed of filings with its filters, "Show more" and its Atom feed. */
export class FeedPage {
  /** The feed's own list (the view's rows). */
  readonly filings: FilingList;
  /** On a snapshot, above the feed: its newest filings whose summaries can be bought. */
  readonly forSale: FilingList;
  /** The first filing row on the page, whichever list holds it. */
  readonly firstRow: Locator;
  /** The banner saying how current the data is (offline snapshot or live). */
  readonly dataNote: Locator;
  readonly minImportance: Locator;
  readonly company: Locator;
  /** The event-type button, which opens a panel of choices (with counts and a search box). */
  readonly eventTypes: Locator;
  readonly eventTypeSearch: Locator;
  /** "Only filings with an English summary to buy". */
  readonly withSummary: Locator;
  /** On a phone: the button opening the filters in a sheet, and the sheet. */
  readonly filtersButton: Locator;
  readonly filtersSheet: Locator;
  readonly compactRows: Locator;
  /** The page's `<link rel="alternate">` to its Atom feed. */
  readonly atomLinks: Locator;
  readonly empty: Locator;
  /** The view's Atom feed and its CSV and JSON downloads (issue 37). */
  readonly csvExport: Locator;
  readonly jsonExport: Locator;

  constructor(
    readonly page: Page,
    private readonly baseURL = "",
  ) {
    this.filings = new FilingList(
      page.locator(".filings").filter({ has: page.getByRole("list", { name: "Filings, newest first" }) }),
    );
    this.forSale = new FilingList(page.getByRole("region", { name: "For sale on this snapshot" }));
    this.firstRow = page.locator("ol li[data-rcpt-no]").first();
    this.dataNote = page.getByRole("complementary", { name: "Data status" });
    this.minImportance = page.getByLabel("Minimum importance");
    this.company = page.getByLabel("Company", { exact: true });
    this.eventTypes = page.getByRole("button", { name: /^Event types/ });
    this.eventTypeSearch = page.getByRole("searchbox", { name: "Search event types" });
    this.withSummary = page.getByRole("checkbox", { name: "Only filings with an English summary to buy" });
    this.filtersButton = page.getByRole("button", { name: /^Filters/ });
    this.filtersSheet = page.getByRole("dialog", { name: "Filters" });
    this.compactRows = page.getByRole("checkbox", { name: "Compact rows" });
    this.atomLinks = page.locator('link[rel="alternate"][type="application/atom+xml"]');
    this.empty = page.getByText(/^No filings match this view/);
    this.csvExport = page.getByRole("link", { name: "Download this view as CSV" }).first();
    this.jsonExport = page.getByRole("link", { name: "Download this view as JSON" }).first();
  }

  /** `query` is the view's query string, e.g. `?min=7`. */
  async goto(query = ""): Promise<void> {
    await this.page.goto(`${this.baseURL}/${query}`);
  }

  showMore(count: number): Locator {
    return this.page.getByRole("link", { name: `Show ${count} more` });
  }

  /** An event type's checkbox in the opened panel (its name is the label and the window's count). */
  eventType(label: string): Locator {
    return this.page.getByRole("checkbox", { name: new RegExp(`^${label}( \\d+)?$`) });
  }
}
