CREATE TABLE "form_versions" (
	"form_id" integer NOT NULL,
	"number" integer NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"fields" jsonb NOT NULL,
	"logo_url" text,
	"theme_config" jsonb NOT NULL,
	"submit_button_text" text NOT NULL,
	"success_message" text NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "form_versions_form_id_number_pk" PRIMARY KEY("form_id","number")
);
--> statement-breakpoint
ALTER TABLE "forms" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "forms" ADD COLUMN "published_version" integer;--> statement-breakpoint
ALTER TABLE "forms" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "form_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "form_versions" ADD CONSTRAINT "form_versions_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "forms_trash_idx" ON "forms" USING btree ("deleted_at") WHERE "forms"."deleted_at" is not null;--> statement-breakpoint
-- Every existing form's content becomes its version 1, the one respondents keep getting; existing
-- submissions answered it (the column default).
INSERT INTO "form_versions" ("form_id", "number", "title", "description", "fields", "logo_url", "theme_config", "submit_button_text", "success_message", "published_at")
SELECT "id", 1, "title", "description", "fields", "logo_url", "theme_config", "submit_button_text", "success_message", coalesce("published_at", "updated_at") FROM "forms";--> statement-breakpoint
UPDATE "forms" SET "published_version" = 1;
