/**
 * The explorer's search page (/filings), its Atom feed (/feeds/filings.atom) and company history:
 * the same read side and the same URL parameters as GET /v1/filings.
 */
import type { Db } from "@/db";
import { encodeFilingsCursor, filingsQuery, type FilingsQuery } from "@/lib/interface/schemas";
import type { Clock } from "@/lib/clock";
import { filingHistoryPage } from "@/lib/disclosures";
import { toExplorerFilings, type ExplorerFiling } from "./feed";

/** The parameters /v1/filings reads more than once when repeated. */
export const REPEATABLE_SEARCH_PARAMS = ["eventType", "market"] as const;

export type RawSearchParams = Record<string, string | string[] | undefined>;

/** A page's search parameters as /v1/filings would read them: a valid query, or the reasons it is not. */
export function parseSearchParams(
  raw: RawSearchParams,
): { ok: true; query: FilingsQuery } | { ok: false; problems: string[] } {
  const input = Object.fromEntries(
    Object.entries(raw).flatMap(([k, v]) => {
      if (v === undefined) return [];
      const repeatable = (REPEATABLE_SEARCH_PARAMS as readonly string[]).includes(k);
      // A form sends empty fields for "any": absent, as the API has them.
      const values = (Array.isArray(v) ? v : [v]).filter((x) => x.trim() !== "");
      if (values.length === 0) return [];
      return [[k, repeatable ? values : values.at(-1)]];
    }),
  );
  const parsed = filingsQuery.safeParse(input);
  return parsed.success
    ? { ok: true, query: parsed.data }
    : { ok: false, problems: parsed.error.issues.map((i) => `${i.path.join(".") || "query"}: ${i.message}`) };
}

/** The URL parameters of `raw` (empty ones left out), with `cursor` replaced: for next-page and feed links. */
export function searchParamsWith(raw: RawSearchParams, cursor?: string | null): URLSearchParams {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(raw)) {
    if (k === "cursor" || v === undefined) continue;
    for (const value of Array.isArray(v) ? v : [v]) if (value.trim() !== "") p.append(k, value);
  }
  if (cursor) p.set("cursor", cursor);
  return p;
}

export interface SearchView {
  filings: ExplorerFiling[];
  /** The service clock's now (ISO), for how long ago each filing was seen. */
  now: string;
  total: number;
  nextCursor: string | null;
}

export async function searchView(db: Db, clock: Clock, query: FilingsQuery): Promise<SearchView> {
  const page = await filingHistoryPage(db, clock, query);
  return {
    filings: await toExplorerFilings(db, page.views),
    now: clock.now().toISOString(),
    total: page.total,
    nextCursor: page.nextCursor,
  };
}

/** The cursor of the page after `filing` in a newest-first history (the company page's older filings). */
export function cursorAfter(filing: Pick<ExplorerFiling, "seenAt" | "rcptNo">): string {
  return encodeFilingsCursor({ t: filing.seenAt, r: filing.rcptNo });
}
