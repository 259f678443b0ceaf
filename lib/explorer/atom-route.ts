import { getDb } from "@/lib/database";
import { watchlistFeed, watchlistFeedUrl } from "@/lib/alerts/feed";
import { dataFreshness } from "@/lib/api/freshness";
import type { FeedViewQuery, FilingsQuery } from "@/lib/interface/schemas";
import { serviceClock } from "@/lib/clock";
import { publicBaseUrl } from "@/lib/env";
import { atomFeed } from "./atom";
import { feedView, toExplorerFilings, toFeedFilters } from "./feed";
import { feedQueryString } from "./filters";
import { searchView } from "./search";

/** The Atom answer of a feed view: market-wide (`/feeds/recent.atom`) or one company's. */
export async function atomResponse(
  query: FeedViewQuery,
  company?: { ticker: string; nameEn: string },
): Promise<Response> {
  const filters = toFeedFilters(query);
  const [view, freshness] = await Promise.all([
    feedView(await getDb(), serviceClock(), filters, company?.ticker),
    dataFreshness(),
  ]);
  const base = publicBaseUrl();
  const qs = feedQueryString(filters);
  const pagePath = company ? `/companies/${company.ticker}` : "/";
  const selfPath = company ? `/companies/${company.ticker}/feed.atom` : "/feeds/recent.atom";
  const xml = atomFeed({
    title: company
      ? `${company.nameEn} (${company.ticker}): DART filings in English`
      : "Korean corporate filings in English (DART)",
    selfUrl: `${base}${selfPath}${qs}`,
    pageUrl: `${base}${pagePath}${company ? "" : qs}`,
    baseUrl: base,
    filings: view.filings,
    updated: new Date(view.filings[0]?.seenAt ?? freshness.asOf ?? view.window.until),
  });
  return atomAnswer(xml);
}

/** The Atom answer of a search (`/feeds/filings.atom`): any /v1/filings query, its first page. */
export async function searchAtomResponse(query: FilingsQuery, search: URLSearchParams): Promise<Response> {
  const [view, freshness] = await Promise.all([searchView(await getDb(), serviceClock(), query), dataFreshness()]);
  const base = publicBaseUrl();
  const qs = search.toString() ? `?${search}` : "";
  const xml = atomFeed({
    title: "Korean corporate filings in English (DART): search",
    selfUrl: `${base}/feeds/filings.atom${qs}`,
    pageUrl: `${base}/filings${qs}`,
    baseUrl: base,
    filings: view.filings,
    updated: new Date(view.filings[0]?.seenAt ?? freshness.asOf ?? Date.now()),
  });
  return atomAnswer(xml);
}

/**
 * A watchlist's private feed (`/feeds/watchlists/{id}.atom?token=…`): its newest matches first,
 * each with the filing's free labels and links, never a summary; 404 unless the token opens it.
 */
export async function watchlistAtomResponse(id: string, token: string | undefined): Promise<Response> {
  const db = await getDb();
  const { watchlist, views } = await watchlistFeed(db, id, token);
  const filings = await toExplorerFilings(db, views);
  const base = publicBaseUrl();
  const xml = atomFeed({
    title: `${watchlist.name || watchlist.id}: DART filings in English (watchlist)`,
    selfUrl: watchlistFeedUrl(watchlist),
    pageUrl: `${base}/`,
    baseUrl: base,
    filings,
    updated: new Date(filings[0]?.seenAt ?? watchlist.createdAt),
  });
  return atomAnswer(xml);
}

function atomAnswer(xml: string): Response {
  return new Response(xml, { headers: { "Content-Type": "application/atom+xml; charset=utf-8" } });
}
