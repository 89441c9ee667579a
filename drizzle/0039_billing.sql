CREATE TABLE "organisation_billing" (
	"organisation_id" uuid PRIMARY KEY NOT NULL,
	"stripe_customer_id" text NOT NULL,
	"stripe_subscription_id" text,
	"status" text,
	"plan" text,
	"interval" text,
	"currency" text,
	"amount" integer,
	"current_period_end" timestamp with time zone,
	"trial_end" timestamp with time zone,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"canceled_at" timestamp with time zone,
	"past_due_since" timestamp with time zone,
	"locked_at" timestamp with time zone,
	"subscription_created" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisation_billing_stripe_customer_id_unique" UNIQUE("stripe_customer_id"),
	CONSTRAINT "organisation_billing_interval_check" CHECK ("organisation_billing"."interval" is null or "organisation_billing"."interval" in ('month', 'year'))
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "plan_source" text;--> statement-breakpoint
ALTER TABLE "organisation_billing" ADD CONSTRAINT "organisation_billing_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "organisation_billing_past_due_idx" ON "organisation_billing" USING btree ("past_due_since");--> statement-breakpoint
CREATE INDEX "organisations_siren_idx" ON "organisations" USING btree ("siren");--> statement-breakpoint
CREATE INDEX "organisations_company_number_idx" ON "organisations" USING btree ("company_number");--> statement-breakpoint
ALTER TABLE "organisations" ADD CONSTRAINT "organisations_plan_source_check" CHECK ("organisations"."plan_source" is null or "organisations"."plan_source" in ('contract', 'stripe'));--> statement-breakpoint
UPDATE "organisations" SET "plan_source" = 'contract' WHERE "plan" IS NOT NULL;
