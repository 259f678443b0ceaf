/**
 * A screenshot of every explorer page on a desktop and a phone, in the light and the dark
 * theme (following the system), saved under test-results/explorer/ for people to look at.
 */
import { expect, expectNoHorizontalScroll, SCREENSHOT_DIR, test } from "./support/explorer-fixtures";

const VIEWPORTS = { desktop: { width: 1280, height: 900 }, phone: { width: 360, height: 780 } } as const;
const PAGES = [
  ["feed", "/"],
  ["feed-filtered", "/?min=6&hours=168"],
  ["companies", "/companies?q=삼성"],
  ["company", "/companies/005930"],
  ["filing", "/filings/20260716900971"],
  ["docs", "/docs"],
  ["not-found", "/companies/999999"],
] as const;

test.use({ allowedConsoleErrors: [/status of 404/] });

for (const scheme of ["light", "dark"] as const) {
  for (const [device, viewport] of Object.entries(VIEWPORTS)) {
    test(`screenshots: ${device}, ${scheme}`, async ({ page }) => {
      test.setTimeout(120_000);
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize(viewport);
      for (const [name, path] of PAGES) {
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expectNoHorizontalScroll(page);
        await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}-${device}-${scheme}.png`, fullPage: name !== "docs" });
      }
    });
  }
}
