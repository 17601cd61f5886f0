-- Each form numbers its submissions from its own sequence (submission_numbers_<form id>): made with
-- the form, taken by a trigger as a submission is inserted, dropped with the form. nextval never
-- waits for another transaction, so concurrent submits to one form do not queue on a counter row;
-- numbers taken by an insert that rolls back (or by a retry the idempotency key turns away) are
-- skipped, and numbers of deleted submissions are never given again.
ALTER TABLE "submissions" ADD COLUMN "number" integer;--> statement-breakpoint
UPDATE "submissions" AS s SET "number" = n.rn
FROM (
  SELECT "id", row_number() OVER (PARTITION BY "form_id" ORDER BY "created_at", "id") AS rn FROM "submissions"
) AS n
WHERE s."id" = n."id";--> statement-breakpoint
ALTER TABLE "submissions" ALTER COLUMN "number" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "submissions_form_number_idx" ON "submissions" USING btree ("form_id","number");--> statement-breakpoint
DO $$
DECLARE
  f record;
BEGIN
  FOR f IN
    SELECT forms.id, coalesce(max(s.number), 0) AS last
    FROM forms LEFT JOIN submissions s ON s.form_id = forms.id
    GROUP BY forms.id
  LOOP
    EXECUTE format('CREATE SEQUENCE %I AS integer', 'submission_numbers_' || f.id);
    PERFORM setval(format('%I', 'submission_numbers_' || f.id)::regclass, f.last + 1, false);
  END LOOP;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "forms_number_sequence"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE format('CREATE SEQUENCE %I AS integer', 'submission_numbers_' || NEW.id);
    RETURN NEW;
  END IF;
  EXECUTE format('DROP SEQUENCE IF EXISTS %I', 'submission_numbers_' || OLD.id);
  RETURN OLD;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "forms_number_sequence" AFTER INSERT OR DELETE ON "forms" FOR EACH ROW EXECUTE FUNCTION "forms_number_sequence"();--> statement-breakpoint
-- Every insert takes its number here, whichever path stores it (a submit, a partial saved as the
-- respondent goes, an import): no path can forget it. A partial takes its number when it is first
-- saved, not when completed: it is listed (status "incomplete") and the team may refer to it, and a
-- reference must not change under them when the respondent finishes.
CREATE FUNCTION "submissions_take_number"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.number := nextval(format('%I', 'submission_numbers_' || NEW.form_id)::regclass);
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "submissions_take_number" BEFORE INSERT ON "submissions" FOR EACH ROW EXECUTE FUNCTION "submissions_take_number"();
