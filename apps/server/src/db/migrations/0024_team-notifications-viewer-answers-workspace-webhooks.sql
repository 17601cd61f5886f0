ALTER TABLE "webhooks" ALTER COLUMN "form_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "forms" ADD COLUMN "viewer_answers" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "webhooks" ADD COLUMN "workspace_id" integer;--> statement-breakpoint
UPDATE "webhooks" w SET "workspace_id" = f."workspace_id" FROM "forms" f WHERE f."id" = w."form_id";--> statement-breakpoint
ALTER TABLE "webhooks" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "workspace_members" ADD COLUMN "notify_submissions" text;--> statement-breakpoint
ALTER TABLE "workspace_members" ADD COLUMN "notify_mentions" boolean;--> statement-breakpoint
ALTER TABLE "workspace_members" ADD COLUMN "notify_assigned" boolean;--> statement-breakpoint
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhooks_workspace_idx" ON "webhooks" USING btree ("workspace_id");--> statement-breakpoint
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_notify_submissions_check" CHECK ("workspace_members"."notify_submissions" is null or "workspace_members"."notify_submissions" in ('all', 'mine', 'none'));