CREATE TABLE "form_themes" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"theme" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "theme_defaults" (
	"owner_id" uuid PRIMARY KEY NOT NULL,
	"theme_ref" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "form_themes" ADD CONSTRAINT "form_themes_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "theme_defaults" ADD CONSTRAINT "theme_defaults_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "form_themes_owner_idx" ON "form_themes" USING btree ("owner_id");