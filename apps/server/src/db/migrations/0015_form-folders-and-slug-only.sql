CREATE TABLE "form_folders" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "forms" ADD COLUMN "slug_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "forms" ADD COLUMN "folder_id" integer;--> statement-breakpoint
ALTER TABLE "form_folders" ADD CONSTRAINT "form_folders_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "form_folders_owner_name_idx" ON "form_folders" USING btree ("owner_id",lower("name"));--> statement-breakpoint
ALTER TABLE "forms" ADD CONSTRAINT "forms_folder_id_form_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."form_folders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "forms_folder_idx" ON "forms" USING btree ("folder_id") WHERE "forms"."folder_id" is not null;