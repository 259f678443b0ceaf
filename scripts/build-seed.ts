/**
 * Derives the bundled seed (lib/seed/*.json) from the real DART/KRX data in ../shared/data.
 * Run once when that data changes: `npm run seed:build`. The app never reads ../shared.
 *
 * Beside the week of filings, the seed bundles every real filing body the shared data holds
 * (with its filing) and the DS005 structured record of 20260910000549, so that summaries of
 * those filings can be bought on a default install:
 * the bodies in the text form lib/dart produces, from tests/fixtures/documents, which derive.ts
 * makes from the same shared files (one conversion, so the tests check exactly what the seed
 * sells): the rendered bodies and the raw document.xml bodies of documents/corpus, these with
 * their real list.json rows (index.jsonl, whose remark letters are kept here).
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { XMLParser } from "fast-xml-parser";
import { parse as parseCsvText } from "csv-parse/sync";
import { SNAPSHOT_AS_OF } from "@/lib/clock";
import type { SeedFiling } from "@/lib/seed";
import { nameFromWebAddress, translateName } from "@/lib/names";
import { learnLexicon } from "@/lib/names/lexicon";

const SHARED = path.resolve(process.argv[2] ?? "../shared/data/dart");
const OUT = path.resolve("lib/seed");
const DOCUMENTS = path.resolve("tests/fixtures/documents");
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
  parseCsv(read("companies/listed_companies_joined_20260322.csv")).map((r) => [
    r.stock_code,
    Number(r.marcap_krw) || null,
  ]),
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
const filings: SeedFiling[] = [
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

// The snapshot's clock ends with its week: filings bundled for their bodies may be dated later.
const asOf = filings.reduce((max, f) => (f.rceptDt > max ? f.rceptDt : max), "");
if (asOf !== SNAPSHOT_AS_OF.replaceAll("-", "")) {
  throw new Error(
    `the seed ends on ${asOf}, the service clock's pin on ${SNAPSHOT_AS_OF}: set SNAPSHOT_AS_OF in lib/clock.ts`,
  );
}

interface DocumentFiling {
  rcptNo: string;
  rceptDt: string;
  corpCode: string;
  corpName: string;
  ticker: string | null;
  reportNm: string;
  flrNm: string;
  rm?: string;
}
const byTicker = new Map(companies.map((c) => [c.ticker, c]));
/**
 * A company the list rows tie to one Korean name: a body's own header names its filer but
 * not its code, and the week's rows (DART's list.json) give the code and ticker for that name.
 */
const listedByName = new Map<string, { corpCode: string; ticker: string }[]>();
for (const r of weekRows) {
  const known = listedByName.get(r.corp_name) ?? [];
  if (!known.some((k) => k.corpCode === r.corp_code)) known.push({ corpCode: r.corp_code, ticker: r.stock_code });
  listedByName.set(r.corp_name, known);
}
function withCompany(f: DocumentFiling): DocumentFiling {
  if (f.corpCode) return f;
  const known = listedByName.get(f.corpName);
  return known?.length === 1 ? { ...f, ...known[0] } : f;
}
/**
 * The metadata of the bodies in tests/fixtures/documents (filings.json): as the rendered bodies'
 * own headers state it, and the corpus bodies' real list.json rows.
 */
const renderedFilings = (
  JSON.parse(readFileSync(path.join(DOCUMENTS, "filings.json"), "utf8")) as DocumentFiling[]
).map(withCompany);
const documents = renderedFilings.map((f) => ({
  rcptNo: f.rcptNo,
  text: readFileSync(path.join(DOCUMENTS, `${f.rcptNo}.txt`), "utf8"),
}));

/** The real list.json rows of documents/corpus (index.jsonl): the remark letters the fixtures leave out. */
const remarks = new Map(
  read("documents/corpus/index.jsonl")
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as { rcept_no: string; rm: string })
    .map((row) => [row.rcept_no, row.rm]),
);
const corpusBodies = documents.filter((d) => remarks.has(d.rcptNo));
const corpusBytes = corpusBodies.reduce((sum, d) => sum + Buffer.byteLength(JSON.stringify(d)), 0);
const documentFilings = renderedFilings.map((f) => (remarks.get(f.rcptNo) ? { ...f, rm: remarks.get(f.rcptNo) } : f));

/** DART's cvbdIsDecsn.json answer for a convertible-bond decision: its record, and the filing it describes. */
const cbDecision = (
  JSON.parse(read("documents/20260910000549_cb_issue_decision.DS005_cvbdIsDecsn.json")) as {
    list: Record<string, string>[];
  }
).list[0];
const cbCompany = companies.find((c) => c.corpCode === cbDecision.corp_code);
const structured = [{ rcptNo: cbDecision.rcept_no, api: "cvbdIsDecsn", fields: cbDecision }];
const structuredFilings: DocumentFiling[] = [
  {
    rcptNo: cbDecision.rcept_no,
    rceptDt: cbDecision.rcept_no.slice(0, 8),
    corpCode: cbDecision.corp_code,
    corpName: cbDecision.corp_name,
    ticker: cbCompany?.ticker ?? null,
    // The title DART gives a filing the cvbdIsDecsn API describes: 주요사항보고서(<the API's event>).
    reportNm: "주요사항보고서(전환사채권발행결정)",
    flrNm: cbDecision.corp_name,
  },
];

const bundledFilings = [...documentFilings, ...structuredFilings]
  .filter((f) => !filings.some((w) => w.rcptNo === f.rcptNo))
  .map((f) => ({
    rcptNo: f.rcptNo,
    rceptDt: f.rceptDt,
    corpCode: f.corpCode,
    corpName: f.corpName,
    ticker: f.ticker,
    market: (f.ticker && byTicker.get(f.ticker)?.market) || "",
    reportNm: f.reportNm,
    flrNm: f.flrNm,
    ...(f.rm ? { rm: f.rm } : {}),
  }));
filings.push(...bundledFilings);
filings.sort((a, b) => a.rcptNo.localeCompare(b.rcptNo));

/**
 * Companies renamed after the directory was taken: their filings since carry the new Korean
 * name (아틀라스링크, filed as 알로이스 "ALOYS Inc." in the directory). The company takes the
 * name of its newest filing, and an English name for it: the one its own filings spell in their
 * web address, else the translation of the new Korean name — one name for its rows, pages,
 * summaries and search.
 */
const renamed: string[] = [];
for (const company of companies) {
  const newest = filings
    .filter((f) => f.corpCode === company.corpCode && f.rceptDt > company.modifyDate)
    .sort((a, b) => b.rcptNo.localeCompare(a.rcptNo))[0];
  if (!newest || newest.corpName.trim() === company.nameKr) continue;
  const newName = newest.corpName.trim();
  const ownBodies = documents.filter((d) =>
    filings.some((f) => f.rcptNo === d.rcptNo && f.corpCode === company.corpCode),
  );
  const spelled = ownBodies.map((d) => nameFromWebAddress(newName, d.text)).find(Boolean);
  renamed.push(`${company.nameKr} → ${newName}`);
  Object.assign(company, {
    nameKr: newName,
    nameEn: spelled ?? translateName(newName, { legalForm: false }).english,
    nameEnSource: spelled ? "filing" : "translated",
  });
}
const manifest = {
  description: "Real DART filings of KRX-listed companies and the listed-company directory, bundled as a snapshot.",
  asOf: `${asOf.slice(0, 4)}-${asOf.slice(4, 6)}-${asOf.slice(6, 8)}`,
  filingsFrom: `${WEEK.from.slice(0, 4)}-${WEEK.from.slice(4, 6)}-${WEEK.from.slice(6, 8)}`,
  // The earliest bundled body's receipt day: the filings for sale reach back to it.
  bodiesFrom: ((d) => `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}`)(
    documents.reduce((min, d) => (d.rcptNo < min ? d.rcptNo : min), documents[0].rcptNo),
  ),
  sources: [
    "companies/CORPCODE_listed_20260630.xml (DART corpCode.xml extract)",
    "companies/krx_listing_20260322.csv (KRX listing: market, industry)",
    "filings/listed_rows_20260709_20260716.json",
    "filings/major_events_20260506_20260821.json (same days)",
    "documents/* and documents/corpus/*: every real filing body (as tests/fixtures/documents derives it), with its filing (its company from the week's rows when its header names none; the corpus's remark letters from index.jsonl)",
    "companies renamed since the directory take their newest filing's Korean name, and the English name their filings spell in their web address (else a translation)",
    "documents/20260910000549_cb_issue_decision.DS005_cvbdIsDecsn.json (DART's structured record; its filing's title follows from the API)",
  ],
  counts: {
    companies: companies.length,
    filings: filings.length,
    documents: documents.length,
    corpusDocuments: corpusBodies.length,
    structured: structured.length,
  },
  clock:
    "The service clock is pinned to the end of asOf (KST). Filings bundled for their bodies that are dated later are reachable by receipt number, on their company's page and in the summaries-available-offline list, never in the recent feed or by-ticker (which end at the clock's now).",
};

// The loanwords the directory's own Korean and English names teach (lib/names).
const lexicon = learnLexicon(companies.flatMap((c) => (c.nameEn ? [{ nameKr: c.nameKr, nameEn: c.nameEn }] : [])));
const lines = (rows: readonly unknown[]) => rows.map((row) => JSON.stringify(row)).join(",\n");
writeFileSync(
  path.resolve("lib/names/lexicon.json"),
  `{\n"pieces": [\n${lines(lexicon.pieces)}\n],\n"words": [\n${lines(lexicon.words)}\n]\n}\n`,
);

writeFileSync(path.join(OUT, "companies.json"), JSON.stringify(companies) + "\n");
writeFileSync(path.join(OUT, "filings.json"), JSON.stringify(filings, null, 0) + "\n");
writeFileSync(path.join(OUT, "documents.json"), JSON.stringify(documents) + "\n");
writeFileSync(path.join(OUT, "structured.json"), JSON.stringify(structured, null, 1) + "\n");
writeFileSync(path.join(OUT, "manifest.json"), JSON.stringify(manifest, null, 2) + "\n");
console.log(
  `seed: renamed ${renamed.join(", ") || "none"}; ${lexicon.pieces.length} name pieces and ${lexicon.words.length} English words learned; ${companies.length} companies, ${filings.length} filings (${bundledFilings.length} bundled for their bodies), ${documents.length} bodies (${corpusBodies.length} from the corpus, ${corpusBytes} bytes), ${structured.length} structured record(s), as of ${manifest.asOf}`,
);

function parseCsv(text: string): Record<string, string>[] {
  return parseCsvText(text, { columns: true, skip_empty_lines: true }) as Record<string, string>[];
}
