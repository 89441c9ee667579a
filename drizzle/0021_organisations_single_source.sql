ALTER TABLE "users_restaurants" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "users_restaurants" CASCADE;--> statement-breakpoint
ALTER TABLE "restaurants" ALTER COLUMN "organisation_id" SET NOT NULL;