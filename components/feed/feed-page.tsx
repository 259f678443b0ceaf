import type { Metadata } from "next";
import { getDb } from "@/lib/database";
import { dataFreshness } from "@/lib/api/freshness";
import { MARKETS } from "@/lib/classify";
import { serviceClock } from "@/lib/clock";
import { PRICE_PER_SUMMARY_USDC } from "@/lib/interface/pricing";
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
import { ViewExports } from "./view-exports";
import { WatchButton } from "@/components/watch/watch-button";
import { audienceChoices, feedWatchProposal } from "@/lib/explorer/watch";

const MARKET_OPTIONS = MARKETS.map((m) => m.market);
/** The bundled filings `/` lists (the busiest page stays light); /docs lists them all. */
const FOR_SALE_ON_HOME = 4;

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
  const [view, freshness, offline, watch] = await Promise.all([
    feedView(db, serviceClock(), filters),
    dataFreshness(),
    serviceClock().snapshotAsOf ? filingsAvailableOffline(db) : [],
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
          {offline.length > 0 && (
            <p className="text-sm">
              <a href="#for-sale-heading" className="font-medium text-accent underline">
                {offline.length} English summaries to buy
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
      <div className="mb-4 md:mb-3">
        <FeedFilterBar filters={filters} typeLabels={typeLabels} markets={MARKET_OPTIONS} />
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
      {offline.length > 0 && (
        <section aria-labelledby="for-sale-heading" className="for-sale">
          <h2 id="for-sale-heading">English summaries to buy</h2>
          <p>
            The snapshot bundles {offline.length} filings&apos; bodies, so their summaries are written here without DART
            ({PRICE_PER_SUMMARY_USDC} USDC each, paid from a wallet on the filing&apos;s page). The newest:
          </p>
          <ul>
            {offline.slice(0, FOR_SALE_ON_HOME).map((f) => (
              <li key={f.rcptNo}>
                <a href={`/filings/${f.rcptNo}`}>
                  {f.corpNameEn}: {f.reportNmEn}
                </a>
                <span>{f.rceptDt}</span>
              </li>
            ))}
          </ul>
          <a href="/docs#offline-summaries-heading">All {offline.length}, with their receipt numbers</a>
        </section>
      )}
    </>
  );
}
