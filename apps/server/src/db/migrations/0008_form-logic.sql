ALTER TABLE "form_versions" ADD COLUMN "logic" jsonb DEFAULT '{"rules":[],"variables":[],"endings":[],"quiz":{"enabled":false,"passMark":null},"unreachableAnswers":"drop"}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "form_versions" ADD COLUMN "display" text DEFAULT 'classic' NOT NULL;--> statement-breakpoint
ALTER TABLE "forms" ADD COLUMN "logic" jsonb DEFAULT '{"rules":[],"variables":[],"endings":[],"quiz":{"enabled":false,"passMark":null},"unreachableAnswers":"drop"}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "forms" ADD COLUMN "display" text DEFAULT 'classic' NOT NULL;