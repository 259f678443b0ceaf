import type { Locator, Page } from "@playwright/test";

/** The company search box (a combobox with suggestions), in the header or on /companies. */
export class CompanySearch {
  readonly box: Locator;
  readonly suggestions: Locator;
  readonly options: Locator;

  constructor(page: Page, where: "banner" | "main") {
    const region = page.getByRole(where);
    this.box = region.getByRole("combobox");
    this.suggestions = region.getByRole("listbox");
    this.options = region.getByRole("option");
  }
}
