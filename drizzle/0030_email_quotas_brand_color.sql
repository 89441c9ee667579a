CREATE TABLE "organisation_email_usage" (
	"organisation_id" uuid NOT NULL,
	"month" text NOT NULL,
	"diner_emails" integer DEFAULT 0 NOT NULL,
	"warned_80_at" timestamp with time zone,
	"warned_100_at" timestamp with time zone,
	CONSTRAINT "organisation_email_usage_organisation_id_month_pk" PRIMARY KEY("organisation_id","month")
);
--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "brand_color" text;--> statement-breakpoint
ALTER TABLE "organisation_email_usage" ADD CONSTRAINT "organisation_email_usage_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;