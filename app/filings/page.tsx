import type { Metadata } from "next";
import { SearchForm } from "@/components/search/search-form";
import { ViewExports } from "@/components/feed/view-exports";
import { SearchResults } from "@/components/search/search-results";
import { WatchButton } from "@/components/watch/watch-button";
import { getDb } from "@/lib/database";
import { kstDate, serviceClock } from "@/lib/clock";
import { parseSearchParams, searchParamsWith, searchView, type RawSearchParams } from "@/lib/explorer";
import { audienceChoices, watchVocabulary } from "@/lib/explorer/watch";
import { searchWatch } from "@/lib/explorer/watch-filters";

export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "Search filings",
  description:
    "Every stored DART filing of Korean listed companies: by words, company, event type, importance and date.",
  alternates: { types: { "application/atom+xml": "/feeds/filings.atom" } },
};

type SearchParams = Promise<RawSearchParams>;

/** History and search, with the URL parameters of GET /v1/filings. */
export default async function SearchPage({ searchParams }: { searchParams: SearchParams }) {
  const raw = await searchParams;
  const parsed = parseSearchParams(raw);
  const view = parsed.ok ? await searchView(await getDb(), serviceClock(), parsed.query) : null;
  const href = (cursor?: string | null) => {
    const qs = searchParamsWith(raw, cursor).toString();
    return `/filings${qs ? `?${qs}` : ""}`;
  };
  const feedQs = searchParamsWith(raw).toString();
  // The exports are of the page shown: its cursor kept.
  const pageQs = searchParamsWith(raw, [raw.cursor].flat()[0]).toString();
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-semibold">Search filings</h1>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <ViewExports
            base="/feeds/filings"
            query={pageQs ? `?${pageQs}` : ""}
            atom={`/feeds/filings.atom${feedQs ? `?${feedQs}` : ""}`}
            atomLabel="Atom feed of this search"
          />
          {parsed.ok && (
            <WatchButton
              proposal={searchWatch(parsed.query, watchVocabulary())}
              label="Watch this search"
              title="Watch this search"
              audiences={audienceChoices()}
            />
          )}
        </div>
      </div>
      <SearchForm params={raw} today={kstDate(serviceClock().now())} />
      {parsed.ok && view ? (
        <SearchResults
          view={view}
          label="Matching filings"
          nextHref={view.nextCursor ? href(view.nextCursor) : null}
          firstHref={raw.cursor ? href() : undefined}
        />
      ) : (
        <div role="alert" className="rounded-lg border border-border p-4 text-sm">
          <p className="font-medium">This search cannot be run:</p>
          <ul className="list-disc pl-5">
            {(parsed.ok ? [] : parsed.problems).map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
