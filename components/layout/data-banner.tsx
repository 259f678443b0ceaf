import type { DataFreshness } from "@/lib/api/freshness";
import { formatKst } from "@/lib/explorer/format";
import manifest from "@/lib/seed/manifest.json";

/**
 * The days the bundled snapshot's feed covers (KST), as lib/seed/manifest.json states them, and
 * the first day of the filings bundled with their bodies (whose summaries can be bought).
 */
export const SNAPSHOT_DAYS = { from: manifest.filingsFrom, to: manifest.asOf, bodiesFrom: manifest.bodiesFrom };

/**
 * Says how current the data is on every page: the offline snapshot's days, or the last live
 * update. A landmark of its own (complementary, named), so no page content sits outside one.
 */
export function DataBanner({ freshness }: { freshness: DataFreshness }) {
  if (freshness.mode === "snapshot") {
    return (
      <aside aria-label="Data status" className="border-b border-border bg-warn text-warn-fg" data-testid="data-banner">
        <p className="mx-auto max-w-6xl px-4 py-1 text-xs sm:text-sm">
          <strong className="font-semibold">Offline snapshot</strong>: data as of {freshness.asOf?.slice(0, 10)} (KST),
          not live: real filings received {SNAPSHOT_DAYS.from} to {SNAPSHOT_DAYS.to}, and filings from{" "}
          {SNAPSHOT_DAYS.bodiesFrom} on with English summaries to buy
          <span className="hidden sm:inline">
            , and every &ldquo;now&rdquo; on these pages is the end of that last day
          </span>
          .
        </p>
      </aside>
    );
  }
  return (
    <aside aria-label="Data status" className="border-b border-border bg-surface" data-testid="data-banner">
      <p className="mx-auto max-w-6xl px-4 py-1 text-xs text-fg-muted">
        <span className="font-medium text-fg">Live</span> from DART ·{" "}
        {freshness.asOf ? (
          <>
            last updated <time dateTime={freshness.asOf}>{formatKst(freshness.asOf)}</time>
          </>
        ) : (
          "waiting for the first update"
        )}
      </p>
    </aside>
  );
}
