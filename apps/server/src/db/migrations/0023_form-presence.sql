CREATE TABLE "form_presence" (
	"form_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "form_presence_form_id_user_id_pk" PRIMARY KEY("form_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "form_presence" ADD CONSTRAINT "form_presence_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_presence" ADD CONSTRAINT "form_presence_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;