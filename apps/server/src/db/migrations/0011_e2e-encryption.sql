ALTER TABLE "forms" ADD COLUMN "encryption_level" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "forms" ADD COLUMN "encryption_key" jsonb;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "envelope" jsonb;