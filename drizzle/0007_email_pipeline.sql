CREATE TABLE "automation_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"automation_id" uuid NOT NULL,
	"restaurant_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"design" jsonb,
	"source" text NOT NULL,
	"author_user_id" text,
	"author_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "unsubscribed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "automations" ADD COLUMN "design" jsonb;--> statement-breakpoint
ALTER TABLE "automation_versions" ADD CONSTRAINT "automation_versions_automation_id_automations_id_fk" FOREIGN KEY ("automation_id") REFERENCES "public"."automations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_versions" ADD CONSTRAINT "automation_versions_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "automation_versions_automation_idx" ON "automation_versions" USING btree ("automation_id","created_at");--> statement-breakpoint
CREATE INDEX "email_logs_restaurant_template_idx" ON "email_logs" USING btree ("restaurant_id","template_name","created_at");