import Link from "next/link";
import type { FeedCounts } from "@/lib/explorer/feed";
import { feedQueryString, type FeedFilters } from "@/lib/explorer/filters";
import { axisTicks, importanceLevel } from "@/lib/explorer/format";

const TOP_EVENT_TYPES = 8;

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

/** A bar's length as a share of the axis, to one decimal: the page carries it for every bar. */
function share(count: number, axisMax: number): number {
  return Math.round((count / axisMax) * 1000) / 10;
}

/**
 * The window's filings by event type and by importance, as bar charts drawn with plain HTML
 * (no charting code shipped): each chart is also a table a screen reader reads as numbers, and
 * each bar is a link to the view narrowed to it. Both axes run from 0 to a round number with
 * evenly spaced ticks. Styled by `.chart` in app/globals.css.
 */
export function FeedChart({ counts, filters }: { counts: FeedCounts; filters: FeedFilters }) {
  if (counts.total === 0) return null;
  const eventRows = chartCounts(counts).byEventType;
  const typeTicks = axisTicks(Math.max(...eventRows.map((r) => r.count)));
  const typeMax = typeTicks[typeTicks.length - 1];
  const byScore = new Map(counts.byImportance.map((c) => [c.importance, c.count]));
  const scores = Array.from({ length: 10 }, (_, i) => ({ importance: i + 1, count: byScore.get(i + 1) ?? 0 }));
  const levelTicks = axisTicks(Math.max(...scores.map((s) => s.count)));
  const levelMax = levelTicks[levelTicks.length - 1];
  const view = (next: Partial<FeedFilters>) => `/${feedQueryString({ ...filters, ...next })}`;

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
                  {r.eventType === "*" ? (
                    r.label
                  ) : (
                    <Link href={view({ types: [r.eventType] })} scroll={false} prefetch={false}>
                      {r.label}
                    </Link>
                  )}
                </th>
                <td>
                  <div>
                    <span style={{ width: `${Math.max(1, share(r.count, typeMax))}%` }} />
                    <span className="num">{r.count}</span>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <Axis ticks={typeTicks} className="chart-axis-x" />
      </figure>
      <figure>
        <figcaption>By importance (1–10)</figcaption>
        <div className="chart-levels-box">
          <Axis ticks={[...levelTicks].reverse()} className="chart-axis-y" />
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
                    {s.count ? (
                      <Link
                        href={view({ min: s.importance })}
                        scroll={false}
                        prefetch={false}
                        aria-label={`Show ${s.importance}+ (${s.count} at ${s.importance})`}
                        data-level={importanceLevel(s.importance)}
                        style={{ height: `${Math.max(2, share(s.count, levelMax))}%` }}
                      />
                    ) : (
                      <span className="sr-only">0</span>
                    )}
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
        </div>
      </figure>
    </div>
  );
}

/** An axis's tick labels, evenly spaced (decorative: the table holds the numbers). */
function Axis({ ticks, className }: { ticks: number[]; className: string }) {
  return (
    <div aria-hidden="true" className={`chart-axis ${className}`}>
      {ticks.map((t) => (
        <span key={t} className="num">
          {t}
        </span>
      ))}
    </div>
  );
}
