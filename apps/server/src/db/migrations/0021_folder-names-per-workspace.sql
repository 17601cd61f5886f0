DROP INDEX "form_folders_owner_name_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "form_folders_workspace_name_idx" ON "form_folders" USING btree ("workspace_id",lower("name"));