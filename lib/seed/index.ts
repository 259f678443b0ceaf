/**
 * The bundled snapshot: real listed-company directory and a real week of filings, loaded
 * on first start when the database is empty; and every real filing body the shared data
 * holds plus one DART structured record, with their filings, so summaries of those can be
 * bought offline (added on every start when missing, so an older database gets them too).
 * `npm run seed:build` regenerates the JSON.
 */
import type { Db } from "@/db";
import { countCompanies, countFilings, upsertCompanies, type CompanyInput } from "@/db/queries";
import { filingDocuments, filingStructured } from "@/db/schema";
import { sectorTagsFor } from "@/lib/classify";
import { endOfKstDay } from "@/lib/clock";
import type { DartListRow } from "@/lib/dart";
import { translateName } from "@/lib/names";
import { storeFilings } from "@/lib/filing-store";
import companiesJson from "./companies.json";
import documentsJson from "./documents.json";
import filingsJson from "./filings.json";
import structuredJson from "./structured.json";

interface SeedCompany {
  ticker: string;
  corpCode: string;
  nameKr: string;
  nameEn: string | null;
  market: string | null;
  industry: string | null;
  marketCap: number | null;
  modifyDate: string;
  /** Set when the English name is not the directory's: a renamed company's ("filing": its own web address, or "translated"). */
  nameEnSource?: "filing" | "translated";
}

export interface SeedFiling {
  rcptNo: string;
  rceptDt: string;
  corpCode: string;
  corpName: string;
  /** Null for an unlisted issuer (a bundled body's filing). */
  ticker: string | null;
  market: string;
  reportNm: string;
  flrNm: string | null;
  /** list.json's remark letters (유 exchange disclosure, 정 corrected, …), when the source kept them. */
  rm?: string;
}

/** The bundled real bodies, in the text form lib/dart's document reader produces. */
export const SEED_DOCUMENTS: readonly { rcptNo: string; text: string }[] = documentsJson;
/** The bundled DS005 structured records. */
export const SEED_STRUCTURED: readonly { rcptNo: string; api: string; fields: Record<string, string> }[] =
  structuredJson;

const CORP_CLS_BY_MARKET: Record<string, string> = { KOSPI: "Y", KOSDAQ: "K", "KOSDAQ GLOBAL": "K", KONEX: "N" };

export function seedCompanies(): CompanyInput[] {
  return (companiesJson as SeedCompany[]).map((c) => ({
    ticker: c.ticker,
    corpCode: c.corpCode,
    nameKr: c.nameKr,
    nameEn: c.nameEn ?? translateName(c.nameKr, { legalForm: false }).english,
    nameEnSource: c.nameEnSource ?? (c.nameEn ? "directory" : "translated"),
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
    stock_code: f.ticker ?? " ",
    corp_cls: CORP_CLS_BY_MARKET[f.market] ?? null,
    report_nm: f.reportNm,
    flr_nm: f.flrNm,
    rm: f.rm ?? null,
  }));
}

/**
 * Loads the snapshot into an empty database (a database that has data keeps it), then adds
 * the bundled bodies and structured records — and their filings — where they are missing.
 */
export async function seedIfEmpty(db: Db): Promise<{ companies: number; filings: number; sources: number }> {
  const loaded = { companies: 0, filings: 0, sources: 0 };
  if ((await countCompanies(db)) === 0) loaded.companies = await upsertCompanies(db, seedCompanies());
  const sourced = new Set([...SEED_DOCUMENTS, ...SEED_STRUCTURED].map((d) => d.rcptNo));
  const rows =
    (await countFilings(db)) === 0 ? seedFilingRows() : seedFilingRows().filter((r) => sourced.has(r.rcept_no));
  // The snapshot has receipt dates, not times: each filing is "first seen" at the end of its day.
  const byDay = new Map<string, DartListRow[]>();
  for (const row of rows) byDay.set(row.rcept_dt, [...(byDay.get(row.rcept_dt) ?? []), row]);
  for (const [day, dayRows] of byDay) loaded.filings += (await storeFilings(db, dayRows, endOfKstDay(day))).inserted;
  loaded.sources += (
    await db
      .insert(filingDocuments)
      .values(SEED_DOCUMENTS.map((d) => ({ rcptNo: d.rcptNo, status: "ok", text: d.text })))
      .onConflictDoNothing()
      .returning({ rcptNo: filingDocuments.rcptNo })
  ).length;
  loaded.sources += (
    await db
      .insert(filingStructured)
      .values(SEED_STRUCTURED.map((r) => ({ rcptNo: r.rcptNo, api: r.api, status: "ok", fields: r.fields })))
      .onConflictDoNothing()
      .returning({ rcptNo: filingStructured.rcptNo })
  ).length;
  return loaded;
}
