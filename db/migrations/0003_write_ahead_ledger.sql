CREATE TABLE "sign_in_nonces" (
	"nonce" text PRIMARY KEY NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "payments_payer_idx";--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "tx_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "settled_at" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "settled_at" DROP NOT NULL;--> statement-breakpoint
-- Every row written before this migration was written after its settlement.
ALTER TABLE "payments" ADD COLUMN "status" text DEFAULT 'settled' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "status" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "paid_endpoint" text;--> statement-breakpoint
-- What was sold, from its parameters: only by-ticker takes a ticker.
UPDATE "payments" SET "paid_endpoint" = CASE WHEN "params" ? 'ticker' THEN 'get-by-ticker' ELSE 'get-summary' END;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "paid_endpoint" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "nonce" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "valid_before" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "failure" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "recorded_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "payments" SET "recorded_at" = "settled_at";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "sign_in_nonces_expires_idx" ON "sign_in_nonces" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_authorization_idx" ON "payments" USING btree ("network","asset","payer","nonce");--> statement-breakpoint
CREATE INDEX "payments_pending_idx" ON "payments" USING btree ("recorded_at") WHERE "payments"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "payments_payer_idx" ON "payments" USING btree (lower("payer"));