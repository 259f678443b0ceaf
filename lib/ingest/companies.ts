/** The listed-company directory, refreshed from DART's corpCode.xml. */
import type { Db } from "@/db/client";
import { updateIngestState, upsertCompanies, type CompanyInput } from "@/db/queries";
import { marketForCorpCls, sectorTagsFor } from "@/lib/classify";
import { wallClock, type Clock } from "@/lib/clock";
import type { DartClient, DartCorpCodeEntry } from "@/lib/dart";
import { translateName } from "@/lib/names";
import { recordFailure } from "./job-state";

export type NameEnSource = "directory" | "company_json" | "translated";

export interface CompanySyncSummary {
  /** Listed companies in the directory. */
  listed: number;
  /** Rows inserted or changed. */
  written: number;
  nameSources: Record<NameEnSource, number>;
}

/**
 * company.json calls per sync. Only the few listed companies without an English name in the
 * directory are looked up; the cap keeps a directory gone wrong from spending the daily quota.
 */
const MAX_COMPANY_LOOKUPS = 200;

/**
 * Upserts every listed company of corpCode.xml. The English name comes from the directory,
 * else from company.json (which also tells the market), else from a romanisation of the
 * Korean name; a market or industry not learnt here keeps its stored value.
 */
export async function syncCompanies(db: Db, client: DartClient, clock: Clock = wallClock): Promise<CompanySyncSummary> {
  const now = clock.now();
  await updateIngestState(db, "companies", { lastAttemptAt: now });
  try {
    const entries = latestPerTicker(await client.corpCodes());
    const nameSources: Record<NameEnSource, number> = { directory: 0, company_json: 0, translated: 0 };
    const englishName = englishNameResolver(client);
    const rows: CompanyInput[] = [];
    for (const entry of entries) {
      const { nameEn, nameEnSource, market } = await englishName(entry);
      nameSources[nameEnSource] += 1;
      rows.push({
        ticker: entry.stockCode,
        corpCode: entry.corpCode,
        nameKr: entry.corpName,
        nameEn,
        nameEnSource,
        market,
        industry: null,
        sectorTags: sectorTagsFor(entry.stockCode),
        modifyDate: entry.modifyDate || null,
      });
    }
    const written = await upsertCompanies(db, rows);
    await updateIngestState(db, "companies", {
      lastSuccessAt: now,
      lastCycleRows: entries.length,
      errorCode: null,
      errorMessage: null,
      pausedUntil: null,
    });
    return { listed: entries.length, written, nameSources };
  } catch (err) {
    await recordFailure(db, "companies", err, now).catch(() => undefined);
    throw err;
  }
}

interface EnglishName {
  nameEn: string;
  nameEnSource: NameEnSource;
  /** Only company.json tells the market; null keeps the stored one. */
  market: string | null;
}

/** The English name of each entry: the directory's, else company.json's, else a translation of the Korean (lib/names). */
function englishNameResolver(client: DartClient): (entry: DartCorpCodeEntry) => Promise<EnglishName> {
  let lookupsLeft = MAX_COMPANY_LOOKUPS;
  return async (entry) => {
    if (entry.corpEngName) return { nameEn: entry.corpEngName, nameEnSource: "directory", market: null };
    let market: string | null = null;
    if (lookupsLeft > 0) {
      lookupsLeft -= 1;
      try {
        const company = await client.company(entry.corpCode);
        market = marketForCorpCls(company?.corpCls);
        if (company?.corpNameEng) return { nameEn: company.corpNameEng, nameEnSource: "company_json", market };
      } catch {
        // Whatever stopped this lookup (quota, maintenance) would stop the next: romanise the rest.
        lookupsLeft = 0;
      }
    }
    return { nameEn: translateName(entry.corpName, { legalForm: false }).english, nameEnSource: "translated", market };
  };
}

/** One entry per ticker (a reused code keeps its latest issuer), so one upsert never hits a row twice. */
function latestPerTicker(entries: DartCorpCodeEntry[]): DartCorpCodeEntry[] {
  const byTicker = new Map<string, DartCorpCodeEntry>();
  for (const e of entries) {
    const seen = byTicker.get(e.stockCode);
    if (!seen || e.modifyDate > seen.modifyDate) byTicker.set(e.stockCode, e);
  }
  return [...byTicker.values()];
}
