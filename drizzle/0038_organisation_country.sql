ALTER TABLE "organisations" ADD COLUMN "country" text DEFAULT 'FR' NOT NULL;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "company_number" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD CONSTRAINT "organisations_country_check" CHECK ("organisations"."country" in ('FR', 'GB'));