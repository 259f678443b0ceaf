/**
 * The explorer as a product (issue 26), on a desktop and a 360 px phone, light and dark: what is
 * for sale on every row, the filters sheet on a phone, times of day, compact rows, the event-type
 * picker, chart bars that filter, the empty state, one tidy name per company, the docs' copy
 * buttons and contents, and axe on every page and state (0 violations). Screenshots of every
 * state go to test-results/explorer/.
 */
import type { Page } from "@playwright/test";
import { expect, expectNoHorizontalScroll, SCREENSHOT_DIR, test } from "./support/explorer-fixtures";
import { FeedPage, FilingList } from "./pages";
import { expectNoAxeViolations } from "./support/axe";

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 360, height: 740 };
const SCHEMES = ["light", "dark"] as const;

test.use({ allowedConsoleErrors: [/status of 404/] });

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SCREENSHOT_DIR}/product-${name}.png` });
}

/**
 * The company and receipt number of a filing bundled with its body, from /docs' full list: one
 * dated by the snapshot's day (later ones are reachable by receipt number only).
 */
async function bundledFiling(page: Page): Promise<{ rcptNo: string; ticker: string }> {
  await page.goto("/docs");
  const listed = await page
    .getByTestId("offline-summaries")
    .locator("li")
    .evaluateAll((items) =>
      items.map((li) => ({
        href: li.querySelector("a")!.getAttribute("href")!,
        date: li.querySelector("span")!.textContent!.slice(0, 10),
      })),
    );
  const { href } = listed.find((l) => l.date <= "2026-07-16")!;
  await page.goto(href);
  const company = await page.locator('main a[href^="/companies/"]').first().getAttribute("href");
  return { rcptNo: href.split("/").pop()!, ticker: company!.split("/").pop()! };
}

for (const scheme of SCHEMES) {
  test.describe(`${scheme} theme`, () => {
    test.beforeEach(async ({ page }) => page.emulateMedia({ colorScheme: scheme }));

    test(`every page and state passes axe, desktop (${scheme})`, async ({ page }) => {
      test.setTimeout(180_000);
      await page.setViewportSize(DESKTOP);
      const feed = new FeedPage(page);
      for (const [name, path] of [
        ["feed", "/"],
        ["feed-filtered", "/?min=6&hours=168&market=KOSPI"],
        ["feed-empty", "/?min=9&company=%EC%82%BC%EC%84%B1&summary=1"],
        ["companies", "/companies"],
        ["companies-results", "/companies?q=%EC%82%BC%EC%84%B1"],
        ["company", "/companies/005930"],
        ["docs", "/docs"],
        ["not-found", "/this-page-does-not-exist"],
      ] as const) {
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expect(page.getByRole("main")).toHaveCount(1);
        await expectNoAxeViolations(page, `${path} (${scheme})`);
        await shot(page, `${name}-desktop-${scheme}`);
      }
      // Open states: the event-type panel, and rows not compact.
      await feed.goto();
      await feed.eventTypes.click();
      await expect(feed.eventTypeSearch).toBeVisible();
      await expectNoAxeViolations(page, `event-type panel (${scheme})`);
      await shot(page, `feed-event-types-desktop-${scheme}`);
      await page.keyboard.press("Escape");
      await feed.compactRows.click();
      await expectNoAxeViolations(page, `rows not compact (${scheme})`);
      await shot(page, `feed-roomy-desktop-${scheme}`);
      await feed.compactRows.click();
    });

    test(`phone: filings in the first screen, filters in a sheet, axe clean (${scheme})`, async ({ page }) => {
      test.setTimeout(180_000);
      await page.setViewportSize(PHONE);
      const feed = new FeedPage(page);
      await feed.goto();
      // On the snapshot the first filing is the newest one for sale (one on a phone), then the feed's.
      await expect(feed.forSale.rows.filter({ visible: true })).toHaveCount(1);
      const first = await feed.firstRow.boundingBox();
      expect(first!.y, "the first filing starts in the first 360×740 screen").toBeLessThan(PHONE.height - 100);
      await expect(page.getByRole("form", { name: "Filter filings" })).toBeHidden();
      await expectNoAxeViolations(page, `/ on a phone (${scheme})`);
      await shot(page, `feed-phone-${scheme}`);

      await feed.filtersButton.click();
      await expect(feed.filtersSheet).toBeVisible();
      await expectNoAxeViolations(page, `filters sheet (${scheme})`);
      await shot(page, `feed-filters-sheet-phone-${scheme}`);
      await feed.filtersSheet.getByLabel("Minimum importance").selectOption("6");
      await expect(page).toHaveURL(/\?min=6$/);
      await page.keyboard.press("Escape");
      await expect(feed.filtersSheet).toBeHidden();
      await expect(feed.filtersButton).toHaveText("Filters (1)");
      expect((await feed.filings.importances()).every((s) => s >= 6)).toBe(true);

      for (const [name, path] of [
        ["feed-empty", "/?min=9&company=%EC%82%BC%EC%84%B1"],
        ["companies", "/companies?q=%EC%82%BC%EC%84%B1"],
        ["company", "/companies/005930"],
        ["docs", "/docs"],
        ["not-found", "/this-page-does-not-exist"],
      ] as const) {
        await page.goto(path);
        await expectNoHorizontalScroll(page);
        await expectNoAxeViolations(page, `${path} on a phone (${scheme})`);
        await shot(page, `${name}-phone-${scheme}`);
      }
    });
  });
}

test("rows offer the summaries that can be bought, and say Purchased for those this browser keeps", async ({
  page,
}) => {
  const { rcptNo, ticker } = await bundledFiling(page);
  await page.goto(`/companies/${ticker}`);
  const list = new FilingList(page.getByRole("main"));
  const row = list.row(rcptNo);
  await expect(list.summaryMark(row)).toHaveText("English summary · 0.005 USDC");
  // A row whose summary cannot be bought says nothing about one.
  const marks = await list.rows.evaluateAll((rows) => rows.map((r) => Boolean(r.querySelector("a.summary-mark"))));
  expect(marks.filter(Boolean).length).toBeLessThan(marks.length);

  // Bought on this device: the store my-summaries reads (the summary text never comes from the page).
  await page.evaluate((r) => {
    const kept = {
      [r]: { summary: { rcptNo: r }, transaction: "0x00", network: "eip155:31337", keptAt: "2026-07-16T00:00:00Z" },
    };
    localStorage.setItem("dart-en.kept-summaries.v1", JSON.stringify(kept));
  }, rcptNo);
  await page.reload();
  await expect(list.summaryMark(row)).toHaveText("Purchased");
  await shot(page, "company-purchased-desktop-light");
});

test("the has-summary filter is in the URL, and an empty view names each filter with a way to remove it", async ({
  page,
}) => {
  const feed = new FeedPage(page);
  await feed.goto("?min=9");
  await feed.withSummary.click(); // a navigation: the box follows the URL
  await expect(page).toHaveURL(/\?min=9&summary=1$/);
  await expect(feed.withSummary).toBeChecked();
  await expect(feed.empty).toBeVisible();
  await expect(page.getByRole("heading", { name: "This window at a glance" })).toHaveCount(0);
  await page.getByRole("link", { name: /Only filings with an English summary/ }).click();
  await expect(page).toHaveURL(/\?min=9$/);
  await expect(feed.withSummary).not.toBeChecked();
  // The home page opens on the filings whose summaries can be bought, and its link opens their
  // view: every snapshot day, only those filings, each row with its price.
  await feed.goto();
  await expect(feed.forSale.rows).toHaveCount(3);
  const count = Number(
    (await page.getByRole("link", { name: /English summaries to buy/ }).textContent())!.match(/\d+/)![0],
  );
  await page.getByRole("link", { name: /English summaries to buy/ }).click();
  await expect(page).toHaveURL(/\?hours=all&summary=1$/);
  await expect(page.getByLabel("Window", { exact: true })).toHaveValue("all");
  await expect(feed.forSale.rows).toHaveCount(0);
  const rows = feed.filings.rows;
  await expect(rows).toHaveCount(Math.min(count, 15));
  for (const row of await rows.all()) await expect(feed.filings.summaryMark(row)).toContainText("USDC");
  await expect(page.getByText(`${count} filings`, { exact: false }).first()).toBeVisible();
});

test("rows say when they were seen, in KST, and how long ago; compact rows (the default) under a sticky head", async ({
  page,
}) => {
  const feed = new FeedPage(page);
  await feed.goto();
  const first = feed.filings.rows.first();
  // The snapshot knows each filing's day, not its time of day: the day alone, and in days.
  await expect(first.locator("time")).toHaveText(/^\d{4}-\d{2}-\d{2} \(KST\)$/);
  await expect(first).toContainText(/today|yesterday|\d+ days ago/);
  // Compact by default on a wide screen (issue 37): the company's Korean name and ticker kept.
  await expect(feed.compactRows).toBeChecked();
  const compact = (await first.boundingBox())!.height;
  await feed.compactRows.click();
  await expect(async () => expect((await first.boundingBox())!.height).toBeGreaterThan(compact)).toPass();
  await page.reload();
  await expect(feed.compactRows).not.toBeChecked(); // kept in this browser
  await feed.compactRows.click();
  await expect(async () => expect((await first.boundingBox())!.height).toBeLessThan(60)).toPass();
  await page.mouse.wheel(0, 600);
  const head = page.locator(".filings-head").first();
  await expect(async () => expect((await head.boundingBox())!.y).toBeLessThan(5)).toPass();
});

test("the event-type picker has counts and a search box, and closes on Escape and on a click outside", async ({
  page,
}) => {
  const feed = new FeedPage(page);
  await feed.goto("?hours=168");
  await feed.eventTypes.click();
  await expect(feed.eventTypeSearch).toBeFocused();
  const boxes = page.getByRole("group", { name: "Event types" }).getByRole("checkbox");
  await expect(async () => expect(await boxes.count()).toBeGreaterThan(50)).toPass();
  // Counted: the first choice has filings in the window, and its count is part of its name.
  await expect(boxes.first()).toHaveAccessibleName(/ \d+$/);
  await feed.eventTypeSearch.fill("dividend");
  await expect(async () => {
    const names = await boxes.evaluateAll((els) => els.map((e) => e.closest("label")!.textContent!.toLowerCase()));
    expect(names.length).toBeGreaterThan(0);
    expect(names.every((n) => n.includes("dividend"))).toBe(true);
  }).toPass();
  await page.keyboard.press("Escape");
  await expect(feed.eventTypeSearch).toBeHidden();
  await expect(feed.eventTypes).toBeFocused();
  await feed.eventTypes.click();
  await expect(feed.eventTypeSearch).toBeVisible();
  await page.getByRole("heading", { level: 1 }).click();
  await expect(feed.eventTypeSearch).toBeHidden();
});

test("a chart bar narrows the feed to its event type or importance", async ({ page }) => {
  const feed = new FeedPage(page);
  await feed.goto();
  const chart = page.getByRole("region", { name: "This window at a glance" });
  const bar = chart.locator(".chart-types tbody th a").first();
  const label = await bar.innerText();
  await bar.click();
  await expect(page).toHaveURL(/\?type=[A-Z_]+$/);
  await expect(page.getByText(`Types: ${label}`)).toBeVisible();
  await feed.goto();
  await chart.getByRole("link", { name: /^Show 5\+/ }).click();
  await expect(page).toHaveURL(/\?min=5$/);
  await expect(feed.minImportance).toHaveValue("5");
});

test("one tidy English name per company: search suggestions and results as the company page names it", async ({
  page,
}) => {
  await page.goto("/companies?q=samsung%20electronics");
  const result = page.getByRole("main").getByRole("link", { name: /005930/ });
  await expect(result).toContainText("Samsung Electronics");
  await expect(result).not.toContainText(/CO[,.]|LTD/);
  // Two search boxes on this page (the header's and the page's), each with its own name.
  await expect(page.getByRole("search")).toHaveCount(2);
  await expect(page.getByRole("search", { name: "Search companies" })).toHaveCount(1);
  await expect(page.getByRole("search", { name: "Find a company by name or ticker" })).toHaveCount(1);
  await result.click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Samsung Electronics");
  const header = page.getByRole("banner").getByRole("combobox");
  await header.fill("005930");
  await expect(page.getByRole("banner").getByRole("option").first()).toContainText("Samsung Electronics");
});

test("fonts are self-hosted, tickers use Inter's tabular figures, and the header carries the mark", async ({
  page,
}) => {
  await page.goto("/");
  await expect(page.getByRole("banner").locator("a[href='/'] svg")).toBeVisible();
  const fonts = await page.evaluate(async () => {
    await document.fonts.ready;
    return [...document.fonts].filter((f) => f.status === "loaded").map((f) => f.family);
  });
  expect(fonts.join(" ")).toMatch(/inter/i);
  const ticker = page.locator(".filing-company .num").first();
  // No monospace font on the feed (issue 37: fonts ≤ 150 KB on `/`): Inter's tabular figures line tickers up.
  expect(await ticker.evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(/inter/i);
  expect(await ticker.evaluate((el) => getComputedStyle(el).fontVariantNumeric)).toContain("tabular-nums");
});

test("a device without a Korean font draws the home page's Korean from the one core file, no Pretendard slice", async ({
  page,
}) => {
  // As such a device resolves the stack: its own Korean fonts are absent, so the core comes first.
  await page.addInitScript(() =>
    document.addEventListener("DOMContentLoaded", () => {
      const style = document.createElement("style");
      style.textContent = ':root{--font-korean:"Korean Core","Pretendard" !important}';
      document.head.append(style);
    }),
  );
  const fonts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "font") fonts.push(new URL(request.url()).pathname);
  });
  await page.goto("/", { waitUntil: "networkidle" });
  const loaded = await page.evaluate(async () => {
    await document.fonts.ready;
    return [...document.fonts].filter((f) => f.status === "loaded").map((f) => f.family);
  });
  expect(loaded).toContain("Korean Core");
  expect(fonts.some((path) => path.includes("korean-core"))).toBe(true);
  expect(fonts.filter((path) => path.includes("Pretendard"))).toEqual([]);
});

test("docs: code blocks copy their text, and a phone gets the contents", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("/docs");
  const copy = page.getByRole("button", { name: /^Copy / }).first();
  await copy.click();
  await expect(copy).toHaveText("Copied");
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied.length).toBeGreaterThan(10);
  const code = await page.locator("pre code").first().innerText();
  expect(code.trim()).toBe(copied.trim());

  await page.setViewportSize(PHONE);
  await page.reload();
  await page.getByText("On this page", { exact: true }).click();
  await page.getByRole("navigation", { name: "On this page" }).getByRole("link", { name: "MCP for agents" }).click();
  await expect(page).toHaveURL(/#mcp$/);
});
