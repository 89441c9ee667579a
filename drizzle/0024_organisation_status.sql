ALTER TABLE "admin_audit_log" ALTER COLUMN "restaurant_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD COLUMN "organisation_id" uuid;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "notes" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "approved_by" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "rejected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "rejected_by" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "suspended_by" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "suspension_reason" text;--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD CONSTRAINT "admin_audit_log_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisations" ADD CONSTRAINT "organisations_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisations" ADD CONSTRAINT "organisations_rejected_by_users_id_fk" FOREIGN KEY ("rejected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisations" ADD CONSTRAINT "organisations_suspended_by_users_id_fk" FOREIGN KEY ("suspended_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_audit_log_organisation_idx" ON "admin_audit_log" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "organisations_status_created_idx" ON "organisations" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "organisations_created_idx" ON "organisations" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "organisations" ADD CONSTRAINT "organisations_status_check" CHECK ("organisations"."status" in ('pending', 'approved', 'rejected', 'suspended'));