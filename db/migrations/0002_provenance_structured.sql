CREATE TABLE "filing_structured" (
	"rcpt_no" text PRIMARY KEY NOT NULL,
	"api" text NOT NULL,
	"status" text NOT NULL,
	"fields" jsonb,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "summaries" ADD COLUMN "fallback" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "summary_leases" ADD COLUMN "deadline_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "filing_structured" ADD CONSTRAINT "filing_structured_rcpt_no_filings_rcpt_no_fk" FOREIGN KEY ("rcpt_no") REFERENCES "public"."filings"("rcpt_no") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Summaries are sold only when grounded in the body or DART's structured record: title-only ones go.
DELETE FROM "summaries" WHERE "basis" = 'title_only';
