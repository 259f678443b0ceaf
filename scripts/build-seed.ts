/**
 * Derives the bundled seed (db/seed/*.json) from the real DART/KRX data in ../shared/data.
 * Run once when that data changes: `npm run seed:build`. The app never reads ../shared.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { XMLParser } from "fast-xml-parser";
import { parse as parseCsvText } from "csv-parse/sync";

const SHARED = path.resolve(process.argv[2] ?? "../shared/data/dart");
const OUT = path.resolve("db/seed");
const WEEK = { from: "20260709", to: "20260716" };

interface CorpCodeEntry {
  corp_code: string;
  corp_name: string;
  corp_eng_name: string;
  stock_code: string;
  modify_date: string;
}

const read = (rel: string) => readFileSync(path.join(SHARED, rel), "utf8").replace(/^\uFEFF/, "");

const directory = (
  new XMLParser({ parseTagValue: false, trimValues: true }).parse(read("companies/CORPCODE_listed_20260630.xml")) as {
    result: { list: CorpCodeEntry[] };
  }
).result.list.filter((e) => e.stock_code?.trim());

const krx = new Map(parseCsv(read("companies/krx_listing_20260322.csv")).map((r) => [r.Code, r]));
const marketCaps = new Map(
  parseCsv(read("companies/listed_companies_joined_20260322.csv")).map((r) => [r.stock_code, Number(r.marcap_krw) || null]),
);
const delisted = new Set(parseCsv(read("companies/krx_delisted_20260322.csv")).map((r) => r.Symbol));

interface WeekRow {
  rcept_no: string;
  rcept_dt: string;
  corp_name: string;
  stock_code: string;
  corp_code: string;
  market: string;
  report_nm: string;
}
interface MajorEvent {
  corp: string;
  stock: string;
  market: string;
  title: string;
  date: string;
  rcept_no: string;
  flr: string;
}
const weekRows = JSON.parse(read("filings/listed_rows_20260709_20260716.json")) as WeekRow[];
const majorEvents = (JSON.parse(read("filings/major_events_20260506_20260821.json")) as MajorEvent[]).filter(
  (e) => e.date >= WEEK.from && e.date <= WEEK.to,
);
const filingMarket = new Map(weekRows.map((r) => [r.stock_code, r.market]));

// Listed now: on the KRX list, or (listed after that list was taken) not on the delisted list.
const companies = directory
  .filter((e) => krx.has(e.stock_code) || !delisted.has(e.stock_code))
  .map((e) => {
    const listing = krx.get(e.stock_code);
    return {
      ticker: e.stock_code,
      corpCode: e.corp_code,
      nameKr: e.corp_name,
      nameEn: e.corp_eng_name || null,
      market: listing?.Market ?? filingMarket.get(e.stock_code) ?? null,
      industry: listing?.Industry || null,
      marketCap: marketCaps.get(e.stock_code) ?? null,
      modifyDate: e.modify_date,
    };
  })
  .sort((a, b) => a.ticker.localeCompare(b.ticker));

const flrByRcpt = new Map(majorEvents.map((e) => [e.rcept_no, e.flr]));
const filings = [
  ...weekRows.map((r) => ({
    rcptNo: r.rcept_no,
    rceptDt: r.rcept_dt,
    corpCode: r.corp_code,
    corpName: r.corp_name,
    ticker: r.stock_code,
    market: r.market,
    reportNm: r.report_nm,
    flrNm: flrByRcpt.get(r.rcept_no) ?? null,
  })),
  ...majorEvents
    .filter((e) => !weekRows.some((r) => r.rcept_no === e.rcept_no))
    .map((e) => ({
      rcptNo: e.rcept_no,
      rceptDt: e.date,
      corpCode: directory.find((d) => d.stock_code === e.stock)?.corp_code ?? "",
      corpName: e.corp,
      ticker: e.stock,
      market: e.market,
      reportNm: e.title,
      flrNm: e.flr,
    })),
].sort((a, b) => a.rcptNo.localeCompare(b.rcptNo));

const asOf = filings.reduce((max, f) => (f.rceptDt > max ? f.rceptDt : max), "");
const manifest = {
  description: "Real DART filings of KRX-listed companies and the listed-company directory, bundled as a snapshot.",
  asOf: `${asOf.slice(0, 4)}-${asOf.slice(4, 6)}-${asOf.slice(6, 8)}`,
  filingsFrom: `${WEEK.from.slice(0, 4)}-${WEEK.from.slice(4, 6)}-${WEEK.from.slice(6, 8)}`,
  sources: [
    "companies/CORPCODE_listed_20260630.xml (DART corpCode.xml extract)",
    "companies/krx_listing_20260322.csv (KRX listing: market, industry)",
    "filings/listed_rows_20260709_20260716.json",
    "filings/major_events_20260506_20260821.json (same days)",
  ],
  counts: { companies: companies.length, filings: filings.length },
};

writeFileSync(path.join(OUT, "companies.json"), JSON.stringify(companies) + "\n");
writeFileSync(path.join(OUT, "filings.json"), JSON.stringify(filings, null, 0) + "\n");
writeFileSync(path.join(OUT, "manifest.json"), JSON.stringify(manifest, null, 2) + "\n");
console.log(`seed: ${companies.length} companies, ${filings.length} filings, as of ${manifest.asOf}`);

function parseCsv(text: string): Record<string, string>[] {
  return parseCsvText(text, { columns: true, skip_empty_lines: true }) as Record<string, string>[];
}
