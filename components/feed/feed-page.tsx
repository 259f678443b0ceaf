import type { Metadata } from "next";
import { getDb } from "@/lib/database";
import { dataFreshness } from "@/lib/api/freshness";
import { MARKETS } from "@/lib/classify";
import { serviceClock } from "@/lib/clock";
import {
  eventLabel,
  feedQueryString,
  feedView,
  filingsAvailableOffline,
  toFeedRow,
  type FeedFilters,
} from "@/lib/explorer";
import { chartCounts } from "./feed-chart";
import { FeedFilterBar } from "./feed-filters";
import { LiveFeed } from "./live-feed";

const MARKET_OPTIONS = MARKETS.map((m) => m.market);

export function feedMetadata(filters: FeedFilters): Metadata {
  const qs = feedQueryString(filters);
  const title = "Korean corporate filings in English";
  const description =
    "Newest filings of Korean listed companies from DART, with English company names, filing labels, event types and importance.";
  return {
    title: { absolute: `${title} · DART in English` },
    description,
    alternates: { canonical: `/${qs}`, types: { "application/atom+xml": `/feeds/recent.atom${qs}` } },
    openGraph: { title, description, url: `/${qs}`, type: "website" },
  };
}

/** The market feed: filters, the live list and the window's chart. `/` and its cached default view render this. */
export async function FeedPage({ filters }: { filters: FeedFilters }) {
  const db = await getDb();
  const [view, freshness, offline] = await Promise.all([
    feedView(db, serviceClock(), filters),
    dataFreshness(),
    serviceClock().snapshotAsOf ? filingsAvailableOffline(db) : [],
  ]);
  const qs = feedQueryString(filters);
  return (
    <>
      <div className="mb-5 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Korean filings in English</h1>
          <p className="mt-1 text-sm text-fg-muted">
            Every listed company&apos;s DART filings, newest first, labelled in English.
          </p>
          {offline.length > 0 && (
            <p className="mt-1 text-sm">
              {/* Listed on /docs, not here: `/` is the busiest page and stays light. */}
              <a href="/docs#offline-summaries-heading" className="text-accent underline">
                {offline.length} summaries available offline
              </a>{" "}
              <span className="text-fg-muted">(filings bundled with their bodies)</span>
            </p>
          )}
        </div>
        <a href={`/feeds/recent.atom${qs}`} className="text-sm text-accent underline">
          Atom feed of this view
        </a>
      </div>
      <div className="mb-6 rounded-lg border border-border bg-surface p-3 sm:p-4">
        <FeedFilterBar filters={filters} typeLabels={filters.types.map(eventLabel)} markets={MARKET_OPTIONS} />
      </div>
      <LiveFeed
        initial={{
          filings: view.filings.map(toFeedRow),
          counts: chartCounts(view.counts),
          window: view.window,
          freshness,
        }}
        filters={filters}
      />
    </>
  );
}
