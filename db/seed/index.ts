/**
 * The bundled snapshot: real listed-company directory and a real week of filings, loaded
 * on first start when the database is empty. `npm run seed:build` regenerates the JSON.
 */
import { sectorTagsFor } from "@/lib/classify";
import { romanizeKorean } from "@/lib/romanize";
import { storeFilings, type DartListRow } from "@/lib/ingest/store";
import { endOfKstDay } from "@/lib/clock";
import type { Db } from "../client";
import { countCompanies, countFilings, upsertCompanies, type CompanyInput } from "../queries";
import companiesJson from "./companies.json";
import filingsJson from "./filings.json";

interface SeedCompany {
  ticker: string;
  corpCode: string;
  nameKr: string;
  nameEn: string | null;
  market: string | null;
  industry: string | null;
  marketCap: number | null;
  modifyDate: string;
}

interface SeedFiling {
  rcptNo: string;
  rceptDt: string;
  corpCode: string;
  corpName: string;
  ticker: string;
  market: string;
  reportNm: string;
  flrNm: string | null;
}

const CORP_CLS_BY_MARKET: Record<string, string> = { KOSPI: "Y", KOSDAQ: "K", "KOSDAQ GLOBAL": "K", KONEX: "N" };

export function seedCompanies(): CompanyInput[] {
  return (companiesJson as SeedCompany[]).map((c) => ({
    ticker: c.ticker,
    corpCode: c.corpCode,
    nameKr: c.nameKr,
    nameEn: c.nameEn ?? romanizeKorean(c.nameKr),
    nameEnSource: c.nameEn ? "directory" : "romanized",
    market: c.market,
    industry: c.industry,
    marketCap: c.marketCap,
    sectorTags: sectorTagsFor(c.ticker),
    modifyDate: c.modifyDate,
  }));
}

export function seedFilingRows(): DartListRow[] {
  return (filingsJson as SeedFiling[]).map((f) => ({
    rcept_no: f.rcptNo,
    rcept_dt: f.rceptDt,
    corp_code: f.corpCode,
    corp_name: f.corpName,
    stock_code: f.ticker,
    corp_cls: CORP_CLS_BY_MARKET[f.market] ?? null,
    report_nm: f.reportNm,
    flr_nm: f.flrNm,
  }));
}

/** Loads the snapshot into an empty database; a database that has data is left alone. */
export async function seedIfEmpty(db: Db): Promise<{ companies: number; filings: number }> {
  const loaded = { companies: 0, filings: 0 };
  if ((await countCompanies(db)) === 0) loaded.companies = await upsertCompanies(db, seedCompanies());
  if ((await countFilings(db)) === 0) {
    // The snapshot has receipt dates, not times: each filing is "first seen" at the end of its day.
    const byDay = new Map<string, DartListRow[]>();
    for (const row of seedFilingRows()) byDay.set(row.rcept_dt, [...(byDay.get(row.rcept_dt) ?? []), row]);
    for (const [day, rows] of byDay) loaded.filings += (await storeFilings(db, rows, endOfKstDay(day))).inserted;
  }
  return loaded;
}
