/**
 * Watchlists and alerts (issue 36): the zod schemas of /v1/watchlists, /v1/alerts,
 * /v1/alerts/credit, /v1/freshness and /v1/stream, once. The handlers (lib/alerts) validate with them and
 * /openapi.json describes them (./openapi.ts). Filters use the free feed's vocabulary and
 * validation (./schemas.ts): the same tickers, event types, markets and audience tags.
 */
import { z } from "zod";
import { AUDIENCE_TAGS, EVENT_TYPE_BY_NAME, MARKETS } from "@/lib/classify";
import { ALERT_PACK } from "./pricing";
import { CONTROL_CHARACTER, recentFilingDto, tickerParam } from "./schemas";

/** Per-wallet and per-watchlist limits, named in the 400s that enforce them. */
export const WATCHLIST_LIMITS = {
  perWallet: 20,
  tickers: 100,
  titleWords: 8,
  titleWordLength: 40,
  name: 100,
  url: 2_000,
  /** The largest JSON body a watchlist request may have. */
  bodyBytes: 16_384,
} as const;

export const ALERTS_PAGE_MAX = 100;

const EVENT_TYPE_NAMES = new Set<string>(EVENT_TYPE_BY_NAME.keys());
const MARKET_NAMES = MARKETS.map((m) => m.market) as [string, ...string[]];
const AUDIENCE_NAMES = AUDIENCE_TAGS.map((a) => a.tag) as [string, ...string[]];

const filterFields = {
  tickers: z
    .array(tickerParam)
    .max(WATCHLIST_LIMITS.tickers, `at most ${WATCHLIST_LIMITS.tickers} tickers`)
    .meta({ description: "Any of these tickers (empty: every listed company)" }),
  eventTypes: z
    .array(
      z
        .string()
        .trim()
        .toUpperCase()
        .refine((t) => EVENT_TYPE_NAMES.has(t), "must be one of /v1/vocabulary's event types"),
    )
    .max(EVENT_TYPE_NAMES.size)
    .meta({ description: "Any of these event types (empty: every type)" }),
  minImportance: z
    .int("minImportance must be an integer 1-10")
    .min(1, "minImportance must be an integer 1-10")
    .max(10, "minImportance must be an integer 1-10")
    .meta({ description: "Only filings at least this important (1-10)" }),
  markets: z
    .array(z.enum(MARKET_NAMES, { error: `must be one of ${MARKET_NAMES.join(", ")}` }))
    .max(MARKET_NAMES.length)
    .meta({ description: "Any of these markets (empty: every market)" }),
  audiences: z
    .array(z.enum(AUDIENCE_NAMES, { error: "must be one of /v1/vocabulary's audience tags" }))
    .max(AUDIENCE_NAMES.length)
    .meta({ description: "Filings actionable for any of these audiences (empty: any)" }),
  titleWords: z
    .array(
      z
        .string()
        .trim()
        .min(1, "must not be empty")
        .max(WATCHLIST_LIMITS.titleWordLength, `at most ${WATCHLIST_LIMITS.titleWordLength} characters`)
        .refine((w) => !CONTROL_CHARACTER.test(w), "must not contain control characters"),
    )
    .max(WATCHLIST_LIMITS.titleWords, `at most ${WATCHLIST_LIMITS.titleWords} words`)
    .meta({ description: "Every word must appear in the Korean title or the English label (case-insensitive)" }),
};

const webhookUrl = z
  .url({ protocol: /^https?$/, error: "must be an http(s) URL" })
  .max(WATCHLIST_LIMITS.url, `at most ${WATCHLIST_LIMITS.url} characters`)
  .meta({
    description:
      "Where signed alerts are POSTed (Standard Webhooks). https only, except locally; never a private, loopback, link-local or metadata address. null: no push, the cursor feed only",
    example: "https://example.com/hooks/dart",
  });

const name = z
  .string()
  .trim()
  .max(WATCHLIST_LIMITS.name, `at most ${WATCHLIST_LIMITS.name} characters`)
  .refine((n) => !CONTROL_CHARACTER.test(n), "must not contain control characters");

export const watchlistCreate = z
  .object({
    name: name.default(""),
    tickers: filterFields.tickers.default([]),
    eventTypes: filterFields.eventTypes.default([]),
    minImportance: filterFields.minImportance.default(1),
    markets: filterFields.markets.default([]),
    audiences: filterFields.audiences.default([]),
    titleWords: filterFields.titleWords.default([]),
    webhookUrl: webhookUrl.nullable().default(null),
  })
  .strict()
  .meta({ id: "WatchlistCreate" });

export const watchlistChange = z
  .object({
    name: name.optional(),
    tickers: filterFields.tickers.optional(),
    eventTypes: filterFields.eventTypes.optional(),
    minImportance: filterFields.minImportance.optional(),
    markets: filterFields.markets.optional(),
    audiences: filterFields.audiences.optional(),
    titleWords: filterFields.titleWords.optional(),
    webhookUrl: webhookUrl.nullable().optional(),
    enabled: z
      .literal(true)
      .optional()
      .meta({ description: "true: deliver again after the endpoint was disabled (the failure count restarts)" }),
    rotateSecret: z.literal(true).optional().meta({
      description:
        "true: a new signing secret, in this answer's `secret` only; the previous one keeps signing beside it for 24 hours",
    }),
  })
  .strict()
  .meta({ id: "WatchlistChange" });

export const watchlistPath = z.object({
  id: z
    .string()
    .regex(/^wl_[0-9a-f]{24}$/, "id must be a watchlist id (wl_ and 24 hex digits)")
    .meta({ description: "Watchlist id", example: "wl_0123456789abcdef01234567" }),
});

/**
 * /feeds/watchlists/{id}.atom?token=…, the private Atom feed (lib/alerts/feed.ts). The token is
 * any string here: a wrong or missing one is the handler's 404, the same as no watchlist.
 */
export const watchlistFeedPath = z
  .object({
    feed: z
      .string()
      .regex(/\.atom$/, "must be a watchlist id followed by .atom")
      .transform((feed) => feed.slice(0, -".atom".length))
      .pipe(watchlistPath.shape.id),
  })
  .transform(({ feed }) => ({ id: feed }));

export const watchlistFeedQuery = z.object({ token: z.string().optional() });

export const watchlistDto = z
  .object({
    id: z.string(),
    name: z.string(),
    tickers: z.array(z.string()),
    eventTypes: z.array(z.string()),
    minImportance: z.int(),
    markets: z.array(z.string()),
    audiences: z.array(z.string()),
    titleWords: z.array(z.string()),
    webhookUrl: z.string().nullable(),
    secretHint: z.string().meta({ description: "The secret's first characters, to tell it apart (never the secret)" }),
    atomUrl: z.url().meta({
      description:
        "The watchlist's matches as Atom, newest first, for feed readers: a private URL (its token is keyed by the secret; rotating the secret revokes it)",
    }),
    disabled: z
      .object({ at: z.iso.datetime(), reason: z.string() })
      .nullable()
      .meta({ description: "Set when deliveries stopped, and why; PATCH enabled=true resumes" }),
    createdAt: z.iso.datetime(),
  })
  .strict()
  .meta({ id: "Watchlist" });

export const watchlistWithSecret = watchlistDto
  .extend({
    secret: z.string().optional().meta({
      description:
        "The whsec_ signing secret: only in the answer that created or rotated it (POST, PATCH rotateSecret), never again",
    }),
  })
  .meta({ id: "WatchlistWithSecret" });

export const watchlistsResponse = z
  .object({
    wallet: z.string(),
    watchlists: z.array(watchlistDto),
    limit: z.int().meta({ description: "Watchlists a wallet may have" }),
    credit: z.int().meta({
      description:
        "Alert credit left: one is spent per delivered (or finally failed) webhook; bought in packs at POST /v1/alerts/credit",
    }),
  })
  .strict()
  .meta({ id: "WatchlistsResponse" });

export const deliveryAttemptDto = z
  .object({
    webhookId: z.string(),
    rcptNo: z.string(),
    attempt: z.int(),
    attemptedAt: z.iso.datetime(),
    statusCode: z.int().nullable(),
    error: z.string().nullable(),
    durationMs: z.int(),
  })
  .strict()
  .meta({ id: "DeliveryAttempt" });

export const deliveriesResponse = z
  .object({
    watchlist: z.string(),
    deliveries: z.array(deliveryAttemptDto).meta({ description: "The latest 50 attempts, newest first" }),
  })
  .strict()
  .meta({ id: "DeliveriesResponse" });

export const testDeliveryResponse = z
  .object({
    webhookId: z.string(),
    delivered: z.boolean(),
    statusCode: z.int().nullable(),
    error: z.string().nullable(),
    durationMs: z.int(),
  })
  .strict()
  .meta({ id: "TestDelivery" });

export const alertsQuery = z.object({
  watchlist: watchlistPath.shape.id,
  cursor: z
    .string()
    .regex(/^[0-9]{1,18}$/, "cursor must be the nextCursor of a previous page")
    .optional()
    .meta({ description: "nextCursor of the previous page, as given" }),
  limit: z.coerce
    .number({ error: `limit must be an integer 1-${ALERTS_PAGE_MAX}` })
    .int()
    .min(1)
    .max(ALERTS_PAGE_MAX, `limit must be an integer 1-${ALERTS_PAGE_MAX}`)
    .default(50),
});

export const alertDto = z
  .object({
    id: z.string().meta({ description: "The webhook-id every delivery attempt of this alert carried" }),
    rcptNo: z.string(),
    matchedAt: z.iso.datetime(),
    status: z.enum(["pending", "delivered", "failed", "unsent"]),
    attempts: z.int(),
    deliveredAt: z.iso.datetime().nullable(),
    lastError: z.string().nullable(),
    charged: z.boolean(),
    filing: recentFilingDto.nullable(),
  })
  .strict()
  .meta({ id: "Alert" });

export const alertsResponse = z
  .object({
    watchlist: z.string(),
    alerts: z.array(alertDto).meta({ description: "In the order they were matched, oldest first" }),
    nextCursor: z
      .string()
      .meta({ description: "Pass as cursor to continue; the same cursor again later for new ones" }),
  })
  .strict()
  .meta({ id: "AlertsResponse" });

const percentiles = z.object({ p50: z.number().nullable(), p95: z.number().nullable(), count: z.int() }).strict();

export const freshnessResponse = z
  .object({
    mode: z.enum(["live", "snapshot"]),
    lastSuccessfulPoll: z.iso.datetime().nullable(),
    ingestLagSeconds: percentiles.meta({
      description:
        "Over the newest 200 filings: first seen minus the start (00:00 KST) of its receipt day. DART publishes a receipt date, not a time: an upper bound of the lag",
    }),
    alertDeliverySeconds: percentiles.meta({
      description: "Over the newest 200 delivered alerts: from the match (the filing stored) to the receiver's 2xx",
    }),
  })
  .strict()
  .meta({ id: "Freshness" });

export type WatchlistCreate = z.output<typeof watchlistCreate>;
export type WatchlistChange = z.output<typeof watchlistChange>;
export type WatchlistDto = z.infer<typeof watchlistDto>;
export type AlertsQuery = z.output<typeof alertsQuery>;
export type AlertsResponse = z.infer<typeof alertsResponse>;
export type FreshnessResponse = z.infer<typeof freshnessResponse>;
export type DeliveriesResponse = z.infer<typeof deliveriesResponse>;
export type TestDeliveryResponse = z.infer<typeof testDeliveryResponse>;

/** POST /v1/alerts/credit's query: the pack, of the one size sold (stored with its payment: what it bought). */
export const alertPackQuery = z.object({
  alerts: z
    .enum([String(ALERT_PACK.alerts)])
    .default(String(ALERT_PACK.alerts))
    .meta({ description: `Alerts in the pack: ${ALERT_PACK.alerts}, the one size sold` }),
});

export const alertPackResponse = z
  .object({
    wallet: z
      .string()
      .meta({ description: "The paying wallet, which the credit belongs to (its watchlists spend it)" }),
    added: z.int().meta({ description: "Alerts this payment bought" }),
    bought: z.int().meta({ description: "Alerts the wallet has bought in all, this pack included" }),
    spent: z.int().meta({ description: "Alerts delivered (or finally failed) and charged so far" }),
    balance: z.int().meta({ description: "Alerts left: bought minus spent" }),
  })
  .strict()
  .meta({ id: "AlertPackResponse" });

export type AlertPackQuery = z.output<typeof alertPackQuery>;
export type AlertPackResponse = z.output<typeof alertPackResponse>;
