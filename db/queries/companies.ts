import { eq, or, sql } from "drizzle-orm";
import type { Db } from "../client";
import { companies } from "../schema";

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

export interface CompanyMatch extends Company {
  isExactMatch: boolean;
  score: number;
}

/** Trigram similarity below which a candidate is not a match. */
const MIN_SCORE = 0.3;
/** Word similarity of the query to part of an English name below which it is not a match. */
const MIN_WORD_SCORE = 0.4;
/** Text that can begin a ticker: the only text the ticker-prefix match is tried for. */
const TICKER_PREFIX = /^[0-9A-Z]{1,7}$/;

/**
 * Ranked fuzzy search over Korean name, English name and ticker. Exact matches (ticker,
 * Korean name, or English name ignoring case and corporate suffixes) come first, then the
 * closest by trigram similarity; substrings of a name count as close.
 *
 * One plain statement, no transaction: a search held in a transaction (to set pg_trgm's
 * thresholds and turn sequential scans off for it) left a pooled connection broken when
 * PostgreSQL went away mid-search, and the service did not recover (tests/api/faults.test.ts).
 * On the 2,800-row directory the planner reads the table through either way.
 */
export async function searchCompanies(db: Db, query: string, limit: number): Promise<CompanyMatch[]> {
  const q = query.trim();
  const upper = q.toUpperCase();
  const key = englishNameKey(q);
  const likeKr = `%${escapeLike(q)}%`;
  const likeEn = `%${escapeLike(key)}%`;
  const tickerPrefix = TICKER_PREFIX.test(upper) ? upper : undefined;

  const isExact = sql<boolean>`(${companies.ticker} = ${upper} or ${companies.nameKr} = ${q} or (${key} <> '' and ${companies.nameEnKey} = ${key}))`;
  // Substring hits score by how much of the name they cover, so "삼성전" ranks 삼성전자 above 삼성전기우.
  const score = sql<number>`greatest(
    similarity(${companies.nameKr}, ${q}),
    similarity(${companies.nameEnKey}, ${key}),
    word_similarity(${key}, ${companies.nameEnKey}),
    case when ${companies.nameKr} like ${likeKr} then 0.5 + 0.5 * char_length(${q})::float / char_length(${companies.nameKr}) else 0 end,
    case when ${key} <> '' and ${companies.nameEnKey} like ${likeEn} then 0.5 + 0.5 * char_length(${key})::float / greatest(char_length(${companies.nameEnKey}), 1) else 0 end,
    case when ${companies.ticker} like ${`${escapeLike(upper)}%`} then 0.6 else 0 end
  )`;

  // An exact name is a substring of itself and an exact ticker a prefix of itself: the LIKEs and
  // the ticker range find those too.
  const matches = [sql`${companies.nameKr} like ${likeKr}`, sql`similarity(${companies.nameKr}, ${q}) >= ${MIN_SCORE}`];
  if (key)
    matches.push(
      sql`${companies.nameEnKey} like ${likeEn}`,
      sql`similarity(${companies.nameEnKey}, ${key}) >= ${MIN_SCORE}`,
      sql`word_similarity(${key}, ${companies.nameEnKey}) >= ${MIN_WORD_SCORE}`,
    );
  // Tickers are 0-9A-Z, so those beginning with the prefix sort between it and it followed by Zs.
  if (tickerPrefix) matches.push(sql`${companies.ticker} between ${tickerPrefix} and ${tickerPrefix + "Z".repeat(7)}`);

  const rows = await db
    .select({ company: companies, isExactMatch: isExact, score })
    .from(companies)
    .where(or(...matches))
    .orderBy(
      sql`${isExact} desc`,
      sql`round(${score}::numeric, 2) desc`,
      sql`${companies.marketCap} desc nulls last`,
      companies.nameKr,
    )
    .limit(limit);

  return rows.map((r) => ({ ...r.company, isExactMatch: Boolean(r.isExactMatch), score: Number(r.score) }));
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
    const result = await db
      .insert(companies)
      .values(chunk)
      .onConflictDoUpdate({
        target: companies.ticker,
        set: {
          corpCode: sql`excluded.corp_code`,
          nameKr: sql`excluded.name_kr`,
          nameEn: sql`excluded.name_en`,
          nameEnSource: sql`excluded.name_en_source`,
          nameEnKey: sql`excluded.name_en_key`,
          market: sql`coalesce(excluded.market, ${companies.market})`,
          industry: sql`coalesce(excluded.industry, ${companies.industry})`,
          marketCap: sql`coalesce(excluded.market_cap, ${companies.marketCap})`,
          sectorTags: sql`case when cardinality(excluded.sector_tags) > 0 then excluded.sector_tags else ${companies.sectorTags} end`,
          modifyDate: sql`excluded.modify_date`,
          updatedAt: sql`now()`,
        },
        setWhere: sql`(${companies.corpCode}, ${companies.nameKr}, ${companies.nameEn}, ${companies.modifyDate}) is distinct from (excluded.corp_code, excluded.name_kr, excluded.name_en, excluded.modify_date)`,
      })
      .returning({ ticker: companies.ticker });
    written += result.length;
  }
  return written;
}
