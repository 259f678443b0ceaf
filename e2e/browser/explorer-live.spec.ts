/**
 * Live mode: the production server polls the stand-in OpenDART server (real recorded rows,
 * DART's formats) every 5 s through the real ingest path, and an open feed page picks up a
 * new filing without a reload, marked new.
 */
import { FeedPage } from "./pages";
import type { DartListRow } from "../../lib/dart/types";
import { recordedFilingsByDay, startFakeDartServer, type FakeDartServer } from "../../dev/support/fake-dart-server";
import { startExplorerServer, type ExplorerServer } from "./support/explorer-server";
import { expect, test } from "./support/explorer-fixtures";

/** Today's KST date as DART writes it (YYYYMMDD). */
function kstToday(): string {
  return new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10).replaceAll("-", "");
}

/** Real recorded rows of listed companies, re-dated to today with fresh receipt numbers. */
function todaysRows(count: number, offset: number): DartListRow[] {
  const day = kstToday();
  return recordedFilingsByDay()
    ["20260716"].filter((r) => r.stock_code?.trim())
    .slice(offset, offset + count)
    .map((r, i) => ({ ...r, rcept_dt: day, rcept_no: `${day}99${String(offset + i).padStart(4, "0")}` }));
}

let dart: FakeDartServer;
let server: ExplorerServer;

test.describe.configure({ timeout: 240_000 });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  dart = await startFakeDartServer({ filingsByDay: { [kstToday()]: todaysRows(3, 0) } });
  server = await startExplorerServer({
    DART_API_KEY: dart.apiKey,
    DART_API_BASE_URL: dart.baseUrl,
    DART_POLL_INTERVAL_SECONDS: "5",
  });
});

test.afterAll(async () => {
  await server?.stop();
  await dart?.close();
});

test("the live feed shows polled filings and picks up a new one without a reload", async ({ page }) => {
  const feed = new FeedPage(page, server.baseURL);
  const [first] = todaysRows(1, 0);
  await expect(async () => {
    await feed.goto();
    await expect(feed.filings.row(first.rcept_no)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 90_000 });
  await expect(feed.dataNote).toContainText("Live");
  await expect(feed.dataNote).toContainText("last updated");
  await expect(feed.dataNote).toContainText("KST");

  // Marks this document: a reload or navigation would lose it.
  await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
  const [arriving] = todaysRows(1, 10);
  dart.addFilings(kstToday(), [arriving]);

  const row = feed.filings.row(arriving.rcept_no);
  await expect(row).toBeVisible({ timeout: 90_000 });
  await expect(row).toHaveAttribute("data-new", "true");
  await expect(row.getByText("New", { exact: true })).toBeVisible();
  // Live, the ingest knows when it first saw a filing: the time of day in KST, and how long ago.
  await expect(row.locator("time")).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} KST$/);
  await expect(row).toContainText(/just now|\d+ min ago/);
  // With a DART key a filing's summary can be bought (DART is asked for its body first).
  await expect(feed.filings.summaryMark(row)).toHaveText("English summary · 0.005 USDC");
  await expect(feed.filings.rows.first()).toHaveAttribute("data-rcpt-no", arriving.rcept_no);
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
});
