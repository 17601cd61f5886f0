CREATE TABLE "workspace_members" (
	"workspace_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspace_members_workspace_id_user_id_pk" PRIMARY KEY("workspace_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "workspaces" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"personal_of" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspaces_personal_of_unique" UNIQUE("personal_of")
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "workspace_id" integer;--> statement-breakpoint
ALTER TABLE "form_folders" ADD COLUMN "workspace_id" integer;--> statement-breakpoint
ALTER TABLE "form_themes" ADD COLUMN "workspace_id" integer;--> statement-breakpoint
ALTER TABLE "forms" ADD COLUMN "workspace_id" integer;--> statement-breakpoint
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspaces" ADD CONSTRAINT "workspaces_personal_of_users_id_fk" FOREIGN KEY ("personal_of") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Every existing account gets its personal workspace, as its owner, holding what it had.
INSERT INTO "workspaces" ("name", "personal_of") SELECT "name", "id" FROM "users";--> statement-breakpoint
INSERT INTO "workspace_members" ("workspace_id", "user_id", "role")
  SELECT "id", "personal_of", 'owner' FROM "workspaces" WHERE "personal_of" IS NOT NULL;--> statement-breakpoint
UPDATE "forms" SET "workspace_id" = w."id" FROM "workspaces" w WHERE w."personal_of" = "forms"."owner_id";--> statement-breakpoint
UPDATE "form_folders" SET "workspace_id" = w."id" FROM "workspaces" w WHERE w."personal_of" = "form_folders"."owner_id";--> statement-breakpoint
UPDATE "form_themes" SET "workspace_id" = w."id" FROM "workspaces" w WHERE w."personal_of" = "form_themes"."owner_id";--> statement-breakpoint
UPDATE "api_keys" SET "workspace_id" = w."id" FROM "workspaces" w WHERE w."personal_of" = "api_keys"."user_id";--> statement-breakpoint
ALTER TABLE "forms" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "form_folders" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "form_themes" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "workspace_members_user_idx" ON "workspace_members" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_folders" ADD CONSTRAINT "form_folders_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_themes" ADD CONSTRAINT "form_themes_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forms" ADD CONSTRAINT "forms_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;