import type { Db } from "@/db";
import {
  recentFilingCounts,
  recentFilings,
  recentSellableFilingCounts,
  recentSellableFilings,
  type FilingView,
  type RecentFilingCounts,
} from "@/db/queries";
import type { DataFreshness } from "@/lib/api/freshness";
import type { FeedViewQuery, RecentFilingDto } from "@/lib/interface/schemas";
import { EVENT_TYPE_BY_NAME, type EventType } from "@/lib/classify";
import { serviceClock, type Clock } from "@/lib/clock";
import { readThroughCache, toRecentFilingDto } from "@/lib/disclosures";
import { displayCompanyName } from "@/lib/names";
import type { FeedFilters } from "./filters";
import { fetchesFromDart, storedButUnsellable, summaryOffers } from "./offers";

/** A feed row: the API's free resource plus what a reader needs to place it. Never a summary. */
export interface ExplorerFiling extends RecentFilingDto {
  /** When the service first saw it (ISO), never later than the end of its receipt day. */
  seenAt: string;
  eventLabel: string;
  /** The company's market from the directory; null when it is not in the directory. */
  market: string | null;
  /** Its English summary can be bought (./offers.ts). Whether this reader bought it is known only in the browser. */
  summaryOffer: boolean;
}

/**
 * What a feed row shows, and all the page hands its live list: every row is sent twice (HTML
 * and data). The DART link is built from the receipt number.
 */
export type FeedRow = Pick<
  ExplorerFiling,
  | "rcptNo"
  | "ticker"
  | "corpName"
  | "corpNameEn"
  | "reportNm"
  | "reportNmEn"
  | "importanceScore"
  | "eventType"
  | "eventLabel"
  | "seenAt"
  | "market"
  | "summaryOffer"
>;

export function toFeedRow(f: ExplorerFiling): FeedRow {
  const {
    rcptNo,
    ticker,
    corpName,
    corpNameEn,
    reportNm,
    reportNmEn,
    importanceScore,
    eventType,
    eventLabel,
    seenAt,
    market,
    summaryOffer,
  } = f;
  return {
    rcptNo,
    ticker,
    corpName,
    corpNameEn,
    reportNm,
    reportNmEn,
    importanceScore,
    eventType,
    eventLabel,
    seenAt,
    market,
    summaryOffer,
  };
}

export interface FeedCounts extends Omit<RecentFilingCounts, "byEventType"> {
  byEventType: { eventType: string; label: string; count: number }[];
}

export interface FeedView {
  filings: ExplorerFiling[];
  /** The whole window's filings by event type and by importance (not only the rows shown). */
  counts: FeedCounts;
  /** The window the view covers (ISO instants). */
  window: { since: string; until: string };
}

/**
 * A view as the live list holds it. The page sends only what is shown (the rows' shown fields,
 * the chart's counts: every byte is in each response of `/`); a poll answers the whole view.
 */
export type FeedAnswer = Omit<FeedView, "filings"> & { filings: FeedRow[]; freshness: DataFreshness };

const HOUR_MS = 3_600_000;
/** Feed views are reused for a few seconds: a burst of page renders and polls becomes one query. */
const feedViewCache = readThroughCache<FeedView>(5_000);

export function eventLabel(eventType: string): string {
  return EVENT_TYPE_BY_NAME.get(eventType as EventType)?.labelEn ?? eventType;
}

export function toExplorerFiling(view: FilingView, summaryOffer: boolean): ExplorerFiling {
  const dto = toRecentFilingDto(view);
  return {
    ...dto,
    // The registered name as prose writes it ("Samsung Electronics"); the API keeps it as registered.
    corpNameEn: displayCompanyName(dto.corpNameEn),
    seenAt: view.filing.feedAt.toISOString(),
    eventLabel: eventLabel(view.filing.eventType),
    market: view.company?.market ?? null,
    summaryOffer,
  };
}

/** Rows of a list with whether each offers a summary: one availability query for the whole list. */
export async function toExplorerFilings(db: Db, views: FilingView[]): Promise<ExplorerFiling[]> {
  const offers = await summaryOffers(
    db,
    views.map((v) => v.filing.rcptNo),
  );
  return views.map((v) => toExplorerFiling(v, offers.has(v.filing.rcptNo)));
}

/** The view a query asks for; "all days" only on an offline snapshot (live: the widest window, 7 days). */
export function toFeedFilters(query: FeedViewQuery, clock: Clock = serviceClock()): FeedFilters {
  return {
    min: query.min,
    types: query.type,
    markets: query.market,
    hours: query.hours === "all" && !clock.snapshotAsOf ? 168 : query.hours,
    company: query.company,
    rows: query.rows,
    summary: query.summary,
  };
}

/** One feed view: the newest rows and the counts of the whole window, for the page, its poll and its Atom feed. */
export async function feedView(db: Db, clock: Clock, filters: FeedFilters, ticker?: string): Promise<FeedView> {
  // Windows end on the next whole second, so views within one second share one result.
  const until = Math.ceil(clock.now().getTime() / 1000) * 1000;
  const key = JSON.stringify([filters, ticker ?? null, until]);
  return feedViewCache(db, key, async () => {
    const filter = {
      since: filters.hours === "all" ? new Date(0) : new Date(until - filters.hours * HOUR_MS),
      until: new Date(until),
      ticker,
      minImportance: filters.min,
      eventTypes: filters.types,
      markets: filters.markets,
      company: filters.company,
    };
    const sellable = filters.summary && { fetchable: fetchesFromDart(), excluded: await storedButUnsellable(db) };
    const [views, counts] = await Promise.all([
      sellable
        ? recentSellableFilings(db, { ...filter, limit: filters.rows }, sellable)
        : recentFilings(db, { ...filter, limit: filters.rows }),
      sellable ? recentSellableFilingCounts(db, filter, sellable) : recentFilingCounts(db, filter),
    ]);
    return {
      filings: await toExplorerFilings(db, views),
      counts: { ...counts, byEventType: counts.byEventType.map((c) => ({ ...c, label: eventLabel(c.eventType) })) },
      window: { since: filter.since.toISOString(), until: filter.until.toISOString() },
    };
  });
}
