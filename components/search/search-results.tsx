import Link from "next/link";
import { FilingList } from "@/components/feed/filing-row";
import { toFeedRow } from "@/lib/explorer/feed";
import type { SearchView } from "@/lib/explorer";
import { FILINGS_TOTAL_CAP } from "@/lib/interface/schemas";

/** A page of results: how many match, the rows (the feed's own row), and the way to the next page. */
export function SearchResults({
  view,
  nextHref,
  firstHref,
  label,
  showCompany = true,
}: {
  view: SearchView;
  /** The next page's URL; null on the last page. */
  nextHref: string | null;
  /** The first page's URL when this is a later page. */
  firstHref?: string;
  label: string;
  showCompany?: boolean;
}) {
  if (view.filings.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-border p-6 text-center text-sm text-fg-muted">
        No filing matches.
      </p>
    );
  }
  return (
    <div className="space-y-3">
      <p className="text-sm text-fg-muted" aria-live="polite">
        {view.total >= FILINGS_TOTAL_CAP ? `${FILINGS_TOTAL_CAP.toLocaleString("en")} or more` : view.total} filings
        match
      </p>
      <FilingList filings={view.filings.map(toFeedRow)} now={view.now} showCompany={showCompany} label={label} />
      <nav aria-label="Pages" className="flex gap-4 text-sm">
        {firstHref && (
          <Link className="text-accent underline" href={firstHref}>
            ← Newest
          </Link>
        )}
        {nextHref && (
          <Link className="text-accent underline" href={nextHref} rel="next">
            Older filings →
          </Link>
        )}
      </nav>
    </div>
  );
}
