ALTER TABLE "organisations" ADD COLUMN "plan" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "trial_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "limit_overrides" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "organisations" ADD CONSTRAINT "organisations_plan_check" CHECK ("organisations"."plan" is null or "organisations"."plan" in ('essential', 'pro', 'premium'));