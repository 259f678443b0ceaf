import type { FeedCounts } from "@/lib/explorer/feed";
import { importanceLevel } from "@/lib/explorer/format";

const TOP_EVENT_TYPES = 8;

/** A bar's length against the longest on `scale`, to one decimal: the page carries it for every bar. */
function barLength(count: number, max: number, scale: number): number {
  return Math.round((count / max) * scale * 10) / 10;
}

/**
 * The counts the chart draws: the top event types, the rest summed into one "Other types" entry.
 * The page hands its live list only these; applied again to them (or to a poll's full counts) it
 * gives the same chart.
 */
export function chartCounts(counts: FeedCounts): FeedCounts {
  const top = counts.byEventType.slice(0, TOP_EVENT_TYPES);
  const rest = counts.byEventType.slice(TOP_EVENT_TYPES).reduce((n, c) => n + c.count, 0);
  return { ...counts, byEventType: rest ? [...top, { eventType: "*", label: "Other types", count: rest }] : top };
}

/**
 * The window's filings by event type and by importance, as bar charts drawn with plain HTML
 * (no charting code shipped): each chart is also a table a screen reader reads as numbers.
 * Styled by `.chart` in app/globals.css.
 */
export function FeedChart({ counts }: { counts: FeedCounts }) {
  if (counts.total === 0) return null;
  const eventRows = chartCounts(counts).byEventType;
  const maxEvent = Math.max(...eventRows.map((r) => r.count));
  const byScore = new Map(counts.byImportance.map((c) => [c.importance, c.count]));
  const scores = Array.from({ length: 10 }, (_, i) => ({ importance: i + 1, count: byScore.get(i + 1) ?? 0 }));
  const maxScore = Math.max(...scores.map((s) => s.count), 1);

  return (
    <div className="chart">
      <figure>
        <figcaption>By event type</figcaption>
        <table className="chart-types">
          <thead className="sr-only">
            <tr>
              <th scope="col">Event type</th>
              <th scope="col">Filings</th>
            </tr>
          </thead>
          <tbody>
            {eventRows.map((r) => (
              <tr key={r.eventType}>
                <th scope="row" title={r.label}>
                  {r.label}
                </th>
                <td>
                  <div>
                    <span style={{ width: `${Math.max(2, barLength(r.count, maxEvent, 85))}%` }} />
                    {r.count}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </figure>
      <figure>
        <figcaption>By importance (1–10)</figcaption>
        <table className="chart-levels">
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
            <tr>
              {scores.map((s) => (
                <td key={s.importance}>
                  <span>{s.count || ""}</span>
                  <div
                    data-level={importanceLevel(s.importance)}
                    style={{ height: `${s.count ? Math.max(3, barLength(s.count, maxScore, 64)) : 0}px` }}
                  />
                </td>
              ))}
            </tr>
            <tr aria-hidden="true">
              {scores.map((s) => (
                <td key={s.importance}>{s.importance}</td>
              ))}
            </tr>
          </tbody>
        </table>
      </figure>
    </div>
  );
}
