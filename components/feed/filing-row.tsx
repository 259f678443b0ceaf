import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/components/ui/cn";
import type { ExplorerFiling } from "@/lib/explorer/feed";
import { formatSeenAt } from "@/lib/explorer/format";
import { ImportanceBadge } from "./importance-badge";

/** Column layouts shared by the header and the rows (md and up); below md each row is a card. */
const ROW_GRID = {
  withCompany: "md:grid md:grid-cols-[7.5rem_minmax(0,1.1fr)_minmax(0,1.6fr)_minmax(0,0.9fr)_6.5rem_3.5rem] md:gap-4",
  filingsOnly: "md:grid md:grid-cols-[7.5rem_minmax(0,1.6fr)_minmax(0,0.9fr)_6.5rem_3.5rem] md:gap-4",
};

function FilingListHeader({ showCompany }: { showCompany: boolean }) {
  return (
    <div
      aria-hidden="true"
      className={cn("hidden border-b border-border px-3 pb-2 text-xs font-medium text-fg-muted md:grid", ROW_GRID[showCompany ? "withCompany" : "filingsOnly"])}
    >
      <span>Seen (KST)</span>
      {showCompany && <span>Company</span>}
      <span>Filing</span>
      <span>Event</span>
      <span>Importance</span>
      <span>Original</span>
    </div>
  );
}

/** One filing: a row on a wide screen, a card on a phone. Server and client render it alike. */
function FilingRow({ filing: f, isNew = false, showCompany = true }: { filing: ExplorerFiling; isNew?: boolean; showCompany?: boolean }) {
  return (
    <li
      data-rcpt-no={f.rcptNo}
      data-importance={f.importanceScore}
      data-new={isNew || undefined}
      className={cn(
        "rounded-lg border border-border p-3 text-sm transition-colors md:rounded-none md:border-0 md:border-b md:px-3 md:py-2.5",
        ROW_GRID[showCompany ? "withCompany" : "filingsOnly"],
        isNew ? "bg-new" : "bg-bg",
      )}
    >
      <div className="flex items-center gap-2 text-xs text-fg-muted md:block">
        <time dateTime={f.seenAt}>{formatSeenAt(f.seenAt)}</time>
        {isNew && (
          <Badge tone="new" className="md:mt-1">
            New
          </Badge>
        )}
      </div>
      {showCompany && (
        <div className="mt-1 min-w-0 md:mt-0">
          <Link href={`/companies/${f.ticker}`} className="font-medium hover:underline">
            {f.corpNameEn}
          </Link>
          <div className="truncate text-xs text-fg-muted">
            <span lang="ko">{f.corpName}</span> · <span className="font-mono">{f.ticker}</span>
            {f.market && <> · {f.market}</>}
          </div>
        </div>
      )}
      <div className="mt-1 min-w-0 md:mt-0">
        <Link href={`/filings/${f.rcptNo}`} className="text-accent underline decoration-accent/40 hover:decoration-accent">
          {f.reportNmEn}
        </Link>
        <div lang="ko" title={f.reportNm} className="truncate text-xs text-fg-muted">
          {f.reportNm}
        </div>
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-2 md:contents">
        <div className="min-w-0">
          <Badge tone="neutral" title={f.eventType} wrap>
            {f.eventLabel}
          </Badge>
        </div>
        <div>
          <ImportanceBadge score={f.importanceScore} />
        </div>
        <div className="ml-auto md:ml-0">
          <a href={f.sourceUrl} target="_blank" rel="noreferrer" className="text-xs text-accent underline">
            DART<span className="sr-only"> original of {f.reportNmEn} (opens in a new tab)</span>
            <span aria-hidden="true"> ↗</span>
          </a>
        </div>
      </div>
    </li>
  );
}

export function FilingList({
  filings,
  newRcptNos,
  showCompany = true,
  label,
}: {
  filings: ExplorerFiling[];
  newRcptNos?: ReadonlySet<string>;
  showCompany?: boolean;
  label: string;
}) {
  return (
    <div>
      <FilingListHeader showCompany={showCompany} />
      <ol aria-label={label} className="flex flex-col gap-2 md:gap-0">
        {filings.map((f) => (
          <FilingRow key={f.rcptNo} filing={f} isNew={newRcptNos?.has(f.rcptNo)} showCompany={showCompany} />
        ))}
      </ol>
    </div>
  );
}
