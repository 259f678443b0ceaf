import { eq, sql } from "drizzle-orm";
import type { Db } from "../client";
import { companies } from "../schema";
import { excluded, excludedColumns } from "./upsert";

export type Company = typeof companies.$inferSelect;
export type CompanyInput = Omit<typeof companies.$inferInsert, "nameEnKey" | "updatedAt">;

const CORPORATE_SUFFIXES =
  /\b(co\.?,?\s*ltd|company\s+limited|co\.?\s*limited|corporation|corp|incorporated|inc|limited|ltd|holdings?\s+co|co|plc|l\.?t\.?d)\b\.?/g;

/** The exact-match key of an English name: lower case, no corporate suffix, no punctuation. */
export function englishNameKey(name: string): string {
  return name
    .toLowerCase()
    .replace(CORPORATE_SUFFIXES, " ")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()
    .replace(/\s+/g, " ");
}

export async function getCompany(db: Db, ticker: string): Promise<Company | undefined> {
  const [row] = await db.select().from(companies).where(eq(companies.ticker, ticker)).limit(1);
  return row;
}

/** The listed company registered under this Korean name, if any (a filer that is itself listed). */
export async function getCompanyByKoreanName(db: Db, nameKr: string): Promise<Company | undefined> {
  const [row] = await db.select().from(companies).where(eq(companies.nameKr, nameKr)).limit(1);
  return row;
}

export async function countCompanies(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(companies);
  return row?.n ?? 0;
}

/**
 * What changes whenever the directory does: every write sets `updated_at`, and a removed row
 * changes the count. Compared before the directory is read again (lib/directory).
 */
export async function directoryVersion(db: Db): Promise<string> {
  const [row] = await db
    .select({ rows: sql<number>`count(*)::int`, latest: sql<string | null>`max(${companies.updatedAt})::text` })
    .from(companies);
  return `${row?.rows ?? 0}@${row?.latest ?? ""}`;
}

/** Every listed company (a few thousand rows): what company search holds in memory (lib/directory). */
export async function listCompanies(db: Db): Promise<Company[]> {
  return db.select().from(companies);
}

/** Escapes LIKE's wildcards so user text matches literally. */
export function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Inserts or refreshes directory rows; returns how many rows were written. */
export async function upsertCompanies(db: Db, rows: CompanyInput[]): Promise<number> {
  let written = 0;
  for (let i = 0; i < rows.length; i += 1000) {
    const chunk = rows.slice(i, i + 1000).map((r) => ({ ...r, nameEnKey: englishNameKey(r.nameEn) }));
    const set = {
      ...excludedColumns(companies, ["corpCode", "nameKr", "nameEn", "nameEnSource", "nameEnKey", "modifyDate"]),
      market: sql`coalesce(${excluded(companies.market)}, ${companies.market})`,
      industry: sql`coalesce(${excluded(companies.industry)}, ${companies.industry})`,
      marketCap: sql`coalesce(${excluded(companies.marketCap)}, ${companies.marketCap})`,
      sectorTags: sql`case when cardinality(${excluded(companies.sectorTags)}) > 0 then ${excluded(companies.sectorTags)} else ${companies.sectorTags} end`,
      updatedAt: sql`now()`,
    };
    const result = await db
      .insert(companies)
      .values(chunk)
      .onConflictDoUpdate({
        target: companies.ticker,
        set,
        setWhere: sql`(${companies.corpCode}, ${companies.nameKr}, ${companies.nameEn}, ${companies.modifyDate}) is distinct from (${set.corpCode}, ${set.nameKr}, ${set.nameEn}, ${set.modifyDate})`,
      })
      .returning({ ticker: companies.ticker });
    written += result.length;
  }
  return written;
}
