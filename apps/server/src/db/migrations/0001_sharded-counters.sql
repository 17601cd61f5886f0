CREATE TABLE "form_submission_counts" (
	"form_id" integer NOT NULL,
	"shard" smallint DEFAULT 0 NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "form_submission_counts_form_id_shard_pk" PRIMARY KEY("form_id","shard")
);
--> statement-breakpoint
ALTER TABLE "form_submission_counts" ADD CONSTRAINT "form_submission_counts_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "form_submission_counts" ("form_id", "shard", "count") SELECT "id", 0, "submission_count" FROM "forms" WHERE "submission_count" <> 0;--> statement-breakpoint
ALTER TABLE "answer_daily_counts" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "field_daily_stats" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "form_daily_stats" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "answer_daily_counts" DROP CONSTRAINT "answer_daily_counts_form_id_field_id_day_answer_pk";--> statement-breakpoint
ALTER TABLE "field_daily_stats" DROP CONSTRAINT "field_daily_stats_form_id_field_id_day_pk";--> statement-breakpoint
ALTER TABLE "form_daily_stats" DROP CONSTRAINT "form_daily_stats_form_id_day_pk";--> statement-breakpoint
ALTER TABLE "answer_daily_counts" ADD CONSTRAINT "answer_daily_counts_form_id_field_id_day_answer_shard_pk" PRIMARY KEY("form_id","field_id","day","answer","shard");--> statement-breakpoint
ALTER TABLE "field_daily_stats" ADD CONSTRAINT "field_daily_stats_form_id_field_id_day_shard_pk" PRIMARY KEY("form_id","field_id","day","shard");--> statement-breakpoint
ALTER TABLE "form_daily_stats" ADD CONSTRAINT "form_daily_stats_form_id_day_shard_pk" PRIMARY KEY("form_id","day","shard");--> statement-breakpoint
ALTER TABLE "forms" DROP COLUMN "submission_count";
