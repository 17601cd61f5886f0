CREATE TABLE "form_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"form_id" integer NOT NULL,
	"kind" text NOT NULL,
	"actor" text NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "proved_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "form_history" ADD CONSTRAINT "form_history_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "form_history_form_idx" ON "form_history" USING btree ("form_id","created_at");--> statement-breakpoint
-- A session signed in before this column existed last proved its owner when it signed in.
UPDATE "sessions" SET "proved_at" = "created_at";