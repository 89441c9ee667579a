DROP INDEX "customers_restaurant_last_visit_idx";--> statement-breakpoint
CREATE INDEX "customers_restaurant_recent_idx" ON "customers" USING btree ("restaurant_id","last_visit_at" desc nulls last,"created_at" desc,"id");--> statement-breakpoint
ALTER TABLE "customers" DROP COLUMN "erased_at";