"use client";

import dynamic from "next/dynamic";
import Link from "next/link";
import { useCallback, useEffect, useRef, useState } from "react";
import type { FeedAnswer } from "@/lib/explorer/feed";
import { FEED_MAX_ROWS, FEED_ROWS, feedQueryString, type FeedFilters } from "@/lib/explorer/filters";
import { formatKst } from "@/lib/explorer/format";
import { FeedChart } from "./feed-chart";
import { FilingList } from "./filing-row";

/** How long a row that arrived by polling stays marked new. */
const NEW_FOR_MS = 60_000;

const FeedPoller = dynamic(() => import("./feed-poller").then((m) => m.FeedPoller), { ssr: false });

/**
 * The feed, kept current: the server renders the first view, then (when the data is live) the
 * browser polls `/api/feed` with the same filters every 30 s and marks the rows that arrive.
 */
export function LiveFeed({ initial, filters }: { initial: FeedAnswer; filters: FeedFilters }) {
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

  return (
    <>
      {live && <FeedPoller key={queryString} initial={initial} queryString={queryString} onUpdate={onUpdate} />}
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2 text-sm text-fg-muted">
        <p>
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
      </div>
      {data.filings.length === 0 ? (
        <div className="rounded-lg border border-dashed border-border p-8 text-center">
          <p className="font-medium">No filings in this window.</p>
          <p className="mt-1 text-sm text-fg-muted">
            Widen the window, lower the minimum importance, or{" "}
            <Link href="/" className="text-accent underline">
              clear the filters
            </Link>
            .
          </p>
        </div>
      ) : (
        <FilingList filings={data.filings} newRcptNos={newRows} label="Filings, newest first" />
      )}
      <ShowMore filters={filters} shown={data.filings.length} total={data.counts.total} />
      <section aria-labelledby="chart-heading" className="mt-10">
        <h2 id="chart-heading" className="mb-4 text-base font-semibold">
          This window at a glance
        </h2>
        <FeedChart counts={data.counts} />
      </section>
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
