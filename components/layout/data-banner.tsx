import type { DataFreshness } from "@/lib/api/freshness";
import { formatKst } from "@/lib/explorer/format";

/** Says how current the data is on every page: the offline snapshot's date, or the last live update. */
export function DataBanner({ freshness }: { freshness: DataFreshness }) {
  if (freshness.mode === "snapshot") {
    return (
      <div role="note" className="border-b border-border bg-warn text-warn-fg">
        <p className="mx-auto max-w-6xl px-4 py-2 text-sm">
          <strong className="font-semibold">Offline snapshot</strong>: data as of {freshness.asOf?.slice(0, 10)} (KST).
          Real filings of one week, not live.
        </p>
      </div>
    );
  }
  return (
    <div role="note" className="border-b border-border bg-surface">
      <p className="mx-auto max-w-6xl px-4 py-1.5 text-xs text-fg-muted">
        <span className="font-medium text-fg">Live</span> from DART ·{" "}
        {freshness.asOf ? (
          <>
            last updated <time dateTime={freshness.asOf}>{formatKst(freshness.asOf)}</time>
          </>
        ) : (
          "waiting for the first update"
        )}
      </p>
    </div>
  );
}
