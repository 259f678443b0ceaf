/**
 * Derives lib/classify/data/sector-map.json (sector tag → tickers) from the shared KRX listing
 * (KSIC industry per company) and WICS sector membership, and prints its coverage of the
 * listing. The app never reads the shared data; it imports the committed JSON.
 *
 *   tsx scripts/build-sector-map.ts [--companies <dir>]
 *
 * <dir> defaults to ../shared/data/dart/companies beside the repository.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import {
  isKnownKsicIndustry,
  issuerTicker,
  SECTOR_TAGS,
  sectorTagForCompany,
  type SectorTag,
} from "@/lib/classify/industry-sectors";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const LISTING_FILE = "krx_listing_20260322.csv";
const WICS_FILE = "wics_sectors_2021.csv";
const OUTPUT = join(repoRoot, "lib/classify/data/sector-map.json");

/** RFC 4180 CSV (quoted fields, doubled quotes, CRLF) into records keyed by the header. */
function readCsv(path: string): Record<string, string>[] {
  const text = readFileSync(path, "utf8").replace(/^\uFEFF/, "");
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(field);
      field = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += ch;
  }
  if (field !== "" || row.length > 0) rows.push([...row, field]);
  const [header, ...records] = rows;
  return records
    .filter((record) => record.length === header.length)
    .map((record) => Object.fromEntries(header.map((name, i) => [name, record[i]])));
}

function percent(part: number, whole: number): string {
  return `${((100 * part) / whole).toFixed(1)}%`;
}

function main(): void {
  const { values } = parseArgs({ options: { companies: { type: "string" } } });
  const companiesDir = resolve(values.companies ?? join(repoRoot, "../shared/data/dart/companies"));

  const listing = readCsv(join(companiesDir, LISTING_FILE));
  const wicsByTicker = new Map(readCsv(join(companiesDir, WICS_FILE)).map((row) => [row.CMP_CD, row.SEC_CD]));

  const tagByTicker = new Map<string, SectorTag>();
  const unknownIndustries = new Map<string, number>();
  const preferredShares: string[] = [];
  for (const company of listing) {
    const industry = company.Industry.trim();
    // Preferred-share lines carry no industry: they take their issuer's tag below.
    if (industry === "" && issuerTicker(company.Code) !== company.Code) {
      preferredShares.push(company.Code);
      continue;
    }
    if (industry !== "" && !isKnownKsicIndustry(industry)) {
      unknownIndustries.set(industry, (unknownIndustries.get(industry) ?? 0) + 1);
    }
    const tag = sectorTagForCompany({
      ksicIndustryKo: industry,
      wicsSector: wicsByTicker.get(company.Code),
      nameKo: company.Name,
    });
    if (tag) tagByTicker.set(company.Code, tag);
  }
  for (const ticker of preferredShares) {
    const tag = tagByTicker.get(issuerTicker(ticker));
    if (tag) tagByTicker.set(ticker, tag);
  }

  const sectors = Object.fromEntries(
    SECTOR_TAGS.map(({ tag }) => [
      tag,
      [...tagByTicker]
        .filter(([, t]) => t === tag)
        .map(([ticker]) => ticker)
        .sort(),
    ]),
  );
  // One line per sector keeps the committed file small and its diffs readable.
  const body = Object.entries(sectors)
    .map(([tag, tickers]) => `    ${JSON.stringify(tag)}: ${JSON.stringify(tickers)}`)
    .join(",\n");
  writeFileSync(
    OUTPUT,
    `{\n  "builtFrom": ${JSON.stringify([LISTING_FILE, WICS_FILE])},\n  "sectors": {\n${body}\n  }\n}\n`,
  );

  const untagged = listing.filter((company) => !tagByTicker.has(company.Code));
  console.log(`Wrote ${OUTPUT}`);
  console.log(
    `Coverage of the KRX listing: ${tagByTicker.size}/${listing.length} tickers ` +
      `(${percent(tagByTicker.size, listing.length)}), ` +
      `of which ${preferredShares.length} preferred shares mapped like their issuer.`,
  );
  for (const { tag } of SECTOR_TAGS) console.log(`  ${String(sectors[tag].length).padStart(5)}  ${tag}`);
  if (unknownIndustries.size > 0) {
    console.log("KSIC industries not in the table (tagged by keyword or WICS):");
    for (const [industry, count] of unknownIndustries) console.log(`  ${count}  ${industry}`);
  }
  if (untagged.length > 0) {
    console.log("Untagged:");
    for (const company of untagged) console.log(`  ${company.Code} ${company.Name} [${company.Industry}]`);
  }
}

main();
