import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** Listed companies: DART's corpCode directory joined with the KRX listing. */
export const companies = pgTable(
  "companies",
  {
    ticker: text("ticker").primaryKey(),
    corpCode: text("corp_code").notNull(),
    nameKr: text("name_kr").notNull(),
    nameEn: text("name_en").notNull(),
    /** Where nameEn came from: the DART directory, company.json, or a romanisation of nameKr. */
    nameEnSource: text("name_en_source").notNull(),
    /** nameEn lower-cased without corporate suffixes and punctuation: the exact-match key. */
    nameEnKey: text("name_en_key").notNull(),
    market: text("market"),
    industry: text("industry"),
    /** Market capitalisation in KRW when known: ranks equally close search hits. */
    marketCap: bigint("market_cap", { mode: "number" }),
    sectorTags: text("sector_tags")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    modifyDate: text("modify_date"),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  // Searched in memory (lib/directory), so no trigram index: only the filings' lookup by corp code.
  (t) => [index("companies_corp_code_idx").on(t.corpCode)],
);

/** One row per DART receipt number; rcept_no is the only identity a filing has. */
export const filings = pgTable(
  "filings",
  {
    rcptNo: text("rcpt_no").primaryKey(),
    corpCode: text("corp_code").notNull(),
    corpName: text("corp_name").notNull(),
    /** Null for unlisted issuers: kept, but never in the listed-company feed. */
    ticker: text("ticker"),
    corpCls: text("corp_cls"),
    /** The title exactly as DART sent it (padding included). */
    reportNm: text("report_nm").notNull(),
    flrNm: text("flr_nm"),
    rm: text("rm"),
    rceptDt: date("rcept_dt", { mode: "string" }).notNull(),
    firstSeenAt: ts("first_seen_at").notNull(),
    /**
     * The instant the feed sorts and windows by: when the filing was first seen, but never
     * later than the end of its receipt day (KST), so a backfill does not make old filings "recent".
     */
    feedAt: ts("feed_at").notNull(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
    eventType: text("event_type").notNull(),
    reportNmEn: text("report_nm_en").notNull(),
    importanceScore: smallint("importance_score").notNull(),
    numericExpectation: text("numeric_expectation").notNull(),
    actionableFor: text("actionable_for").array().notNull(),
    classifierVersion: integer("classifier_version").notNull(),
  },
  (t) => [
    index("filings_feed_idx").on(t.feedAt.desc(), t.rcptNo.desc()),
    index("filings_ticker_feed_idx").on(t.ticker, t.feedAt.desc(), t.rcptNo.desc()),
    index("filings_classifier_version_idx").on(t.classifierVersion),
    // History by event type over a date range (GET /v1/filings?eventType=...): newest first from the index.
    index("filings_event_feed_idx").on(t.eventType, t.feedAt.desc(), t.rcptNo.desc()),
    // Words in the Korean title, the English label or the Korean company name (q): trigrams
    // answer ILIKE '%word%' for words of three characters or more, Korean included.
    index("filings_search_trgm_idx").using(
      "gin",
      sql`(${t.reportNm} || ' ' || ${t.reportNmEn} || ' ' || ${t.corpName}) gin_trgm_ops`,
    ),
  ],
);

/** Plain text of a filing's body (document.xml), fetched once on demand. */
export const filingDocuments = pgTable("filing_documents", {
  rcptNo: text("rcpt_no")
    .primaryKey()
    .references(() => filings.rcptNo, { onDelete: "cascade" }),
  /** ok: text present; no_file: DART has no document (status 014). */
  status: text("status").notNull(),
  text: text("text"),
  fetchedAt: ts("fetched_at").notNull().defaultNow(),
});

/**
 * DART's structured record of a major-event filing (the DS005 APIs, e.g. cvbdIsDecsn.json),
 * fetched once beside the body: the filing's terms as DART's own flat fields.
 */
export const filingStructured = pgTable("filing_structured", {
  rcptNo: text("rcpt_no")
    .primaryKey()
    .references(() => filings.rcptNo, { onDelete: "cascade" }),
  /** The DS005 API it came from, e.g. cvbdIsDecsn. */
  api: text("api").notNull(),
  /** ok: fields present; no_data: DART has no record for this filing (status 013). */
  status: text("status").notNull(),
  /** DART's field names to their values, exactly as sent (rcept_no, corp_code... included). */
  fields: jsonb("fields").$type<Record<string, string>>(),
  fetchedAt: ts("fetched_at").notNull().defaultNow(),
});

/** The shared summary cache: one validated summary per filing. */
export const summaries = pgTable("summaries", {
  rcptNo: text("rcpt_no")
    .primaryKey()
    .references(() => filings.rcptNo, { onDelete: "cascade" }),
  summaryEn: text("summary_en").notNull(),
  importanceScore: smallint("importance_score").notNull(),
  sectorTags: text("sector_tags").array().notNull(),
  tickerTags: text("ticker_tags").array().notNull(),
  actionableFor: text("actionable_for").array().notNull(),
  /** What the summary is grounded in: body, structured (DART's DS005 record) or body+structured. */
  basis: text("basis").notNull(),
  /** The generator that wrote it: a model id, or the offline extractive generator's versioned id. */
  modelId: text("model_id").notNull(),
  /**
   * Written by the fallback because the primary generator (a model) failed: replaced by the
   * model's summary once it answers again.
   */
  fallback: boolean("fallback").notNull().default(false),
  promptVersion: text("prompt_version").notNull(),
  /** summaryEn before rendering: English with a `{f3}` placeholder for every figure, date, name and term. */
  template: text("template").notNull(),
  /**
   * The fact sheet summaryEn was rendered from (lib/summaries/facts: FactSheet): every fact
   * with its Korean source cells, so the facts endpoint answers from the same row.
   */
  facts: jsonb("facts").notNull(),
  generatedAt: ts("generated_at").notNull().defaultNow(),
});

/** Single-flight claims: one generation per filing across every server instance at once. */
export const summaryLeases = pgTable("summary_leases", {
  rcptNo: text("rcpt_no").primaryKey(),
  holder: text("holder").notNull(),
  expiresAt: ts("expires_at").notNull(),
  /** When the holder's generation gives up (its paid deadline): waiters wait until then. */
  deadlineAt: ts("deadline_at"),
});

/** Every generation attempt, successful or not. */
export const summaryGenerations = pgTable(
  "summary_generations",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    rcptNo: text("rcpt_no").notNull(),
    modelId: text("model_id").notNull(),
    promptVersion: text("prompt_version").notNull(),
    inputTokens: integer("input_tokens"),
    outputTokens: integer("output_tokens"),
    latencyMs: integer("latency_ms").notNull(),
    /** ok | invalid | error | fallback */
    outcome: text("outcome").notNull(),
    detail: text("detail"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [index("summary_generations_rcpt_idx").on(t.rcptNo)],
);

/**
 * The x402 payment ledger, written ahead of settlement: a verified payment is recorded `pending`
 * (with the EIP-3009 authorization that identifies it on chain) before it is settled, then
 * marked `settled` with its transaction, or `void` once the chain shows it was never used. A
 * `pending` row whose process died is resolved against the chain (lib/payments/ledger.ts).
 */
export const PAYMENT_STATUSES = ["pending", "settled", "void"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const payments = pgTable(
  "payments",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    status: text("status", { enum: PAYMENT_STATUSES }).notNull(),
    network: text("network").notNull(),
    /** The settlement transaction; null until settled (and for a void payment). */
    txHash: text("tx_hash"),
    payer: text("payer").notNull(),
    payTo: text("pay_to").notNull(),
    asset: text("asset").notNull(),
    /** Token smallest units. */
    amount: bigint("amount", { mode: "bigint" }).notNull(),
    /** What was sold: the paid endpoint's id (get-summary, get-by-ticker), whatever carried it. */
    paidEndpoint: text("paid_endpoint").notNull(),
    /** Where it was sold: the HTTP path, or the MCP tool's resource URL. */
    endpoint: text("endpoint").notNull(),
    params: jsonb("params").notNull(),
    /** The receipt numbers whose summaries were delivered: what the payer may have again. */
    delivered: jsonb("delivered").$type<string[]>().notNull(),
    /** The EIP-3009 authorization nonce (bytes32 hex); null only for rows settled before the ledger was written ahead. */
    nonce: text("nonce"),
    /** The authorization's validBefore: unused past it, the payment can never settle. */
    validBefore: ts("valid_before"),
    /** Why the settlement failed, when the facilitator said so (the row stays pending until the chain confirms). */
    failure: text("failure"),
    recordedAt: ts("recorded_at").notNull().defaultNow(),
    settledAt: ts("settled_at"),
    /** When a pending row was settled or voided by resolution against the chain rather than by its own call. */
    resolvedAt: ts("resolved_at"),
  },
  (t) => [
    uniqueIndex("payments_network_tx_idx").on(t.network, t.txHash),
    uniqueIndex("payments_authorization_idx").on(t.network, t.asset, t.payer, t.nonce),
    index("payments_payer_idx").on(sql`lower(${t.payer})`),
    index("payments_pending_idx")
      .on(t.recordedAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/** Single-use nonces for wallet sign-in (SIWX, for redelivery): issued, then consumed once before they expire. */
export const signInNonces = pgTable(
  "sign_in_nonces",
  {
    nonce: text("nonce").primaryKey(),
    issuedAt: ts("issued_at").notNull().defaultNow(),
    expiresAt: ts("expires_at").notNull(),
  },
  (t) => [index("sign_in_nonces_expires_idx").on(t.expiresAt)],
);

/** Persisted state of each ingest job (the filing poller, the directory sync). */
export const ingestState = pgTable("ingest_state", {
  job: text("job").primaryKey(),
  /** KST date (YYYY-MM-DD) up to which every filing is known to be committed. */
  watermark: text("watermark"),
  lastAttemptAt: ts("last_attempt_at"),
  lastSuccessAt: ts("last_success_at"),
  lastCycleRows: integer("last_cycle_rows"),
  /** A DART status or error class, e.g. 020 (quota) or 010 (bad key); null when healthy. */
  errorCode: text("error_code"),
  errorMessage: text("error_message"),
  pausedUntil: ts("paused_until"),
  /** The KST day `quotaCalls` counts OpenDART calls of (the daily quota resets at KST midnight). */
  quotaDay: text("quota_day"),
  /** OpenDART calls this job made on `quotaDay`: a backfill paces itself within its daily share. */
  quotaCalls: integer("quota_calls").notNull().default(0),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

/**
 * Watchlists (issue 36): filters over the free feed owned by a wallet (the only identity), with
 * an optional webhook endpoint. `secret` signs deliveries (Standard Webhooks, `whsec_…`): stored
 * as it is, since an HMAC needs it, and shown to its owner only when created or rotated. The
 * previous secret keeps signing beside the new one until `previousSecretExpiresAt`.
 */
export const watchlists = pgTable(
  "watchlists",
  {
    id: text("id").primaryKey(),
    /** The owner's address, checksummed (EIP-55), as sign-in-with-x proves it. */
    wallet: text("wallet").notNull(),
    name: text("name").notNull().default(""),
    tickers: text("tickers")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    eventTypes: text("event_types")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    minImportance: smallint("min_importance").notNull().default(1),
    markets: text("markets")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    audiences: text("audiences")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Every word must appear in the Korean title or the English label (case-insensitive). */
    titleWords: text("title_words")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Null: a cursor-feed-only watchlist (GET /v1/alerts), nothing pushed. */
    webhookUrl: text("webhook_url"),
    secret: text("secret").notNull(),
    previousSecret: text("previous_secret"),
    previousSecretExpiresAt: ts("previous_secret_expires_at"),
    /** Set when deliveries stopped (too many failures, a refused address): why, in disabledReason. */
    disabledAt: ts("disabled_at"),
    disabledReason: text("disabled_reason"),
    /** Matches in a row whose every retry failed; reset by any 2xx. */
    consecutiveFailures: integer("consecutive_failures").notNull().default(0),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [index("watchlists_wallet_idx").on(t.wallet, t.createdAt)],
);

export const ALERT_STATUSES = ["pending", "delivered", "failed", "unsent"] as const;
export type AlertStatus = (typeof ALERT_STATUSES)[number];

/**
 * The outbox: one row per (watchlist, filing), written in the transaction that stores the filing
 * (db/queries/filings.ts), so a match is never lost and never doubled. It is also the delivery
 * job (claimed with FOR UPDATE SKIP LOCKED under a lease) and the cursor feed's record. `body`
 * is frozen before the first attempt: every attempt under `webhook-id` sends the same bytes.
 */
export const alertMatches = pgTable(
  "alert_matches",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    watchlistId: text("watchlist_id")
      .notNull()
      .references(() => watchlists.id, { onDelete: "cascade" }),
    rcptNo: text("rcpt_no")
      .notNull()
      .references(() => filings.rcptNo, { onDelete: "cascade" }),
    matchedAt: ts("matched_at").notNull().defaultNow(),
    /** pending: to send; delivered: a 2xx; failed: every retry failed; unsent: no endpoint, disabled, or no credit. */
    status: text("status", { enum: ALERT_STATUSES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: ts("next_attempt_at").notNull().defaultNow(),
    /** A worker's claim: another may take the row once this has passed (the worker died). */
    lockedUntil: ts("locked_until"),
    body: text("body"),
    deliveredAt: ts("delivered_at"),
    lastError: text("last_error"),
    /** One alert credit was spent on it (a 2xx, or the last retry failing). */
    charged: boolean("charged").notNull().default(false),
  },
  (t) => [
    uniqueIndex("alert_matches_watchlist_rcpt_idx").on(t.watchlistId, t.rcptNo),
    index("alert_matches_feed_idx").on(t.watchlistId, t.id),
    index("alert_matches_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/** Every delivery attempt of a match: when, what the receiver answered, how long it took. */
export const alertDeliveries = pgTable(
  "alert_deliveries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    matchId: bigint("match_id", { mode: "number" })
      .notNull()
      .references(() => alertMatches.id, { onDelete: "cascade" }),
    attempt: integer("attempt").notNull(),
    attemptedAt: ts("attempted_at").notNull(),
    /** The receiver's HTTP status; null when none came (refused address, timeout, connection error). */
    statusCode: integer("status_code"),
    error: text("error"),
    durationMs: integer("duration_ms").notNull(),
  },
  (t) => [index("alert_deliveries_match_idx").on(t.matchId)],
);

/** New filings in the order they were stored: the ids of GET /v1/stream (Last-Event-ID). */
export const filingEvents = pgTable("filing_events", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  rcptNo: text("rcpt_no")
    .notNull()
    .references(() => filings.rcptNo, { onDelete: "cascade" }),
  createdAt: ts("created_at").notNull().defaultNow(),
});

/**
 * Alert credit spent per wallet, one per delivered (or finally failed) alert. What a wallet
 * bought is never stored here: it is the sum of its settled alert-pack payments in the ledger,
 * so a pack is credited exactly when, and only if, its payment settled (also one resolved
 * against the chain after a crash).
 */
export const alertCredit = pgTable("alert_credit", {
  wallet: text("wallet").primaryKey(),
  spent: integer("spent").notNull().default(0),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});
