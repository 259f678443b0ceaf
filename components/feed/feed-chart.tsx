import type { FeedCounts } from "@/lib/explorer/feed";
import { importanceLevel } from "@/lib/explorer/format";
import { cn } from "@/components/ui/cn";

const TOP_EVENT_TYPES = 8;
const LEVEL_BAR: Record<string, string> = {
  low: "bg-imp-low-fg/60",
  moderate: "bg-imp-moderate-fg/70",
  high: "bg-imp-high-fg/80",
  critical: "bg-imp-critical-fg",
};

/**
 * The window's filings by event type and by importance, as bar charts drawn with plain HTML
 * (no charting code shipped): each chart is also a table a screen reader reads as numbers.
 */
export function FeedChart({ counts }: { counts: FeedCounts }) {
  if (counts.total === 0) return null;
  const top = counts.byEventType.slice(0, TOP_EVENT_TYPES);
  const rest = counts.byEventType.slice(TOP_EVENT_TYPES).reduce((n, c) => n + c.count, 0);
  const eventRows = rest ? [...top, { eventType: "OTHER", label: "Other types", count: rest }] : top;
  const maxEvent = Math.max(...eventRows.map((r) => r.count));
  const byScore = new Map(counts.byImportance.map((c) => [c.importance, c.count]));
  const scores = Array.from({ length: 10 }, (_, i) => ({ importance: i + 1, count: byScore.get(i + 1) ?? 0 }));
  const maxScore = Math.max(...scores.map((s) => s.count), 1);

  return (
    <div className="grid gap-6 md:grid-cols-2">
      <figure>
        <figcaption className="mb-2 text-sm font-medium">By event type</figcaption>
        <table className="w-full text-xs">
          <thead className="sr-only">
            <tr>
              <th scope="col">Event type</th>
              <th scope="col">Filings</th>
            </tr>
          </thead>
          <tbody>
            {eventRows.map((r) => (
              <tr key={r.eventType}>
                <th scope="row" className="w-2/5 max-w-0 truncate py-0.5 pr-2 text-left font-normal text-fg-muted" title={r.label}>
                  {r.label}
                </th>
                <td className="py-0.5">
                  <div className="flex items-center gap-2">
                    <div className="h-3 rounded-sm bg-accent/70" style={{ width: `${Math.max(2, (r.count / maxEvent) * 85)}%` }} />
                    <span className="tabular-nums">{r.count}</span>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </figure>
      <figure>
        <figcaption className="mb-2 text-sm font-medium">By importance (1–10)</figcaption>
        <table className="w-full text-xs">
          <thead className="sr-only">
            <tr>
              {scores.map((s) => (
                <th key={s.importance} scope="col">
                  Importance {s.importance}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr className="h-24 align-bottom">
              {scores.map((s) => (
                <td key={s.importance} className="px-0.5 text-center">
                  <span className="block tabular-nums text-fg-muted">{s.count || ""}</span>
                  <div
                    className={cn("mx-auto w-full max-w-8 rounded-t-sm", LEVEL_BAR[importanceLevel(s.importance)])}
                    style={{ height: `${s.count ? Math.max(3, (s.count / maxScore) * 64) : 0}px` }}
                  />
                </td>
              ))}
            </tr>
            <tr aria-hidden="true">
              {scores.map((s) => (
                <td key={s.importance} className="border-t border-border pt-1 text-center text-fg-muted">
                  {s.importance}
                </td>
              ))}
            </tr>
          </tbody>
        </table>
      </figure>
    </div>
  );
}
