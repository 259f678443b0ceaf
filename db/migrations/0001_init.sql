CREATE TABLE "companies" (
	"ticker" text PRIMARY KEY NOT NULL,
	"corp_code" text NOT NULL,
	"name_kr" text NOT NULL,
	"name_en" text NOT NULL,
	"name_en_source" text NOT NULL,
	"name_en_key" text NOT NULL,
	"market" text,
	"industry" text,
	"market_cap" bigint,
	"sector_tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"modify_date" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "filing_documents" (
	"rcpt_no" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"text" text,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "filings" (
	"rcpt_no" text PRIMARY KEY NOT NULL,
	"corp_code" text NOT NULL,
	"corp_name" text NOT NULL,
	"ticker" text,
	"corp_cls" text,
	"report_nm" text NOT NULL,
	"flr_nm" text,
	"rm" text,
	"rcept_dt" date NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"feed_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"event_type" text NOT NULL,
	"report_nm_en" text NOT NULL,
	"importance_score" smallint NOT NULL,
	"numeric_expectation" text NOT NULL,
	"actionable_for" text[] NOT NULL,
	"classifier_version" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ingest_state" (
	"job" text PRIMARY KEY NOT NULL,
	"watermark" text,
	"last_attempt_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"last_cycle_rows" integer,
	"error_code" text,
	"error_message" text,
	"paused_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"network" text NOT NULL,
	"tx_hash" text NOT NULL,
	"payer" text NOT NULL,
	"pay_to" text NOT NULL,
	"asset" text NOT NULL,
	"amount" bigint NOT NULL,
	"endpoint" text NOT NULL,
	"params" jsonb NOT NULL,
	"delivered" jsonb NOT NULL,
	"settled_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "summaries" (
	"rcpt_no" text PRIMARY KEY NOT NULL,
	"summary_en" text NOT NULL,
	"importance_score" smallint NOT NULL,
	"sector_tags" text[] NOT NULL,
	"ticker_tags" text[] NOT NULL,
	"actionable_for" text[] NOT NULL,
	"basis" text NOT NULL,
	"model_id" text NOT NULL,
	"prompt_version" text NOT NULL,
	"generated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "summary_generations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"rcpt_no" text NOT NULL,
	"model_id" text NOT NULL,
	"prompt_version" text NOT NULL,
	"input_tokens" integer,
	"output_tokens" integer,
	"latency_ms" integer NOT NULL,
	"outcome" text NOT NULL,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "summary_leases" (
	"rcpt_no" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "filing_documents" ADD CONSTRAINT "filing_documents_rcpt_no_filings_rcpt_no_fk" FOREIGN KEY ("rcpt_no") REFERENCES "public"."filings"("rcpt_no") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "summaries" ADD CONSTRAINT "summaries_rcpt_no_filings_rcpt_no_fk" FOREIGN KEY ("rcpt_no") REFERENCES "public"."filings"("rcpt_no") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "companies_corp_code_idx" ON "companies" USING btree ("corp_code");--> statement-breakpoint
CREATE INDEX "companies_name_kr_trgm_idx" ON "companies" USING gin ("name_kr" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "companies_name_en_key_trgm_idx" ON "companies" USING gin ("name_en_key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "filings_feed_idx" ON "filings" USING btree ("feed_at" DESC NULLS LAST,"rcpt_no" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "filings_ticker_feed_idx" ON "filings" USING btree ("ticker","feed_at" DESC NULLS LAST,"rcpt_no" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "filings_classifier_version_idx" ON "filings" USING btree ("classifier_version");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_network_tx_idx" ON "payments" USING btree ("network","tx_hash");--> statement-breakpoint
CREATE INDEX "payments_payer_idx" ON "payments" USING btree ("payer");--> statement-breakpoint
CREATE INDEX "summary_generations_rcpt_idx" ON "summary_generations" USING btree ("rcpt_no");