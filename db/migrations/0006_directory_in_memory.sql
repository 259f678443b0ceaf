DROP INDEX "companies_name_kr_trgm_idx";--> statement-breakpoint
DROP INDEX "companies_name_en_key_trgm_idx";