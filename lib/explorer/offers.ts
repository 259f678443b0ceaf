import type { Db } from "@/db";
import { filingsWithStoredSources } from "@/db/queries";
import { readThroughCache } from "@/lib/disclosures";
import { env } from "@/lib/env";
import { summaryAvailability } from "@/lib/summaries";

/**
 * Which filings of a list offer an English summary for sale, from the database alone (one
 * query for the whole list, never one per row): the summary, or what it is grounded in, is
 * stored, or — with a DART key — the body was never asked for and a paid request asks first
 * (the filing page explains that case). Never the summary itself.
 */
export async function summaryOffers(db: Db, rcptNos: readonly string[]): Promise<ReadonlySet<string>> {
  if (!rcptNos.length) return new Set();
  const answers = await summaryAvailability(db, rcptNos);
  return new Set(answers.filter((a) => a.availability !== "unavailable").map((a) => a.rcptNo));
}

/** Whether a paid request may still fetch a filing's sources from DART (a key is configured). */
export function fetchesFromDart(): boolean {
  return Boolean(env().DART_API_KEY);
}

/** The stored bodies checked for key facts at most: the newest ones, as the feed's window is recent. */
const STORED_CHECKED = 500;
const unsellableCache = readThroughCache<{ rcptNos: string[] }>(30_000, 1);

/**
 * Filings with a stored body that states none of its type's key facts (not sold: no_facts).
 * SQL cannot tell them from sellable ones, so the "has summary" view leaves them out by name.
 */
export async function storedButUnsellable(db: Db): Promise<string[]> {
  const { rcptNos } = await unsellableCache(db, "unsellable", async () => {
    const stored = (await filingsWithStoredSources(db, STORED_CHECKED)).map((v) => v.filing.rcptNo);
    const sellable = await summaryOffers(db, stored);
    return { rcptNos: stored.filter((r) => !sellable.has(r)) };
  });
  return rcptNos;
}
