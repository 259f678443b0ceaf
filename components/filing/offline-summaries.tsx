import { Card, CardTitle } from "@/components/ui/card";
import type { ExplorerFiling } from "@/lib/explorer";

/**
 * The filings whose English summaries can be bought on this install without DART: on the
 * offline snapshot, the ones bundled with their real bodies. Marked clearly, because every
 * other snapshot filing has no body and its summary cannot be sold.
 */
export function OfflineSummaries({ filings }: { filings: ExplorerFiling[] }) {
  if (filings.length === 0) return null;
  return (
    <Card aria-labelledby="offline-summaries-heading" data-testid="offline-summaries">
      <CardTitle id="offline-summaries-heading">Summaries available offline</CardTitle>
      <p className="mb-3 text-sm text-fg-muted">
        These filings ship with their real bodies, so their English summaries can be bought on this install without a
        DART key. The other snapshot filings have titles only, and their summaries are not sold.
      </p>
      <ul className="divide-y divide-border text-sm">
        {filings.map((f) => (
          <li key={f.rcptNo} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 py-2">
            <a href={`/filings/${f.rcptNo}`} className="min-w-0 text-accent underline">
              {f.corpNameEn}: {f.reportNmEn}
            </a>
            <span className="text-xs text-fg-muted">
              {f.rceptDt} · <span className="font-mono">{f.rcptNo}</span>
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}
