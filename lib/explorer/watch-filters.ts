/**
 * What "Watch" turns a page into (issue 36 point 6, issue 37 point 8): a watchlist's filters
 * (POST /v1/watchlists: tickers, event types, minimum importance, markets, audience tags and
 * title words — the free feed's vocabulary) from a company page, a feed view or a search, and
 * in words which of the page's filters carry over and which a watchlist cannot hold. Pure and
 * free of server imports: the pages build a proposal, the watchlists page (a client island)
 * describes the watchlists it lists with the same words.
 */
import { ALERT_PACK as SOLD_PACK } from "@/lib/interface/pricing";
import type { FeedFilters } from "./filters";

/** A watchlist's filters, as POST /v1/watchlists takes them and GET answers them. */
export interface WatchFilters {
  tickers: string[];
  eventTypes: string[];
  minImportance: number;
  markets: string[];
  audiences: string[];
  titleWords: string[];
}

/** What a page proposes to watch: the filters, a name, and what of the page's view carried over or could not. */
export interface WatchProposal {
  /** The watchlist's name unless the reader gives another. */
  name: string;
  filters: WatchFilters;
  /** The page's filters that become the watchlist's, in words ("Importance 5 or more"). */
  carried: string[];
  /** The page's filters a watchlist cannot hold, each with why. */
  dropped: string[];
}

/** The words the filters are described with: event types' and audiences' English labels. */
export interface WatchVocabulary {
  eventTypes: Record<string, string>;
  audiences: Record<string, string>;
}

/**
 * The pack of alert credit the explorer offers: POST /v1/alerts/credit, x402 exact, at the price
 * lib/interface sells it (issue 36 point 3). The amount the wallet signs is the 402 challenge's,
 * shown before signing; this is the button's label.
 */
export const ALERT_PACK = { path: "/v1/alerts/credit", alerts: SOLD_PACK.alerts, priceUsdc: SOLD_PACK.usdc } as const;

/** The limits of POST /v1/watchlists' title words (lib/interface/watchlists.ts' WATCHLIST_LIMITS). */
export const TITLE_WORD_LIMITS = { words: 8, length: 40 } as const;
const NAME_LENGTH = 100;

export const NO_FILTERS: WatchFilters = {
  tickers: [],
  eventTypes: [],
  minImportance: 1,
  markets: [],
  audiences: [],
  titleWords: [],
};

const list = (items: string[]) => items.join(", ");
const named = (name: string) => (name.length > NAME_LENGTH ? `${name.slice(0, NAME_LENGTH - 1)}…` : name);

/** What every watchlist leaves out of a view: it looks at filings stored from its creation on. */
const FROM_NOW_ON = "a watchlist is told of filings stored from now on, so it has no window of past days";

/** Watch one company: its ticker, every event type and importance. */
export function companyWatch(ticker: string, nameEn: string): WatchProposal {
  return {
    name: named(`${nameEn} (${ticker})`),
    filters: { ...NO_FILTERS, tickers: [ticker] },
    carried: [`Company: ${nameEn} (${ticker})`],
    dropped: [],
  };
}

/**
 * Watch a feed view (`/`). `companyTicker`: the ticker the view's company text names exactly,
 * when it does (the page looks it up); other company text is part of names, which a watchlist
 * cannot match.
 */
export function feedViewWatch(
  filters: FeedFilters,
  vocabulary: Pick<WatchVocabulary, "eventTypes">,
  company?: { ticker: string; nameEn: string },
): WatchProposal {
  const out: WatchFilters = { ...NO_FILTERS };
  const carried: string[] = [];
  const dropped: string[] = [];
  if (company) {
    out.tickers = [company.ticker];
    carried.push(`Company: ${company.nameEn} (${company.ticker})`);
  } else if (filters.company) {
    dropped.push(
      `Company text “${filters.company}”: a watchlist names companies by ticker (watch a company from its page, or type its ticker)`,
    );
  }
  carryCommon(out, carried, filters.types, filters.min, filters.markets, vocabulary);
  dropped.push(`Window (${windowText(filters.hours)}): ${FROM_NOW_ON}`);
  if (filters.summary) {
    dropped.push(
      "Only filings with an English summary to buy: whether a summary can be sold is known only once a filing is stored",
    );
  }
  return { name: viewName("Feed", out, vocabulary), filters: out, carried, dropped };
}

/** The parameters of a search (`/filings`, as GET /v1/filings reads them) that a watchlist is made of. */
export interface SearchWatchInput {
  q?: string[];
  ticker?: string;
  eventType: string[];
  minImportance?: number;
  market: string[];
  from?: string;
  to?: string;
}

/**
 * Watch a search (`/filings`): its words become title words (a search also finds them in company
 * names, a watchlist only in the title and its English label), its ticker, types, importance and
 * markets carry over; its days cannot.
 */
export function searchWatch(query: SearchWatchInput, vocabulary: Pick<WatchVocabulary, "eventTypes">): WatchProposal {
  const out: WatchFilters = { ...NO_FILTERS };
  const carried: string[] = [];
  const dropped: string[] = [];
  if (query.ticker) {
    out.tickers = [query.ticker];
    carried.push(`Ticker: ${query.ticker}`);
  }
  const words = query.q ?? [];
  const kept = words.filter((w) => w.length <= TITLE_WORD_LIMITS.length).slice(0, TITLE_WORD_LIMITS.words);
  if (kept.length) {
    out.titleWords = kept;
    carried.push(
      `Title words: ${list(kept)} (each must be in the Korean title or the English label; the search also looked in company names)`,
    );
  }
  const tooLong = words.filter((w) => w.length > TITLE_WORD_LIMITS.length);
  if (tooLong.length) dropped.push(`Words longer than ${TITLE_WORD_LIMITS.length} characters: ${list(tooLong)}`);
  carryCommon(out, carried, query.eventType, query.minImportance ?? 1, query.market, vocabulary);
  if (query.from || query.to) {
    const days =
      query.from && query.to ? `${query.from} to ${query.to}` : query.from ? `from ${query.from}` : `to ${query.to}`;
    dropped.push(`Days (${days}): ${FROM_NOW_ON}`);
  }
  return { name: viewName("Search", out, vocabulary), filters: out, carried, dropped };
}

function carryCommon(
  out: WatchFilters,
  carried: string[],
  types: string[],
  min: number,
  markets: string[],
  vocabulary: Pick<WatchVocabulary, "eventTypes">,
): void {
  if (types.length) {
    out.eventTypes = [...types];
    carried.push(`Event types: ${list(types.map((t) => vocabulary.eventTypes[t] ?? t))}`);
  }
  if (min > 1) {
    out.minImportance = min;
    carried.push(`Importance ${min} or more`);
  }
  if (markets.length) {
    out.markets = [...markets];
    carried.push(`Markets: ${list(markets)}`);
  }
}

function windowText(hours: FeedFilters["hours"]): string {
  if (hours === "all") return "all snapshot days";
  return hours % 24 === 0 ? `${hours / 24} ${hours === 24 ? "day" : "days"}` : `${hours} hours`;
}

/** "Feed: Rights offering · importance 5+ · KOSPI", or "Feed: every filing": short, within the route's limit. */
function viewName(kind: string, f: WatchFilters, vocabulary: Pick<WatchVocabulary, "eventTypes">): string {
  const parts = [
    f.tickers.join(", "),
    f.eventTypes.map((t) => vocabulary.eventTypes[t] ?? t).join(", "),
    f.minImportance > 1 ? `importance ${f.minImportance}+` : "",
    f.markets.join(", "),
    f.titleWords.map((w) => `“${w}”`).join(" "),
  ].filter(Boolean);
  return named(`${kind}: ${parts.length ? parts.join(" · ") : "every filing"}`);
}

/** A watchlist's filters in words, one line each; "Every filing" when it has none. */
export function describeWatchFilters(filters: WatchFilters, vocabulary: WatchVocabulary): string[] {
  const lines: string[] = [];
  if (filters.tickers.length) lines.push(`Tickers: ${list(filters.tickers)}`);
  if (filters.eventTypes.length)
    lines.push(`Event types: ${list(filters.eventTypes.map((t) => vocabulary.eventTypes[t] ?? t))}`);
  if (filters.minImportance > 1) lines.push(`Importance ${filters.minImportance} or more`);
  if (filters.markets.length) lines.push(`Markets: ${list(filters.markets)}`);
  if (filters.audiences.length)
    lines.push(`Audiences: ${list(filters.audiences.map((a) => vocabulary.audiences[a] ?? a))}`);
  if (filters.titleWords.length) lines.push(`Title words: ${list(filters.titleWords)}`);
  return lines.length ? lines : ["Every filing"];
}

/** Title words as typed in one box: split on spaces, repeats and empty ones left out. */
export function titleWordsOf(text: string): string[] {
  return [...new Set(text.split(/\s+/).filter(Boolean))];
}
