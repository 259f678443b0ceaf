/**
 * The explorer people return to (issue 37), in Chromium on a 1440×900 desktop and a 360×740
 * phone: one clock on every page, one name per company, Korean search ranked as English is,
 * compact rows and the first row high on the page, the phone's paid action on its first screen,
 * exports of a view (CSV, JSON: the page's rows, free data only), the fact sheet and citation of a
 * revealed summary (the free sample), print, ISO date inputs, and a correction linked to its
 * original both ways; axe with best practices (including `region`) on each page. Screenshots go
 * to test-results/explorer/.
 */
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expect, SCREENSHOT_DIR, test } from "./support/explorer-fixtures";
import { CompanySearch, FeedPage, FilingList, FilingPage } from "./pages";
import { expectNoAxeViolations } from "./support/axe";

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 360, height: 740 };
/** The free sample's filing (a correction of Samsung Electronics): its summary and facts are shown free. */
const SAMPLE = "20260730800123";
/** A bundled filing whose summary is sold: its page has the offer, the price and Reveal. */
const FOR_SALE = "20260424000778";
/** A correction ([기재정정]) of the snapshot and the filing it corrects. */
const CORRECTION = { rcptNo: "20260713900689", original: "20260710900840" };

const shot = (page: Page, name: string) => page.screenshot({ path: `${SCREENSHOT_DIR}/returns-${name}.png` });

/** The KST day of the machine's own clock: never shown offline, where "now" is the snapshot's. */
const wallClockDay = () => new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10);

test.describe("desktop 1440×900", () => {
  test.use({ viewport: DESKTOP });

  test("compact rows by default keep the ticker and Korean name, the first row within 300 px; axe with best practices", async ({
    page,
  }) => {
    const feed = new FeedPage(page);
    await feed.goto();
    await expect(feed.compactRows).toBeChecked();
    // On the snapshot the first row is the newest filing for sale, with its price (issue 37, point 1).
    const first = feed.firstRow;
    await expect(feed.forSale.rows.first()).toHaveAttribute(
      "data-rcpt-no",
      (await first.getAttribute("data-rcpt-no"))!,
    );
    await expect(feed.forSale.summaryMark(first)).toContainText("USDC");
    expect((await first.boundingBox())!.y, "the first filing row's top").toBeLessThanOrEqual(300);
    await expect(first.locator(".filing-company [lang=ko]")).toBeVisible();
    await expect(first.locator(".filing-company .num")).toHaveText(/^[0-9A-Z]{6}$/);
    expect((await first.boundingBox())!.height, "a compact row").toBeLessThan(60);
    await expect(feed.dataNote).toContainText(/filings received 2026-07-09 to 2026-07-16/);
    await shot(page, "feed-desktop");
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expectNoAxeViolations(page, `/ (${scheme})`, { bestPractices: true });
    }
    for (const path of ["/companies/005930", "/filings?q=%EC%82%BC%EC%84%B1", `/filings/${SAMPLE}`, "/my-summaries"]) {
      await page.goto(path);
      await expectNoAxeViolations(page, path, { bestPractices: true });
    }
  });

  test("one clock: no page states the machine's date; times are against the snapshot's day", async ({ page }) => {
    test.skip(wallClockDay() === "2026-07-16", "the machine's day is the snapshot's");
    for (const path of ["/", "/companies/005930", `/filings/${FOR_SALE}`, `/filings/${SAMPLE}`]) {
      await page.goto(path);
      await expect(page.locator("body")).not.toContainText(wallClockDay());
    }
    // The company's old filings say how long ago in months or years, not in thousands of days.
    await page.goto("/companies/005930");
    await expect(page.locator("main")).not.toContainText(/\d{4,} days ago/);
  });

  test("one name per company, and Korean search ranked by prominence as English search is", async ({ page }) => {
    await page.goto("/companies/366030");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Nine & Company");
    await expect(page).toHaveTitle(/^Nine & Company \(366030\)/);
    await page.goto("/?company=366030&hours=168");
    await expect(new FilingList(page).rows.first().locator(".filing-company > a")).toHaveText("Nine & Company");

    const header = new CompanySearch(page, "banner");
    await header.box.fill("삼성");
    await expect(header.options.first()).toContainText("Samsung Electronics");
    const names = await header.options.locator("span.font-medium").allTextContents();
    expect(names.slice(0, 2)).toEqual(["Samsung Electronics", "Samsung Biologics"]);
    expect(names.slice(0, 8)).toContain("Samsung SDI");
    await shot(page, "type-ahead-korean");
  });

  test("a view exports its rows as CSV and JSON, with the page's filters and free data only", async ({ page }) => {
    const feed = new FeedPage(page);
    await feed.goto("?min=5&hours=168");
    const onPage = await feed.filings.rcptNos();
    expect(onPage.length).toBeGreaterThan(0);
    await expect(feed.csvExport).toHaveAttribute("href", "/feeds/recent.csv?min=5&hours=168");
    const csv = await (await page.request.get(await feed.csvExport.getAttribute("href").then(String))).text();
    const lines = csv
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe(
      "rcptNo,seenAt,ticker,market,corpName,corpNameEn,reportNm,reportNmEn,eventType,eventLabel,importanceScore,summaryForSale,dartUrl",
    );
    expect(lines.slice(1).map((l) => l.split(",")[0])).toEqual(onPage);
    const json = await (await page.request.get(await feed.jsonExport.getAttribute("href").then(String))).json();
    expect(json).toMatchObject({ view: "feed", page: "/?min=5&hours=168", dataMode: "snapshot", count: onPage.length });
    expect(json.filings.every((f: { importanceScore: number }) => f.importanceScore >= 5)).toBe(true);
    expect(JSON.stringify(json)).not.toMatch(/summaryEn|"facts"/);

    await page.goto("/companies/005930");
    await expect(feed.jsonExport).toHaveAttribute("href", "/feeds/companies/005930/filings.json");
    const companyRows = await new FilingList(page).rcptNos();
    const company = await (await page.request.get(await feed.jsonExport.getAttribute("href").then(String))).json();
    expect(company.filings.map((f: { rcptNo: string }) => f.rcptNo)).toEqual(companyRows);

    await page.goto("/filings?q=%EC%82%BC%EC%84%B1%EC%A0%84%EC%9E%90");
    const searchRows = await new FilingList(page).rcptNos();
    const search = await (await page.request.get(await feed.csvExport.getAttribute("href").then(String))).text();
    expect(search.trim().split("\r\n").length - 1).toBe(searchRows.length);
  });

  test("a revealed summary downloads its fact sheet and copies a citation; print leaves the chrome out", async ({
    page,
    context,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const filing = new FilingPage(page);
    await filing.goto(SAMPLE);
    const [download] = await Promise.all([page.waitForEvent("download"), filing.factSheetButton.click()]);
    expect(download.suggestedFilename()).toBe(`dart-fact-sheet-${SAMPLE}.json`);
    const sheet = JSON.parse(await readFile((await download.path())!, "utf8"));
    expect(sheet.rcptNo).toBe(SAMPLE);
    expect(sheet.facts.length).toBe(await filing.facts.count());
    expect(sheet.summaryEn).toBe(await filing.summaryText.textContent());

    await filing.copyCitation.click();
    await expect(page.getByText("Citation copied")).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(await filing.citation.textContent());
    expect(copied).toContain(`https://dart.fss.or.kr/dsaf001/main.do?rcpNo=${SAMPLE}`);
    expect(copied).toMatch(/\(filed as [^)]*[가-힣]/); // the Korean cell the figure was read from
    expect(copied).toContain(sheet.citation);

    await page.emulateMedia({ media: "print" });
    await expect(page.getByRole("banner")).toBeHidden();
    await expect(filing.copyCitation).toBeHidden();
    await expect(filing.summaryText).toBeVisible();
    await shot(page, "filing-print");
    await page.emulateMedia({ media: "screen" });
  });

  test("search dates are native date inputs with ISO values; a correction and its original link both ways", async ({
    page,
  }) => {
    await page.goto("/filings");
    const from = page.getByLabel("From (KST day)");
    await expect(from).toHaveAttribute("type", "date");
    await expect(from).toHaveAttribute("max", "2026-07-16");
    await from.fill("2026-07-10");
    await expect(from).toHaveValue("2026-07-10");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/[?&]from=2026-07-10(&|$)/);
    await expect(from).toHaveValue("2026-07-10");

    const filing = new FilingPage(page);
    await filing.goto(CORRECTION.rcptNo);
    await filing.related.getByRole("link", { name: /^the original filing of/ }).click();
    await expect(page).toHaveURL(new RegExp(`/filings/${CORRECTION.original}$`));
    await filing.related.getByRole("link", { name: /^the correction of/ }).click();
    await expect(page).toHaveURL(new RegExp(`/filings/${CORRECTION.rcptNo}$`));
  });
});

test.describe("phone 360×740", () => {
  test.use({ viewport: PHONE });

  test("the nav is one line, and a filing's price and Reveal are on the first screen at load; axe with best practices", async ({
    page,
  }) => {
    await page.goto("/");
    const links = page.getByRole("navigation", { name: "Main" }).getByRole("link");
    const tops = await links.evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
    expect(new Set(tops).size, "nav links on one line").toBe(1);
    const last = await links.last().boundingBox();
    expect(last!.x + last!.width, "the last nav link is on screen").toBeLessThanOrEqual(PHONE.width);
    await expectNoAxeViolations(page, "/ on a phone", { bestPractices: true });
    await shot(page, "feed-phone");

    const filing = new FilingPage(page);
    await filing.goto(FOR_SALE);
    for (const part of [filing.price, filing.revealButton]) {
      const box = await part.boundingBox();
      expect(box!.y + box!.height, "on the first screen").toBeLessThanOrEqual(PHONE.height);
    }
    await expectNoAxeViolations(page, "a filing for sale on a phone", { bestPractices: true });
    await shot(page, "filing-phone");
  });
});
