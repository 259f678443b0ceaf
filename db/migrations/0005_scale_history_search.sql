ALTER TABLE "ingest_state" ADD COLUMN "quota_day" text;--> statement-breakpoint
ALTER TABLE "ingest_state" ADD COLUMN "quota_calls" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "filings_event_feed_idx" ON "filings" USING btree ("event_type","feed_at" DESC NULLS LAST,"rcpt_no" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "filings_search_trgm_idx" ON "filings" USING gin (("report_nm" || ' ' || "report_nm_en" || ' ' || "corp_name") gin_trgm_ops);