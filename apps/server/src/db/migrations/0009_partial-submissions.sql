CREATE TABLE "form_funnel_stats" (
	"form_id" integer NOT NULL,
	"step_index" integer NOT NULL,
	"step" text NOT NULL,
	"shard" smallint DEFAULT 0 NOT NULL,
	"reached" integer DEFAULT 0 NOT NULL,
	"seconds_histogram" integer[] NOT NULL,
	CONSTRAINT "form_funnel_stats_form_id_step_index_step_shard_pk" PRIMARY KEY("form_id","step_index","step","shard")
);
--> statement-breakpoint
CREATE TABLE "resume_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"submission_id" uuid NOT NULL,
	"email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "forms" ADD COLUMN "save_partials" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "forms" ADD COLUMN "partial_retention_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "resume_token_hash" text;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "progress" jsonb;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "form_funnel_stats" ADD CONSTRAINT "form_funnel_stats_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resume_links" ADD CONSTRAINT "resume_links_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "resume_links_submission_idx" ON "resume_links" USING btree ("submission_id");--> statement-breakpoint
CREATE UNIQUE INDEX "submissions_resume_token_idx" ON "submissions" USING btree ("resume_token_hash");--> statement-breakpoint
CREATE INDEX "submissions_partial_idx" ON "submissions" USING btree ("form_id","updated_at") WHERE "submissions"."completed" = false;--> statement-breakpoint
-- Every row stored so far came from a final submit and is counted in the totals: from now on only
-- a submission saved as the respondent goes is incomplete (and counted once completed).
UPDATE "submissions" SET "completed" = true WHERE "completed" = false;