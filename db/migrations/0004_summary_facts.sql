-- Every sold summary is rendered from a checked fact sheet: summaries written before fact
-- sheets existed go (the cache regenerates them, with their sheet, on the next request).
DELETE FROM "summaries";--> statement-breakpoint
ALTER TABLE "summaries" ADD COLUMN "template" text NOT NULL;--> statement-breakpoint
ALTER TABLE "summaries" ADD COLUMN "facts" jsonb NOT NULL;
