/**
 * "Watch" (issue 36 point 6): what a company page, a feed view and a search become as a
 * watchlist, and in words which of their filters carry over and which cannot. Every proposal is
 * checked against the API's own body schema (POST /v1/watchlists' watchlistCreate), so what the
 * explorer sends is what the route accepts. The feed's company text is looked up in the bundled
 * directory.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUDIENCE_TAGS, EVENT_TYPES } from "@/lib/classify";
import { getDb } from "@/lib/database";
import { DEFAULT_FEED_FILTERS } from "@/lib/explorer/filters";
import { audienceChoices, feedWatchProposal, watchVocabulary } from "@/lib/explorer/watch";
import {
  companyWatch,
  describeWatchFilters,
  feedViewWatch,
  NO_FILTERS,
  searchWatch,
  titleWordsOf,
  TITLE_WORD_LIMITS,
  type WatchProposal,
} from "@/lib/explorer/watch-filters";
import { filingsQuery } from "@/lib/interface/schemas";
import { WATCHLIST_LIMITS, watchlistCreate } from "@/lib/interface/watchlists";
import { useFreshAppDatabase } from "../support/app";

const vocabulary = watchVocabulary();

/** The body the explorer posts for a proposal, as the route validates it. */
function accepted(proposal: WatchProposal) {
  const parsed = watchlistCreate.safeParse({ name: proposal.name, ...proposal.filters, webhookUrl: null });
  expect(parsed.error?.issues ?? []).toEqual([]);
  return parsed.data!;
}

describe("the vocabulary a watchlist is described in", () => {
  it("names every event type and audience tag of the free feed", () => {
    expect(Object.keys(vocabulary.eventTypes).sort()).toEqual(EVENT_TYPES.map((t) => t.eventType).sort());
    expect(Object.keys(vocabulary.audiences).sort()).toEqual(AUDIENCE_TAGS.map((a) => a.tag).sort());
    expect(audienceChoices().map((a) => a.tag)).toEqual(AUDIENCE_TAGS.map((a) => a.tag));
    expect(vocabulary.audiences.long_term_investors).toBe("Long-term investors");
    expect(vocabulary.audiences.esg_analysts).toBe("ESG analysts");
  });

  it("and the limits it repeats are the route's", () => {
    expect(TITLE_WORD_LIMITS).toEqual({ words: WATCHLIST_LIMITS.titleWords, length: WATCHLIST_LIMITS.titleWordLength });
  });
});

describe("a company page", () => {
  it("watches its ticker, every type and importance", () => {
    const proposal = companyWatch("005930", "Samsung Electronics");
    expect(accepted(proposal)).toMatchObject({ tickers: ["005930"], eventTypes: [], minImportance: 1 });
    expect(proposal.name).toBe("Samsung Electronics (005930)");
    expect(proposal.carried).toEqual(["Company: Samsung Electronics (005930)"]);
    expect(proposal.dropped).toEqual([]);
  });
});

describe("a feed view", () => {
  const [first, second] = EVENT_TYPES;

  it("carries its event types, minimum importance and markets; says its window and summary filter cannot", () => {
    const proposal = feedViewWatch(
      {
        ...DEFAULT_FEED_FILTERS,
        min: 6,
        types: [first.eventType, second.eventType],
        markets: ["KOSPI"],
        hours: 168,
        summary: true,
      },
      vocabulary,
    );
    expect(accepted(proposal)).toMatchObject({
      tickers: [],
      eventTypes: [first.eventType, second.eventType],
      minImportance: 6,
      markets: ["KOSPI"],
    });
    expect(proposal.carried).toEqual([
      `Event types: ${first.labelEn}, ${second.labelEn}`,
      "Importance 6 or more",
      "Markets: KOSPI",
    ]);
    expect(proposal.dropped).toHaveLength(2);
    expect(proposal.dropped[0]).toMatch(/^Window \(7 days\): a watchlist is told of filings stored from now on/);
    expect(proposal.dropped[1]).toMatch(/^Only filings with an English summary to buy/);
    expect(proposal.name).toBe(`Feed: ${first.labelEn}, ${second.labelEn} · importance 6+ · KOSPI`);
  });

  it("the default view watches every filing, and says so", () => {
    const proposal = feedViewWatch(DEFAULT_FEED_FILTERS, vocabulary);
    expect(accepted(proposal)).toMatchObject(NO_FILTERS);
    expect(proposal.carried).toEqual([]);
    expect(proposal.name).toBe("Feed: every filing");
    expect(proposal.dropped).toEqual([expect.stringMatching(/^Window \(1 day\)/)]);
  });

  it("keeps a name within the route's limit however many types it has", () => {
    const proposal = feedViewWatch({ ...DEFAULT_FEED_FILTERS, types: EVENT_TYPES.map((t) => t.eventType) }, vocabulary);
    expect(proposal.name.length).toBeLessThanOrEqual(WATCHLIST_LIMITS.name);
    accepted(proposal);
  });
});

describe("a feed view's company text, looked up in the directory", () => {
  let teardown: () => Promise<void>;
  beforeAll(async () => {
    teardown = await useFreshAppDatabase();
  });
  afterAll(async () => teardown());

  it("carries over as the ticker when it is exactly a listed one", async () => {
    const proposal = await feedWatchProposal(await getDb(), { ...DEFAULT_FEED_FILTERS, company: "005930" });
    expect(accepted(proposal).tickers).toEqual(["005930"]);
    expect(proposal.carried).toEqual(["Company: Samsung Electronics (005930)"]);
  });

  it("cannot when it is part of a name (or no listed ticker), and says why", async () => {
    for (const company of ["samsung", "999999"]) {
      const proposal = await feedWatchProposal(await getDb(), { ...DEFAULT_FEED_FILTERS, company });
      expect(accepted(proposal).tickers).toEqual([]);
      expect(proposal.dropped[0]).toBe(
        `Company text “${company}”: a watchlist names companies by ticker (watch a company from its page, or type its ticker)`,
      );
    }
  });
});

describe("a search", () => {
  const search = (raw: Record<string, unknown>) => searchWatch(filingsQuery.parse(raw), vocabulary);

  it("turns its words into title words (and says the search also looked in names), keeps its ticker, types, importance and markets", () => {
    const [type] = EVENT_TYPES;
    const proposal = search({
      q: "전환사채 발행",
      ticker: "005930",
      eventType: type.eventType,
      minImportance: "4",
      market: "KOSPI",
    });
    expect(accepted(proposal)).toMatchObject({
      tickers: ["005930"],
      titleWords: ["전환사채", "발행"],
      eventTypes: [type.eventType],
      minImportance: 4,
      markets: ["KOSPI"],
    });
    expect(proposal.carried[1]).toBe(
      "Title words: 전환사채, 발행 (each must be in the Korean title or the English label; the search also looked in company names)",
    );
    expect(proposal.dropped).toEqual([]);
    expect(proposal.name).toBe(`Search: 005930 · ${type.labelEn} · importance 4+ · KOSPI · “전환사채” “발행”`);
  });

  it("cannot hold its days, nor a word longer than the route takes", () => {
    const long = "x".repeat(TITLE_WORD_LIMITS.length + 1);
    const proposal = search({ q: `rights ${long}`, from: "2026-07-01", to: "2026-07-16" });
    expect(accepted(proposal).titleWords).toEqual(["rights"]);
    expect(proposal.dropped).toEqual([
      `Words longer than ${TITLE_WORD_LIMITS.length} characters: ${long}`,
      "Days (2026-07-01 to 2026-07-16): a watchlist is told of filings stored from now on, so it has no window of past days",
    ]);
  });
});

describe("a watchlist described", () => {
  it("one line per filter, in English labels; 'Every filing' for none", () => {
    const [type] = EVENT_TYPES;
    expect(
      describeWatchFilters(
        {
          tickers: ["005930", "000660"],
          eventTypes: [type.eventType],
          minImportance: 7,
          markets: ["KOSDAQ"],
          audiences: ["traders"],
          titleWords: ["유상증자"],
        },
        vocabulary,
      ),
    ).toEqual([
      "Tickers: 005930, 000660",
      `Event types: ${type.labelEn}`,
      "Importance 7 or more",
      "Markets: KOSDAQ",
      "Audiences: Traders",
      "Title words: 유상증자",
    ]);
    expect(describeWatchFilters(NO_FILTERS, vocabulary)).toEqual(["Every filing"]);
  });

  it("title words typed in one box: split on spaces, without repeats", () => {
    expect(titleWordsOf("  전환사채  발행 전환사채 ")).toEqual(["전환사채", "발행"]);
  });
});
