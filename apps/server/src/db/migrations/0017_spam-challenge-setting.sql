ALTER TABLE "forms" ADD COLUMN "spam_challenge" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The spam check was a key of the form's content and went live with a publish; it is now a
-- setting of the form. A form keeps what respondents got: its published version's choice, or
-- its draft's when it was never published.
UPDATE "forms" SET "spam_challenge" = true
WHERE COALESCE(
  (SELECT v."theme_config"->>'proofOfWork' FROM "form_versions" v
    WHERE v."form_id" = "forms"."id" AND v."number" = "forms"."published_version"),
  "forms"."theme_config"->>'proofOfWork'
) = 'true';
