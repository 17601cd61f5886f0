DROP INDEX "submissions_idempotency_idx";--> statement-breakpoint
DROP INDEX "submissions_resume_token_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "submissions_idempotency_idx" ON "submissions" USING btree ("form_id","idempotency_key") WHERE "submissions"."idempotency_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "submissions_resume_token_idx" ON "submissions" USING btree ("resume_token_hash") WHERE "submissions"."resume_token_hash" is not null;