/**
 * The feed's filters as the URL carries them. No server imports: the filter form (a client
 * island) builds URLs with this, the server parses them with `feedFilterQuery` (./schemas).
 */
import { FEED_ROWS } from "@/lib/interface/feed-rows";

export interface FeedFilters {
  /** Minimum importance, 1-10 (1 = everything). */
  min: number;
  /** Event types (any of); empty = all. */
  types: string[];
  /** Markets (any of); empty = all. */
  markets: string[];
  /** Window in hours, 1-168, against when each filing was first seen. */
  hours: number;
  /** Company text: part of the Korean or English name, or a ticker prefix. */
  company: string;
  /** How many of the newest rows the view shows (FEED_ROWS by default, "Show more" adds FEED_ROWS). */
  rows: number;
  /** Only filings whose English summary can be bought. */
  summary: boolean;
}

export const DEFAULT_FEED_FILTERS: FeedFilters = {
  min: 1,
  types: [],
  markets: [],
  hours: 24,
  company: "",
  rows: FEED_ROWS,
  summary: false,
};

export const WINDOW_CHOICES = [
  { hours: 6, label: "6 hours" },
  { hours: 24, label: "24 hours" },
  { hours: 72, label: "3 days" },
  { hours: 168, label: "7 days" },
] as const;

/** The canonical query string of a view (defaults left out, lists sorted), so equal views share one URL. */
export function feedSearchParams(filters: FeedFilters): URLSearchParams {
  const p = new URLSearchParams();
  if (filters.min > 1) p.set("min", String(filters.min));
  if (filters.types.length) p.set("type", [...filters.types].sort().join(","));
  if (filters.markets.length) p.set("market", [...filters.markets].sort().join(","));
  if (filters.hours !== DEFAULT_FEED_FILTERS.hours) p.set("hours", String(filters.hours));
  if (filters.company.trim()) p.set("company", filters.company.trim());
  if (filters.rows !== DEFAULT_FEED_FILTERS.rows) p.set("rows", String(filters.rows));
  if (filters.summary) p.set("summary", "1");
  return p;
}

/** `?min=5&type=…`, or "" for the default view. */
export function feedQueryString(filters: FeedFilters): string {
  const s = feedSearchParams(filters).toString();
  return s ? `?${s}` : "";
}

export function isDefaultView(filters: FeedFilters): boolean {
  return feedQueryString(filters) === "";
}
