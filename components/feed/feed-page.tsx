import type { Metadata } from "next";
import { getDb } from "@/lib/database";
import { dataFreshness } from "@/lib/api/freshness";
import { MARKETS } from "@/lib/classify";
import { serviceClock } from "@/lib/clock";
import { eventLabel, feedQueryString, feedView, toFeedRow, type FeedFilters } from "@/lib/explorer";
import { DEFAULT_FEED_FILTERS, FOR_SALE_VIEW, isDefaultView } from "@/lib/explorer/filters";
import { FilingList } from "./filing-row";
import { chartCounts } from "./feed-chart";
import { FeedFilterBar } from "./feed-filters";
import { LiveFeed } from "./live-feed";
import { ViewExports } from "./view-exports";
import { WatchButton } from "@/components/watch/watch-button";
import { audienceChoices, feedWatchProposal } from "@/lib/explorer/watch";

const MARKET_OPTIONS = MARKETS.map((m) => m.market);
/** The bundled filings `/` names at its top on a snapshot (the busiest page stays light). */
const FOR_SALE_ON_HOME = 3;
const FOR_SALE_QUERY = feedQueryString({ ...DEFAULT_FEED_FILTERS, ...FOR_SALE_VIEW });

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
  const clock = serviceClock();
  const snapshot = Boolean(clock.snapshotAsOf);
  // On a snapshot only the bundled bodies' filings can be bought: the home page opens on them.
  const showForSale = snapshot && isDefaultView(filters);
  // Elsewhere only its count is needed (the header's link).
  const forSaleFilters = { ...DEFAULT_FEED_FILTERS, ...FOR_SALE_VIEW, rows: showForSale ? FOR_SALE_ON_HOME : 1 };
  const [view, freshness, forSale, watch] = await Promise.all([
    feedView(db, clock, filters),
    dataFreshness(),
    snapshot ? feedView(db, clock, forSaleFilters) : null,
    feedWatchProposal(db, filters),
  ]);
  const qs = feedQueryString(filters);
  const typeLabels = filters.types.map(eventLabel);
  return (
    <>
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
          <h1 className="text-xl font-semibold tracking-tight sm:text-2xl">Korean filings in English</h1>
          <p className="basis-full text-sm text-fg-muted md:hidden">
            Every listed company&apos;s DART filings, newest first, labelled in English.
          </p>
          {forSale && forSale.counts.total > 0 && (
            <p className="text-sm">
              <a href={`/${FOR_SALE_QUERY}`} className="font-medium text-accent underline">
                {forSale.counts.total} English summaries to buy
              </a>{" "}
              <span className="text-fg-muted">on this snapshot</span>
            </p>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <ViewExports
            base="/feeds/recent"
            query={qs}
            atom={`/feeds/recent.atom${qs}`}
            atomLabel="Atom feed of this view"
          />
          <WatchButton
            proposal={watch}
            label="Watch this view"
            title="Watch this view of the feed"
            audiences={audienceChoices()}
          />
        </div>
      </div>
      {showForSale && forSale && forSale.filings.length > 0 && (
        <section aria-labelledby="for-sale-heading" className="for-sale">
          <div className="for-sale-head">
            <h2 id="for-sale-heading">For sale on this snapshot</h2>
            <a href={`/${FOR_SALE_QUERY}`}>All {forSale.counts.total}, on their filing days</a>
          </div>
          <FilingList
            filings={forSale.filings.map(toFeedRow)}
            compact
            head={false}
            label="Filings whose English summary can be bought, newest first"
          />
        </section>
      )}
      <div className="mb-4 md:mb-3">
        <FeedFilterBar filters={filters} typeLabels={typeLabels} markets={MARKET_OPTIONS} snapshot={snapshot} />
      </div>
      <LiveFeed
        initial={{
          filings: view.filings.map(toFeedRow),
          counts: chartCounts(view.counts),
          window: view.window,
          freshness,
        }}
        filters={filters}
        typeLabels={typeLabels}
      />
    </>
  );
}
