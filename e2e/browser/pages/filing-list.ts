import type { Locator, Page } from "@playwright/test";

/** A list of filings (the feed, a company page): one row per filing, keyed by receipt number. */
export class FilingList {
  /** The rows, newest first. */
  readonly rows: Locator;

  constructor(private readonly scope: Page | Locator) {
    this.rows = scope.locator("ol li[data-rcpt-no]");
  }

  row(rcptNo: string): Locator {
    return this.scope.locator(`ol li[data-rcpt-no="${rcptNo}"]`);
  }

  /** The link to a row's filing page (its English title). */
  titleLink(row: Locator): Locator {
    return row.locator('a[href^="/filings/"]:not(.summary-mark)');
  }

  /** What a row says about its English summary: the offer ("English summary · 0.005 USDC") or "Purchased". */
  summaryMark(row: Locator): Locator {
    return row.locator("a.summary-mark");
  }

  rcptNos(): Promise<(string | null)[]> {
    return this.rows.evaluateAll((els) => els.map((e) => e.getAttribute("data-rcpt-no")));
  }

  importances(): Promise<number[]> {
    return this.rows.evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-importance"))));
  }
}
