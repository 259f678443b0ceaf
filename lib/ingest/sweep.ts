/** Fetching one list.json window page by page and storing each page as it arrives. */
import type { Db } from "@/db/client";
import type { DartClient } from "@/lib/dart";
import { storeFilings } from "@/lib/filing-store";

/** A window of KST receipt dates (YYYY-MM-DD, inclusive). */
export interface DayWindow {
  from: string;
  to: string;
}

/**
 * full: every page. incremental: newest first, stopping at the first page that brings no new
 * filing (the pages after it were stored by an earlier sweep).
 */
export type SweepMode = "full" | "incremental";

export interface IngestTotals {
  /** Rows received from DART. */
  fetched: number;
  inserted: number;
  updated: number;
  unchanged: number;
  pages: number;
}

export function emptyTotals(): IngestTotals {
  return { fetched: 0, inserted: 0, updated: 0, unchanged: 0, pages: 0 };
}

/**
 * Stores every page through the one write path (storeFilings, idempotent on rcept_no). A page
 * that fails throws after the pages before it are committed; repeating the sweep is harmless.
 */
export async function sweepWindow(
  db: Db,
  client: DartClient,
  window: DayWindow,
  mode: SweepMode,
  seenAt: Date,
  totals: IngestTotals,
): Promise<void> {
  for await (const page of client.listFilings({ bgnDe: compactDate(window.from), endDe: compactDate(window.to) })) {
    const counts = await storeFilings(db, page.rows, seenAt);
    totals.pages += 1;
    totals.fetched += page.rows.length;
    totals.inserted += counts.inserted;
    totals.updated += counts.updated;
    totals.unchanged += counts.unchanged;
    if (mode === "incremental" && counts.inserted === 0) return;
  }
}

/** YYYY-MM-DD → YYYYMMDD, the form list.json takes. */
function compactDate(day: string): string {
  return day.replaceAll("-", "");
}
