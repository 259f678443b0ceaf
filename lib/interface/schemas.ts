/**
 * The interface's schemas, defined once: the route handlers validate with them and the
 * OpenAPI document is generated from them.
 */
import { z } from "zod";
import { EVENT_TYPE_BY_NAME, MARKETS } from "@/lib/classify";
import { ATOM_ROWS, FEED_MAX_ROWS, FEED_ROWS } from "./feed-rows";
import { BY_TICKER_LIMIT, PRICE_PER_SUMMARY_USDC, PURCHASED_CONTENT_MAX } from "./pricing";

// ---------- parameters ----------

/**
 * An integer that is clamped into [min, max]; missing or non-numeric input takes the default.
 * A query string gives it text, an MCP tool call a JSON number: both are read the same way.
 */
function clampedInt(min: number, max: number, fallback: number, description: string) {
  return (
    z
      .preprocess((raw) => {
        const n =
          typeof raw === "number" ? raw : typeof raw === "string" && raw.trim() !== "" ? Number(raw) : Number.NaN;
        return Number.isFinite(n) ? Math.min(max, Math.max(min, Math.trunc(n))) : fallback;
      }, z.number().int().min(min).max(max))
      // Missing is the default already; saying so makes the field optional in JSON Schema (MCP tool inputs).
      .default(fallback)
      .meta({ description, default: fallback })
  );
}

/** PostgreSQL text cannot hold NUL, and no name or filter has a control character in it. */
export const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

export const TICKER_PATTERN = /^[0-9A-Z]{6,7}$/;
export const RCPT_NO_PATTERN = /^[0-9]{14}$/;

export const tickerParam = z
  .string({ error: "ticker is required" })
  .trim()
  .toUpperCase()
  .regex(TICKER_PATTERN, "ticker must be 6 or 7 characters from 0-9A-Z")
  .meta({ description: "Exchange ticker, e.g. 005930", example: "005930" });

export const rcptNoParam = z
  .string({ error: "rcptNo is required" })
  .trim()
  .regex(RCPT_NO_PATTERN, "rcptNo must be exactly 14 digits")
  .meta({ description: "14-digit DART receipt number", example: "20260730800123" });

export const recentQuery = z.object({
  limit: clampedInt(1, 100, 20, "Rows to return, 1-100 (clamped)"),
  since_hours: clampedInt(
    1,
    168,
    24,
    "Window in hours, 1-168 (clamped), measured against when each filing was first seen, never later than the end of its receipt day (KST)",
  ),
  ticker: tickerParam.optional(),
});

/** A parameter given once or repeated (`eventType=A&eventType=B`), commas splitting too: a list of trimmed items. */
function repeatable<T extends z.ZodType>(item: T, description: string) {
  return z
    .preprocess(
      (raw) =>
        (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw])
          .flatMap((v) => (typeof v === "string" ? v.split(",") : [v]))
          .map((v) => (typeof v === "string" ? v.trim().toUpperCase() : v))
          .filter((v) => v !== ""),
      z.array(item),
    )
    .meta({ description });
}

const kstDay = (name: string) =>
  z.iso
    .date({ error: `${name} must be a date, YYYY-MM-DD` })
    .meta({ description: `${name === "from" ? "First" : "Last"} receipt day, KST (YYYY-MM-DD), inclusive` });

/** Words in a title or a name: every word must appear (q of /v1/filings). */
const searchWords = z
  .string()
  .trim()
  .min(1, "q must not be empty")
  .max(200, "q must be at most 200 characters")
  .refine((q) => !/[\u0000-\u001f\u007f]/.test(q), "q must not contain control characters")
  .transform((q) => [...new Set(q.split(/\s+/))].slice(0, 8))
  .meta({
    description:
      "Words (up to 8), each of which must appear in the English filing-type label, the Korean title or the company's Korean or English name; results are ranked",
    example: "convertible",
  });

/**
 * An opaque page cursor of /v1/filings: base64url JSON, either the last row seen (newest-first
 * order) or the next position (ranked order, with q).
 */
export const filingsCursor = z
  .string()
  .trim()
  .transform((raw, ctx) => {
    try {
      const c = JSON.parse(Buffer.from(raw, "base64url").toString("utf8")) as unknown;
      const parsed = cursorShape.safeParse(c);
      if (parsed.success) return parsed.data;
    } catch {
      // fall through to the issue below
    }
    ctx.addIssue({ code: "custom", message: "cursor is not one this endpoint gave out" });
    return z.NEVER;
  })
  .meta({ description: "nextCursor of the previous page, as given (opaque)" });

/** `n`: the total the first page counted, carried on so later pages need not count again. */
const cursorTotal = z.int().min(0).max(1_000_000).optional();
const cursorShape = z.union([
  z.object({ t: z.iso.datetime({ offset: true }), r: z.string().regex(RCPT_NO_PATTERN), n: cursorTotal }).strict(),
  z.object({ o: z.int().min(0).max(100_000), n: cursorTotal }).strict(),
]);
export type FilingsCursor = z.output<typeof cursorShape>;

export function encodeFilingsCursor(cursor: FilingsCursor): string {
  return Buffer.from(JSON.stringify(cursor), "utf8").toString("base64url");
}

/** GET /v1/filings' total is exact up to this many; this many means at least this many. */
export const FILINGS_TOTAL_CAP = 1_000;

const EVENT_TYPE_NAMES = new Set<string>(EVENT_TYPE_BY_NAME.keys());
const MARKET_NAMES = new Set<string>(MARKETS.map((m) => m.market));

/** History and search (GET /v1/filings): strict filters, a clamped limit like recent's. */
export const filingsQuery = z
  .object({
    from: kstDay("from").optional(),
    to: kstDay("to").optional(),
    q: searchWords.optional(),
    ticker: tickerParam.optional(),
    eventType: repeatable(
      z.string().refine((t) => EVENT_TYPE_NAMES.has(t), "eventType must be one of /v1/vocabulary's event types"),
      "Event types (repeat the parameter, or separate by commas): any of them",
    ),
    minImportance: z.coerce
      .number({ error: "minImportance must be an integer 1-10" })
      .int("minImportance must be an integer 1-10")
      .min(1, "minImportance must be an integer 1-10")
      .max(10, "minImportance must be an integer 1-10")
      .optional()
      .meta({ description: "Only filings at least this important (1-10)" }),
    market: repeatable(
      z.string().refine((m) => MARKET_NAMES.has(m), "market must be one of KOSPI, KOSDAQ, KOSDAQ GLOBAL, KONEX"),
      "Markets (repeat, or separate by commas): any of them",
    ),
    limit: clampedInt(1, 100, 20, "Rows to return, 1-100 (clamped)"),
    cursor: filingsCursor.optional(),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { message: "from must not be after to", path: ["from"] });

export const companySearchQuery = z.object({
  q: z
    .string({ error: "q is required" })
    .trim()
    .min(1, "q must not be empty")
    .max(200, "q must be at most 200 characters")
    .refine((q) => !CONTROL_CHARACTER.test(q), "q must not contain control characters")
    .meta({
      description: "Korean name, English name or ticker; partial and misspelt names work",
      example: "samsung elec",
    }),
  limit: clampedInt(1, 50, 20, "Matches to return, 1-50 (clamped)"),
});

export const tickerPath = z.object({ ticker: tickerParam });

export const summaryQuery = z.object({ rcptNo: rcptNoParam });

export const availabilityQuery = z.object({ rcptNo: rcptNoParam });

export const byTickerQuery = z.object({
  ticker: tickerParam,
  limit: clampedInt(
    BY_TICKER_LIMIT.min,
    BY_TICKER_LIMIT.max,
    BY_TICKER_LIMIT.default,
    `Summaries paid for, ${BY_TICKER_LIMIT.min}-${BY_TICKER_LIMIT.max} (clamped); the price is ${PRICE_PER_SUMMARY_USDC} USDC times limit`,
  ),
});

export const purchasesQuery = z.object({
  limit: clampedInt(1, 100, 50, "Purchases to list, 1-100 (clamped)"),
  include: z
    .enum(["content"])
    .optional()
    .meta({
      description: `content: also deliver again, free, each filing the wallet bought (its summary with its fact sheet, as /v1/disclosures/facts), up to ${PURCHASED_CONTENT_MAX} per call`,
    }),
  rcptNo: z
    .string()
    .trim()
    .regex(
      new RegExp(`^[0-9]{14}(,[0-9]{14}){0,${PURCHASED_CONTENT_MAX - 1}}$`),
      `rcptNo must be 1-${PURCHASED_CONTENT_MAX} comma-separated 14-digit receipt numbers`,
    )
    .optional()
    .meta({
      description: `With include=content: only these filings (1-${PURCHASED_CONTENT_MAX} comma-separated receipt numbers), e.g. those a device lacks`,
      example: "20260730800123",
    }),
});

/** A comma-separated list, each item kept only when it matches `item` (lenient: a view never fails). */
function csvList(item: RegExp, description: string) {
  return z
    .preprocess(
      (raw) =>
        typeof raw === "string"
          ? [...new Set(raw.split(",").map((v) => v.trim().toUpperCase()))].filter((v) => item.test(v))
          : [],
      z.array(z.string()),
    )
    .meta({ description });
}

/**
 * The explorer's feed view (`/`, `/api/feed`, `/feeds/recent.atom`): the feed's window plus
 * narrowing filters. Bad values fall back to defaults, so a hand-edited URL still shows a feed.
 */
export const feedViewQuery = z.object({
  min: clampedInt(1, 10, 1, "Minimum importance, 1-10"),
  type: csvList(/^[A-Z]+(_[A-Z]+)*$/, "Event types, comma-separated (any of)"),
  market: csvList(/^[A-Z]+( [A-Z]+)?$/, "Markets, comma-separated (any of)"),
  hours: z.union([z.literal("all"), clampedInt(1, 168, 24, "")]).meta({
    description:
      "Window in hours, 1-168, or all: every day the offline snapshot holds (live, all is 168). Bad values fall back to 24",
    default: 24,
  }),
  company: z
    // Text with a control character matches no name: the filter is ignored, as any bad value is.
    .preprocess(
      (raw) => (typeof raw === "string" && !CONTROL_CHARACTER.test(raw) ? raw.trim().slice(0, 60) : ""),
      z.string(),
    )
    .meta({ description: "Part of a company's Korean or English name, or a ticker prefix" }),
  rows: clampedInt(1, FEED_MAX_ROWS, FEED_ROWS, `Newest rows to show, 1-${FEED_MAX_ROWS} (clamped)`),
  summary: z
    .preprocess((raw) => raw === "1", z.boolean())
    .meta({ description: "1: only filings whose English summary can be bought" }),
});

/** The same view as Atom (`/feeds/recent.atom`, `/companies/{ticker}/feed.atom`), with a reader-sized default. */
export const atomFeedQuery = feedViewQuery.extend({
  rows: clampedInt(1, FEED_MAX_ROWS, ATOM_ROWS, `Newest entries, 1-${FEED_MAX_ROWS} (clamped)`),
});

// ---------- resources ----------

const eventType = z.string().regex(/^[A-Z]+(_[A-Z]+)*$/);
const audienceTag = z.string().regex(/^[a-z]+(_[a-z]+)*$/);
const numericExpectation = z.enum(["HIGH", "LOW"]);

export const recentFilingDto = z
  .object({
    rcptNo: z.string().regex(RCPT_NO_PATTERN),
    ticker: z.string(),
    corpName: z.string(),
    corpNameEn: z.string(),
    reportNm: z.string(),
    reportNmEn: z.string(),
    rceptDt: z.iso.date(),
    importanceScore: z.int().min(1).max(10),
    eventType,
    sectorTags: z.array(z.string()).optional().meta({
      description: "Present only once the filing's summary exists; absence means not yet classified, not no sector",
    }),
    tickerTags: z.array(z.string()),
    actionableFor: z.array(audienceTag),
    sourceUrl: z.url(),
    numericExpectation,
  })
  .strict()
  .meta({ id: "RecentFilingDto" });

export const recentFilingsResponse = z
  .object({ filings: z.array(recentFilingDto) })
  .strict()
  .meta({ id: "RecentFilingsResponse" });

export const filingsResponse = z
  .object({
    filings: z.array(recentFilingDto),
    total: z
      .int()
      .min(0)
      .meta({
        description: `How many filings match, exact up to ${FILINGS_TOTAL_CAP}; ${FILINGS_TOTAL_CAP} means at least that many`,
      }),
    nextCursor: z.string().nullable().meta({ description: "Pass as cursor for the next page; null on the last page" }),
  })
  .strict()
  .meta({ id: "FilingsResponse" });

export const disclosureSummaryDto = z
  .object({
    rcptNo: z.string().regex(RCPT_NO_PATTERN),
    corpName: z.string(),
    corpNameEn: z.string(),
    reportNm: z.string(),
    reportNmEn: z.string(),
    summaryEn: z.string(),
    importanceScore: z.int().min(1).max(10),
    eventType,
    sectorTags: z.array(z.string()),
    tickerTags: z.array(z.string()),
    actionableFor: z.array(audienceTag),
    sourceUrl: z.url(),
    numericExpectation,
    generatedAt: z.iso.datetime(),
  })
  .strict()
  .meta({ id: "DisclosureSummaryDto" });

export const byTickerResponse = z
  .object({
    ticker: z.string(),
    count: z.int().meta({ description: "Alias of delivered, kept for older clients" }),
    chargedFor: z.int(),
    delivered: z.int(),
    summaries: z.array(disclosureSummaryDto),
  })
  .strict()
  .meta({ id: "ByTickerResponse" });

/** Why a filing's summary is not sold (lib/summaries/errors.ts): the 422's and availability's `reason`. */
export const NOT_SELLABLE_REASONS = [
  "not_in_snapshot",
  "no_document",
  "no_facts",
  "incomplete_facts",
  "not_renderable",
  "form_not_sold",
] as const;

/** The kinds of fact a fact sheet holds (lib/summaries/facts): what decides a value's form and rendering. */
export const FACT_KINDS = [
  "amount",
  "shares",
  "percent",
  "percentage_points",
  "ratio",
  "date",
  "period",
  "party",
  "security",
  "count",
  "enumeration",
] as const;

/** How to read a fact sheet (/v1/disclosures/facts), as /docs states it. */
export const FACT_SHEET_NOTES = [
  "Every figure, date, party and term the summary states is one of the facts' text values, so each can be checked against the filing.",
  `kind (${FACT_KINDS.join(", ")}) decides the form of value: amounts, shares, counts and ratios as numbers in their unit (won, not billions); a percentage as 6.8, percentage points in pp; an ISO date; a period as {from, to}; a party, security or term as the Korean name or term as filed.`,
  "A signed amount (operating profit, net income, a change) keeps its sign in value; its text is the magnitude (KRW 12 billion) and the summary says the sign in words (operating loss).",
  'A party\'s text may carry the Korean name beside a romanised one: Hangukpail Co., Ltd. ("주식회사 한국파일").',
  "source.label and source.value are the Korean cells the fact was read from, verbatim; section names the group or numbered item over an ambiguous label (or the DART structured record), column the header over the value in a table of several columns.",
  "role comes from the event type's vocabulary, and every fact has one: a cell whose Korean label the dictionary does not know is never a fact. Such cells are listed apart in cells, in Korean exactly as filed, with no kind, unit or English, and the summary never states them.",
  "A filing is sold only when its summary will be delivered, decided before any payment: 422 summary_not_available with reason no_facts (none of its type's key facts), incomplete_facts (its form's key table is empty) or not_renderable (no summary of its facts passes the checks), as /v1/disclosures/availability says.",
  "A correction ([기재정정]) names the stored filing it corrects in correctsRcptNo.",
  "The summary and its facts are one cached answer: buying either endpoint fills the cache for both (each call is paid).",
] as const;

/** A correction's link to the filing it corrects. */
const correctsRcptNo = z.string().regex(RCPT_NO_PATTERN).nullable().meta({
  description:
    "For a correction ([기재정정]): the receipt number of the filing it corrects (same company and form, filed on the day the correction names), when the service stores it; null otherwise",
});

/** The Korean cells a value was read from, verbatim: a fact's source, or a cell listed apart. */
const sourceCells = z
  .object({
    label: z.string().meta({ description: "The Korean label cell, verbatim" }),
    value: z.string().meta({ description: "The Korean value cell, verbatim" }),
    section: z.string().optional().meta({
      description:
        "The section the label sits under when the label alone is ambiguous, or the DART structured record a fact came from",
    }),
    column: z
      .string()
      .optional()
      .meta({ description: "The column header over the value, in a table with several columns" }),
  })
  .strict()
  .meta({ id: "SourceCells" });

export const factDto = z
  .object({
    id: z.string().meta({ description: "f1, f2, …: stable within the filing's fact sheet" }),
    role: z.string().meta({
      description:
        "What the fact is, from the event type's controlled vocabulary (e.g. contract.amount, record_date). Every fact has one: a cell the label dictionary does not know is never a fact (see cells)",
    }),
    label: z.string().meta({ description: "English label of the role" }),
    kind: z.enum(FACT_KINDS),
    value: z.union([z.number(), z.string(), z.object({ from: z.string(), to: z.string() }).strict()]).meta({
      description:
        "Canonical value: an amount in the currency's unit (won, not billions), shares, a percentage as 6.8, an ISO date, a period {from, to}, or the Korean name or term as filed",
    }),
    unit: z.string().nullable().meta({ description: "KRW, USD, shares, %, pp, …; null when the kind has none" }),
    text: z.string().meta({
      description:
        "The rendered form (KRW 258.0 billion, September 22, 2025): every figure in summary.summaryEn is one of these",
    }),
    translatedBy: z.enum(["glossary", "model"]).optional().meta({
      description:
        "Present when text is English for a Korean term: from the service's term tables and glossary (glossary), or a model's translation of a free-text cell, written beside its Korean as 'English (translated from \"한국어\")' (model). A model writes nothing else a buyer reads",
    }),
    source: sourceCells,
  })
  .strict()
  .meta({ id: "Fact" });

export const disclosureFactsResponse = z
  .object({
    rcptNo: z.string().regex(RCPT_NO_PATTERN),
    summary: disclosureSummaryDto,
    facts: z.array(factDto).meta({
      description: "The filing's fact sheet, in body order, each fact with the Korean cells it was read from",
    }),
    correctsRcptNo,
    cells: z.array(sourceCells).meta({
      description:
        "Other figures of the filing whose labels the dictionary does not know, in Korean exactly as filed: no kind, unit or English, never stated in the summary, not checked (at most 40)",
    }),
    generator: z.string().meta({
      description:
        "Who wrote the summary and from what, as the X-Summary-Generator header: '<model id or offline version>; basis=<...>[; fallback]'",
    }),
  })
  .strict()
  .meta({ id: "DisclosureFactsResponse" });

export const companyDto = z
  .object({
    ticker: z.string(),
    corpCode: z.string().meta({ description: "DART company code: 8 digits" }),
    nameKr: z.string(),
    nameEn: z.string(),
    market: z.string(),
    isExactMatch: z.boolean(),
  })
  .strict()
  .meta({ id: "CompanyDto" });

export const companySearchResponse = z
  .object({ matches: z.array(companyDto).meta({ description: "Ranked: exact matches first, then by similarity" }) })
  .strict()
  .meta({ id: "CompanySearchResponse" });

export const summaryAvailabilityResponse = z
  .object({
    rcptNo: z.string().regex(RCPT_NO_PATTERN),
    summaryAvailable: z.boolean().meta({
      description:
        "A paid /v1/disclosures/summary call delivers a summary: it is cached, or the filing's body or DART's structured record is in hand. False while availability is unknown",
    }),
    availability: z.enum(["available", "unknown", "unavailable"]).meta({
      description:
        "available: as summaryAvailable says. unknown: DART has not been asked for the filing's sources yet; a paid call asks first, before any payment (see payerRisk). unavailable: nothing a summary could be grounded in (see reason)",
    }),
    payerRisk: z.string().nullable().meta({
      description:
        "While availability is unknown: what a paid call may answer instead of the summary (422 summary_not_available, 503 summary_unavailable), never charged. Null otherwise",
    }),
    cached: z.boolean().meta({ description: "The summary is already generated: a paid call answers at once" }),
    basis: z.enum(["body", "structured", "body+structured"]).nullable().meta({
      description: "What the summary is (or will be) grounded in; null unless availability is available",
    }),
    reason: z.enum(NOT_SELLABLE_REASONS).nullable().meta({
      description:
        "Why no summary can be had: not_in_snapshot (the offline snapshot does not bundle the body; changes only if the service gets a DART key), no_document (DART has no document or structured record; permanent), no_facts (the body states none of the key facts of its type, so a summary would only restate the title; permanent), incomplete_facts (the form's key table is empty; permanent), not_renderable (no summary of its facts passes the service's checks; permanent for this version), form_not_sold (a form the service does not sell, for the reason the 422's message states: an offering document, structured notes, an auditor's report, an offering's result, a routine related-party report, a meeting notice). Null unless availability is unavailable",
    }),
    generator: z.string().nullable().meta({
      description:
        "Who wrote the cached summary and from what, as the paid routes' X-Summary-Generator header: '<model id or offline-extractive version>; basis=<...>[; fallback]'. Null when not cached",
    }),
    correctsRcptNo: correctsRcptNo,
  })
  .strict()
  .meta({ id: "SummaryAvailability" });

export const errorBody = z
  .object({
    error: z.string(),
    message: z.string().optional(),
    details: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
    retryAfter: z.int().optional(),
    reason: z
      .enum(NOT_SELLABLE_REASONS)
      .optional()
      .meta({ description: "summary_not_available (422): why the filing has nothing a summary could be grounded in" }),
  })
  .meta({ id: "Error" });

export const signInChallenge = z
  .object({
    info: z
      .object({
        domain: z.string().meta({ description: "This service's host: the message's domain" }),
        uri: z.string(),
        version: z.literal("1"),
        nonce: z.string().meta({ description: "Single-use; issued for this challenge only" }),
        issuedAt: z.iso.datetime(),
        expirationTime: z.iso.datetime().meta({ description: "The nonce is refused after this" }),
        statement: z.string(),
        resources: z.array(z.string()).optional(),
      })
      .strict(),
    supportedChains: z.array(
      z
        .object({
          chainId: z.string().meta({ description: "CAIP-2 id of the payment network" }),
          type: z.literal("eip191"),
        })
        .strict(),
    ),
    schema: z
      .record(z.string(), z.unknown())
      .optional()
      .meta({ description: "In a 402's extensions: the JSON Schema of the signed payload the client sends back" }),
  })
  .strict()
  .meta({
    id: "SignInChallenge",
    description:
      "x402 sign-in-with-x (CAIP-122) challenge: the EIP-4361 message fields to sign with the wallet that paid, chainId from supportedChains",
  });

export const purchaseDto = z
  .object({
    paidEndpoint: z.enum(["get-summary", "get-facts", "get-by-ticker", "buy-alert-credit"]),
    path: z.string().meta({ description: "The HTTP endpoint that delivers it again with a wallet sign-in" }),
    params: z.record(z.string(), z.unknown()).meta({ description: "The query it was bought with" }),
    delivered: z
      .array(z.string())
      .meta({ description: "Receipt numbers of the summaries it bought (none for an alert pack)" }),
    amount: z.string().meta({ description: "Token units paid (6 decimals)" }),
    transaction: z.string(),
    settledAt: z.iso.datetime(),
  })
  .strict()
  .meta({ id: "Purchase" });

export const purchasedContent = z
  .object({
    rcptNo: z.string().regex(RCPT_NO_PATTERN),
    content: disclosureFactsResponse
      .optional()
      .meta({ description: "The filing's summary with its fact sheet, as /v1/disclosures/facts delivers it" }),
    unavailable: z
      .object({
        error: z.string().meta({ description: "not_purchased, or the error code the facts endpoint would answer" }),
        message: z.string(),
      })
      .strict()
      .optional()
      .meta({ description: "Why the content is not here (nothing else fails with it): absent when content is" }),
  })
  .strict()
  .meta({ id: "PurchasedContent" });

export const purchasesResponse = z
  .object({
    wallet: z.string(),
    purchases: z.array(purchaseDto).meta({ description: "Newest first" }),
    contents: z.array(purchasedContent).optional().meta({
      description:
        "With include=content: each filing bought (in the listed purchases, or those rcptNo names), newest first, with its content or why not",
    }),
    contentsLeft: z
      .array(z.string())
      .optional()
      .meta({
        description: `With include=content: further filings the listed purchases bought, beyond the ${PURCHASED_CONTENT_MAX} delivered per call; ask for them with rcptNo=`,
      }),
  })
  .strict()
  .meta({ id: "PurchasesResponse" });

export type RecentFilingDto = z.infer<typeof recentFilingDto>;
export type DisclosureSummaryDto = z.infer<typeof disclosureSummaryDto>;
export type ByTickerResponse = z.infer<typeof byTickerResponse>;
export type FactDto = z.infer<typeof factDto>;
export type DisclosureFactsResponse = z.infer<typeof disclosureFactsResponse>;
export type SourceCellsDto = z.infer<typeof sourceCells>;
export type SummaryAvailabilityResponse = z.infer<typeof summaryAvailabilityResponse>;
export type CompanyDto = z.infer<typeof companyDto>;
export type SignInChallenge = z.infer<typeof signInChallenge>;
export type PurchasesQuery = z.output<typeof purchasesQuery>;
export type PurchasesResponse = z.infer<typeof purchasesResponse>;
export type PurchasedContent = z.infer<typeof purchasedContent>;
export type FeedViewQuery = z.output<typeof feedViewQuery>;
export type FilingsQuery = z.output<typeof filingsQuery>;
export type FilingsResponse = z.infer<typeof filingsResponse>;
