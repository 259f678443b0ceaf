import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { dartViewerUrl } from "@/lib/dart/viewer-url";
import type { FeedRow } from "@/lib/explorer/feed";
import { formatSeenAt, relativeTime } from "@/lib/explorer/format";
import { ImportanceBadge } from "./importance-badge";
import { SummaryMark } from "./summary-mark";

/**
 * The list's look lives in app/globals.css (`.filings`, `.filing`): a row on a wide screen, a
 * card on a phone, from one markup. Row links never prefetch: a list of 15 to 100 rows would
 * fetch two pages a row as it scrolls into view (the request storm of issue 37); a click loads
 * the page then. Classes are written once there, not as utilities on each of
 * the feed's many elements, because every byte of a row is sent once per row per request.
 */

function FilingListHeader({ showCompany }: { showCompany: boolean }) {
  return (
    <div aria-hidden="true" className="filings-head">
      <span>Seen (KST)</span>
      {showCompany && <span>Company</span>}
      <span>Filing</span>
      <span>Event</span>
      <span>Importance</span>
      <span>Original</span>
    </div>
  );
}

/** One filing. Server and client render it alike. */
function FilingRow({
  filing: f,
  now,
  isNew = false,
  showCompany = true,
}: {
  filing: FeedRow;
  now?: string;
  isNew?: boolean;
  showCompany?: boolean;
}) {
  const seen = (
    <span className="filing-seen">
      <time dateTime={f.seenAt}>{formatSeenAt(f.seenAt)}</time>
      {now && <span>{relativeTime(f.seenAt, now)}</span>}
      {isNew && <Badge tone="new">New</Badge>}
    </span>
  );
  return (
    <li data-rcpt-no={f.rcptNo} data-importance={f.importanceScore} data-new={isNew || undefined} className="filing">
      {seen}
      {showCompany && (
        <div className="filing-company">
          <Link href={`/companies/${f.ticker}`} prefetch={false}>
            {f.corpNameEn}
          </Link>
          <p>
            <span lang="ko">{f.corpName}</span> · <span className="num">{f.ticker}</span>
            {f.market && ` · ${f.market}`}
          </p>
        </div>
      )}
      <div className="filing-title">
        <Link href={`/filings/${f.rcptNo}`} prefetch={false}>
          {f.reportNmEn}
        </Link>
        {/* One line, cut short on narrow rows: the whole original title on hover. */}
        <p lang="ko" title={f.reportNm}>
          {f.reportNm}
        </p>
        <SummaryMark rcptNo={f.rcptNo} offered={f.summaryOffer} />
      </div>
      <Badge title={f.eventType} wrap>
        {f.eventLabel}
      </Badge>
      <ImportanceBadge score={f.importanceScore} />
      {/* Named in the row's context: the filing's title is the row's own link, just before. */}
      <a
        href={dartViewerUrl(f.rcptNo)}
        target="_blank"
        rel="noreferrer"
        aria-label="DART original (opens in a new tab)"
      >
        DART ↗
      </a>
    </li>
  );
}

/**
 * Filings as a list. `now` (the view's end, ISO) adds how long ago each was seen; `compact`
 * keeps each row to one line on a wide screen.
 */
export function FilingList({
  filings,
  newRcptNos,
  showCompany = true,
  compact = false,
  now,
  label,
  head = true,
}: {
  filings: FeedRow[];
  newRcptNos?: ReadonlySet<string>;
  showCompany?: boolean;
  compact?: boolean;
  now?: string;
  label: string;
  /** The columns' names above the rows (a short list under another's head goes without). */
  head?: boolean;
}) {
  return (
    <div className={["filings", !showCompany && "no-company", compact && "compact"].filter(Boolean).join(" ")}>
      {head && <FilingListHeader showCompany={showCompany} />}
      <ol aria-label={label}>
        {filings.map((f) => (
          <FilingRow key={f.rcptNo} filing={f} now={now} isNew={newRcptNos?.has(f.rcptNo)} showCompany={showCompany} />
        ))}
      </ol>
    </div>
  );
}
