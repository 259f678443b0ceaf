"use client";

import dynamic from "next/dynamic";
import Link from "next/link";
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import type { FeedAnswer } from "@/lib/explorer/feed";
import { DEFAULT_FEED_FILTERS, feedQueryString, windowLabel, type FeedFilters } from "@/lib/explorer/filters";
import { formatKst } from "@/lib/explorer/format";
import { FEED_MAX_ROWS, FEED_ROWS } from "@/lib/interface/feed-rows";
import { FeedChart } from "./feed-chart";
import { FilingList } from "./filing-row";

/** How long a row that arrived by polling stays marked new. */
const NEW_FOR_MS = 60_000;

const FeedPoller = dynamic(() => import("./feed-poller").then((m) => m.FeedPoller), { ssr: false });

/**
 * The feed, kept current: the server renders the first view, then (when the data is live) the
 * browser polls `/api/feed` with the same filters every 30 s and marks the rows that arrive.
 */
export function LiveFeed({
  initial,
  filters,
  typeLabels,
}: {
  initial: FeedAnswer;
  filters: FeedFilters;
  /** English labels of the view's selected event types (for the empty state). */
  typeLabels: string[];
}) {
  const queryString = feedQueryString(filters);
  const live = initial.freshness.mode === "live";
  const [polled, setPolled] = useState<{ view: string; data: FeedAnswer; failed: boolean } | null>(null);
  // A new view (filters changed) starts from its own server-rendered data.
  const current = polled?.view === queryString ? polled : null;
  const data = current?.data ?? initial;
  const failed = current?.failed ?? false;
  const newRows = useNewRows(queryString, data);
  const onUpdate = useCallback(
    (update: { data: FeedAnswer; failed: boolean }) => setPolled({ view: queryString, ...update }),
    [queryString],
  );
  const [compact, setCompact] = useCompactRows();

  return (
    <>
      {live && <FeedPoller key={queryString} initial={initial} queryString={queryString} onUpdate={onUpdate} />}
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 text-sm text-fg-muted">
        <p className="mr-auto">
          <span className="font-medium text-fg">{data.counts.total}</span> filing{data.counts.total === 1 ? "" : "s"} in
          this window
          {data.counts.total > data.filings.length && <> · newest {data.filings.length} shown</>}
        </p>
        <p aria-live="polite">
          {failed ? (
            <span className="text-imp-critical-fg">
              Could not refresh: the server did not answer. Retrying every 30 s.
            </span>
          ) : live ? (
            <>Refreshes every 30 s{data.freshness.asOf && <> · updated {formatKst(data.freshness.asOf)}</>}</>
          ) : null}
          {newRows.size > 0 && <span className="ml-2 font-medium text-fg">{newRows.size} new</span>}
        </p>
        {data.filings.length > 0 && (
          <label className="hidden cursor-pointer items-center gap-2 md:inline-flex">
            <input type="checkbox" checked={compact} onChange={(e) => setCompact(e.target.checked)} />
            Compact rows
          </label>
        )}
      </div>
      {data.filings.length === 0 ? (
        <EmptyView filters={filters} typeLabels={typeLabels} />
      ) : (
        <FilingList
          filings={data.filings}
          newRcptNos={newRows}
          compact={compact}
          now={viewNow(data.window.until)}
          label="Filings, newest first"
        />
      )}
      <ShowMore filters={filters} shown={data.filings.length} total={data.counts.total} />
      {data.counts.total > 0 && (
        <section aria-labelledby="chart-heading" className="mt-10">
          <h2 id="chart-heading" className="mb-1 text-base font-semibold">
            This window at a glance
          </h2>
          <p className="mb-4 text-sm text-fg-muted">Choose a bar to narrow the feed to it.</p>
          <FeedChart counts={data.counts} filters={filters} />
        </section>
      )}
    </>
  );
}

/** The same view with more of its newest rows: the first page is kept short, the row count is in the URL. */
function ShowMore({ filters, shown, total }: { filters: FeedFilters; shown: number; total: number }) {
  const more = Math.min(FEED_ROWS, FEED_MAX_ROWS - filters.rows, total - shown);
  if (more <= 0) return null;
  return (
    <p className="mt-4 text-center text-sm">
      <Link
        href={`/${feedQueryString({ ...filters, rows: filters.rows + more })}`}
        scroll={false}
        prefetch={false}
        className="text-accent underline"
      >
        Show {more} more
      </Link>
    </p>
  );
}

/** Receipt numbers that arrived by polling in the last minute, for this view. */
function useNewRows(view: string, data: FeedAnswer): ReadonlySet<string> {
  const seen = useRef<{ view: string; rcptNos: Set<string> } | null>(null);
  const [fresh, setFresh] = useState<Map<string, number>>(new Map());

  useEffect(() => {
    const current = data.filings.map((f) => f.rcptNo);
    if (seen.current?.view !== view) {
      seen.current = { view, rcptNos: new Set(current) };
      setFresh(new Map());
      return;
    }
    const arrived = current.filter((r) => !seen.current!.rcptNos.has(r));
    if (!arrived.length) return;
    arrived.forEach((r) => seen.current!.rcptNos.add(r));
    const at = Date.now();
    setFresh((m) => new Map([...m, ...arrived.map((r) => [r, at] as const)]));
  }, [view, data]);

  useEffect(() => {
    if (!fresh.size) return;
    const timer = setTimeout(() => {
      const now = Date.now();
      setFresh((m) => new Map([...m].filter(([, at]) => now - at < NEW_FOR_MS)));
    }, NEW_FOR_MS);
    return () => clearTimeout(timer);
  }, [fresh]);

  return new Set(fresh.keys());
}

/**
 * What an empty view says: which filters narrowed it, each removable on its own, and the wider
 * views worth trying.
 */
function EmptyView({ filters, typeLabels }: { filters: FeedFilters; typeLabels: string[] }) {
  const d = DEFAULT_FEED_FILTERS;
  const window = windowLabel(filters.hours);
  type Narrowing = { label: string; without: Partial<FeedFilters> };
  const narrowing = (
    [
      filters.company && { label: `Company “${filters.company}”`, without: { company: "" } },
      filters.types.length > 0 && { label: `Event types: ${typeLabels.join(", ")}`, without: { types: [] } },
      filters.markets.length > 0 && { label: `Market: ${filters.markets.join(", ")}`, without: { markets: [] } },
      filters.min > 1 && { label: `Importance ${filters.min}+`, without: { min: 1 } },
      filters.summary && { label: "Only filings with an English summary", without: { summary: false } },
    ] as (Narrowing | false | "")[]
  ).filter((n): n is Narrowing => Boolean(n));
  const link = (next: Partial<FeedFilters>) => `/${feedQueryString({ ...filters, ...next, rows: d.rows })}`;
  return (
    <div className="rounded-lg border border-dashed border-border p-6 sm:p-8">
      <p className="font-medium">
        No filings match this view {filters.hours === "all" ? "on any snapshot day" : `in the last ${window}`}.
      </p>
      {narrowing.length > 0 && (
        <>
          <p className="mt-3 text-sm text-fg-muted">Remove a filter:</p>
          <ul className="mt-1 flex flex-wrap gap-2 text-sm">
            {narrowing.map((n) => (
              <li key={n.label}>
                <Link
                  href={link(n.without)}
                  className="inline-flex items-center gap-1 rounded-full border border-border px-3 py-1 hover:bg-subtle"
                >
                  {n.label} <span aria-hidden="true">×</span>
                  <span className="sr-only">(remove)</span>
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
      <p className="mt-4 text-sm text-fg-muted">
        {typeof filters.hours === "number" && filters.hours < 168 && (
          <>
            <Link href={link({ hours: 168 })} className="text-accent underline">
              Look back 7 days
            </Link>
            {" · "}
          </>
        )}
        <Link href="/" className="text-accent underline">
          Clear all filters
        </Link>
      </p>
    </div>
  );
}

const COMPACT_KEY = "dart-en.compact-rows";
const compactListeners = new Set<() => void>();

/** The reader's row density on wide screens, kept in this browser: compact unless they chose otherwise. */
function useCompactRows(): [boolean, (compact: boolean) => void] {
  const compact = useSyncExternalStore(
    (listener) => {
      compactListeners.add(listener);
      return () => compactListeners.delete(listener);
    },
    () => window.localStorage.getItem(COMPACT_KEY) !== "0",
    () => true,
  );
  const set = useCallback((next: boolean) => {
    window.localStorage.setItem(COMPACT_KEY, next ? "1" : "0");
    compactListeners.forEach((l) => l());
  }, []);
  return [compact, set];
}

/**
 * The instant a view was taken: its window ends on the next whole second after the service
 * clock's "now" (a snapshot's clock stands at its day's last second, so its end is the next day).
 */
function viewNow(until: string): string {
  return new Date(Date.parse(until) - 1000).toISOString();
}
