CREATE TABLE "alert_credit" (
	"wallet" text PRIMARY KEY NOT NULL,
	"spent" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alert_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"match_id" bigint NOT NULL,
	"attempt" integer NOT NULL,
	"attempted_at" timestamp with time zone NOT NULL,
	"status_code" integer,
	"error" text,
	"duration_ms" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alert_matches" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"watchlist_id" text NOT NULL,
	"rcpt_no" text NOT NULL,
	"matched_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"body" text,
	"delivered_at" timestamp with time zone,
	"last_error" text,
	"charged" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "filing_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"rcpt_no" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "watchlists" (
	"id" text PRIMARY KEY NOT NULL,
	"wallet" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"tickers" text[] DEFAULT '{}'::text[] NOT NULL,
	"event_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"min_importance" smallint DEFAULT 1 NOT NULL,
	"markets" text[] DEFAULT '{}'::text[] NOT NULL,
	"audiences" text[] DEFAULT '{}'::text[] NOT NULL,
	"title_words" text[] DEFAULT '{}'::text[] NOT NULL,
	"webhook_url" text,
	"secret" text NOT NULL,
	"previous_secret" text,
	"previous_secret_expires_at" timestamp with time zone,
	"disabled_at" timestamp with time zone,
	"disabled_reason" text,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_match_id_alert_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."alert_matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_matches" ADD CONSTRAINT "alert_matches_watchlist_id_watchlists_id_fk" FOREIGN KEY ("watchlist_id") REFERENCES "public"."watchlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_matches" ADD CONSTRAINT "alert_matches_rcpt_no_filings_rcpt_no_fk" FOREIGN KEY ("rcpt_no") REFERENCES "public"."filings"("rcpt_no") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filing_events" ADD CONSTRAINT "filing_events_rcpt_no_filings_rcpt_no_fk" FOREIGN KEY ("rcpt_no") REFERENCES "public"."filings"("rcpt_no") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_deliveries_match_idx" ON "alert_deliveries" USING btree ("match_id");--> statement-breakpoint
CREATE UNIQUE INDEX "alert_matches_watchlist_rcpt_idx" ON "alert_matches" USING btree ("watchlist_id","rcpt_no");--> statement-breakpoint
CREATE INDEX "alert_matches_feed_idx" ON "alert_matches" USING btree ("watchlist_id","id");--> statement-breakpoint
CREATE INDEX "alert_matches_due_idx" ON "alert_matches" USING btree ("next_attempt_at") WHERE "alert_matches"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "watchlists_wallet_idx" ON "watchlists" USING btree ("wallet","created_at");