ALTER TABLE "restaurants" DROP CONSTRAINT "restaurants_status_check";--> statement-breakpoint
ALTER TABLE "restaurants" DROP CONSTRAINT "restaurants_approved_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "restaurants" DROP CONSTRAINT "restaurants_rejected_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "admin_audit_log" ALTER COLUMN "organisation_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurants" ALTER COLUMN "status" SET DEFAULT 'approved';--> statement-breakpoint
ALTER TABLE "restaurants" DROP COLUMN "notes";--> statement-breakpoint
ALTER TABLE "restaurants" DROP COLUMN "approved_at";--> statement-breakpoint
ALTER TABLE "restaurants" DROP COLUMN "approved_by";--> statement-breakpoint
ALTER TABLE "restaurants" DROP COLUMN "rejected_at";--> statement-breakpoint
ALTER TABLE "restaurants" DROP COLUMN "rejected_by";--> statement-breakpoint
ALTER TABLE "restaurants" DROP COLUMN "rejection_reason";--> statement-breakpoint
ALTER TABLE "restaurants" ADD CONSTRAINT "restaurants_status_check" CHECK ("restaurants"."status" in ('approved', 'suspended'));