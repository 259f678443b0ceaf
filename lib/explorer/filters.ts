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
  /**
   * Window in hours, 1-168, against when each filing was first seen; or "all": every day an
   * offline snapshot holds, so its bundled bodies' filings show on their real days (live: 168).
   */
  hours: FeedWindow;
  /** Company text: part of the Korean or English name, or a ticker prefix. */
  company: string;
  /** How many of the newest rows the view shows (FEED_ROWS by default, "Show more" adds FEED_ROWS). */
  rows: number;
  /** Only filings whose English summary can be bought. */
  summary: boolean;
}

export type FeedWindow = number | "all";

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

/** The offline snapshot's extra window: every day it holds. */
export const ALL_DAYS_WINDOW = { hours: "all", label: "All snapshot days" } as const;

/** What a window is called: "24 hours", "All snapshot days", "12 hours". */
export function windowLabel(hours: FeedWindow): string {
  if (hours === "all") return ALL_DAYS_WINDOW.label;
  return WINDOW_CHOICES.find((w) => w.hours === hours)?.label ?? `${hours} hours`;
}

/** The view of every filing whose summary can be bought, over every snapshot day. */
export const FOR_SALE_VIEW: Partial<FeedFilters> = { hours: "all", summary: true };

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
