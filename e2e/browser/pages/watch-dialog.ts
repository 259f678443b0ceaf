import type { Locator, Page } from "@playwright/test";

/**
 * "Watch" on a company page, a feed view or a search: the button, the dialog saying what carries
 * over into the watchlist and what cannot, its form, the sign-in step and the new watchlist with
 * its secret shown once.
 */
export class WatchDialog {
  readonly button: Locator;
  readonly dialog: Locator;
  /** What the watchlist will watch: the page's filters that carry over, one item each. */
  readonly carried: Locator;
  /** What of the page's view a watchlist cannot hold, each with why. */
  readonly dropped: Locator;
  readonly name: Locator;
  readonly endpoint: Locator;
  readonly titleWords: Locator;
  readonly createButton: Locator;
  readonly signInHeading: Locator;
  readonly signInButton: Locator;
  readonly created: Locator;
  /** The whsec_ secret, shown once, with its copy button and "shown only now". */
  readonly secretPanel: Locator;
  readonly secret: Locator;
  readonly copySecret: Locator;
  readonly openWatchlists: Locator;

  constructor(readonly page: Page) {
    this.button = page.getByTestId("watch-button");
    this.dialog = page.getByRole("dialog");
    this.carried = this.dialog.getByTestId("watch-carried").getByRole("listitem");
    this.dropped = this.dialog.getByTestId("watch-dropped").getByRole("listitem");
    this.name = this.dialog.getByLabel("Name", { exact: true });
    this.endpoint = this.dialog.getByLabel("Webhook endpoint (optional)");
    this.titleWords = this.dialog.getByLabel("Title words (optional)");
    this.createButton = this.dialog.getByRole("button", { name: "Create watchlist" });
    this.signInHeading = this.dialog.getByRole("heading", { name: "Sign in with this wallet" });
    this.signInButton = this.dialog.getByRole("button", { name: "Sign in and create" });
    this.created = this.dialog.getByTestId("watch-created");
    this.secretPanel = this.dialog.getByTestId("secret-once");
    this.secret = this.dialog.getByTestId("secret-value");
    this.copySecret = this.dialog.getByRole("button", { name: "Copy signing secret" });
    this.openWatchlists = this.dialog.getByRole("link", { name: "Open my watchlists" });
  }

  async open(): Promise<void> {
    await this.button.click();
  }

  /** An audience tag's checkbox. */
  audience(label: string): Locator {
    return this.dialog.getByRole("checkbox", { name: label });
  }
}
