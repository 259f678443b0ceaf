/**
 * Derives tests/fixtures/filings/filing-titles.json from the shared real filing data: every
 * listed-company filing row's title exactly as DART sent it (padding included), with the
 * number of rows carrying it, and the distinct titles of the unlisted issuers' rows of the two
 * daily lists (funds, securitisation vehicles: they must get English titles too). The coverage
 * script, the benchmark and the tests read this committed fixture, never the shared data.
 *
 *   tsx scripts/build-classify-fixture.ts [--filings <dir>]
 *
 * <dir> defaults to ../shared/data/dart/filings beside the repository. Sources:
 * - listed_rows_20260709_20260716.json: a week of listed-company filings;
 * - major_events_20260506_20260821.json: major-event filings of listed companies;
 * - list_rows_20260922_first54.json: raw list.json rows (those with a stock_code);
 * - list_json_20200103_20220103/list_*.json: the two full daily lists of
 *   dart_daily_list_20200103.csv and dart_daily_list_20220103.csv in list.json form, whose
 *   stock_code tells the rows of companies listed at the time.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const OUTPUT = join(repoRoot, "tests/fixtures/filings/filing-titles.json");
const DAILY_LIST_DIR = "list_json_20200103_20220103";

interface ListJsonRow {
  report_nm: string;
  stock_code: string;
}

function readJson<T>(path: string): T {
  return JSON.parse(readFileSync(path, "utf8")) as T;
}

function isListed(stockCode: string | undefined): boolean {
  return (stockCode ?? "").trim() !== "";
}

function readDailyLists(filingsDir: string): ListJsonRow[] {
  return readdirSync(join(filingsDir, DAILY_LIST_DIR))
    .filter((name) => /^list_\d{8}_page\d+\.json$/.test(name))
    .sort()
    .flatMap((name) => readJson<{ list: ListJsonRow[] }>(join(filingsDir, DAILY_LIST_DIR, name)).list);
}

/** Listed-company titles per source file, as DART sent them. */
function listedTitles(filingsDir: string, daily: readonly ListJsonRow[]): Record<string, string[]> {
  const week = readJson<ListJsonRow[]>(join(filingsDir, "listed_rows_20260709_20260716.json"));
  const majorEvents = readJson<{ title: string; stock: string }[]>(
    join(filingsDir, "major_events_20260506_20260821.json"),
  );
  const first54 = readJson<{ filings: ListJsonRow[] }>(join(filingsDir, "list_rows_20260922_first54.json"));

  return {
    "listed_rows_20260709_20260716.json": week.filter((row) => isListed(row.stock_code)).map((row) => row.report_nm),
    "major_events_20260506_20260821.json": majorEvents.filter((row) => isListed(row.stock)).map((row) => row.title),
    "list_rows_20260922_first54.json": first54.filings
      .filter((row) => isListed(row.stock_code))
      .map((row) => row.report_nm),
    "dart_daily_list_20200103.csv + dart_daily_list_20220103.csv (via list_json pages)": daily
      .filter((row) => isListed(row.stock_code))
      .map((row) => row.report_nm),
  };
}

function main(): void {
  const { values } = parseArgs({ options: { filings: { type: "string" } } });
  const filingsDir = resolve(values.filings ?? join(repoRoot, "../shared/data/dart/filings"));

  const daily = readDailyLists(filingsDir);
  const bySource = listedTitles(filingsDir, daily);
  const unlistedTitles = [
    ...new Set(daily.filter((row) => !isListed(row.stock_code)).map((row) => row.report_nm)),
  ].sort();
  const counts = new Map<string, number>();
  for (const titles of Object.values(bySource)) {
    for (const title of titles) counts.set(title, (counts.get(title) ?? 0) + 1);
  }
  const titles = [...counts]
    .sort(([a, countA], [b, countB]) => countB - countA || (a < b ? -1 : a > b ? 1 : 0))
    .map(([reportNm, count]) => ({ reportNm, count }));

  const rowsBySource = Object.fromEntries(Object.entries(bySource).map(([source, rows]) => [source, rows.length]));
  const fixture = {
    description:
      "Titles (report_nm exactly as DART sent them) of real listed-company filing rows, with row counts, and the distinct titles of unlisted issuers' rows. Built by scripts/build-classify-fixture.ts.",
    rowsBySource,
    titles,
    unlistedTitles,
  };
  writeFileSync(OUTPUT, `${JSON.stringify(fixture, null, 1)}\n`);

  const total = titles.reduce((sum, { count }) => sum + count, 0);
  console.log(
    `Wrote ${OUTPUT}: ${titles.length} distinct titles over ${total} listed rows, ` +
      `${unlistedTitles.length} unlisted titles`,
  );
  for (const [source, rows] of Object.entries(rowsBySource)) console.log(`  ${String(rows).padStart(5)}  ${source}`);
}

main();
