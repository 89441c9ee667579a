CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "restaurant_audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"restaurant_id" uuid NOT NULL,
	"actor_user_id" text,
	"action" text NOT NULL,
	"subject_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "restaurant_daily_stats" (
	"restaurant_id" uuid NOT NULL,
	"day" date NOT NULL,
	"visit_count" integer DEFAULT 0 NOT NULL,
	"feedback_count" integer DEFAULT 0 NOT NULL,
	"rating_sum" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "restaurant_daily_stats_restaurant_id_day_pk" PRIMARY KEY("restaurant_id","day")
);
--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "review_prompt_all_ratings" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(translate(coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || coalesce(email, ''), 'ÀÁÂÃÄÅàáâãäåÇçÈÉÊËèéêëÌÍÎÏìíîïÑñÒÓÔÕÖØòóôõöøÙÚÛÜùúûüÝýÿŸ', 'AAAAAAaaaaaaCcEEEEeeeeIIIIiiiiNnOOOOOOooooooUUUUuuuuYyyY'))) STORED;--> statement-breakpoint
ALTER TABLE "restaurant_audit_log" ADD CONSTRAINT "restaurant_audit_log_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restaurant_audit_log" ADD CONSTRAINT "restaurant_audit_log_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restaurant_daily_stats" ADD CONSTRAINT "restaurant_daily_stats_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "restaurant_audit_log_restaurant_idx" ON "restaurant_audit_log" USING btree ("restaurant_id","created_at");--> statement-breakpoint
CREATE INDEX "customers_search_trgm_idx" ON "customers" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
INSERT INTO "restaurant_daily_stats" ("restaurant_id", "day", "visit_count", "feedback_count", "rating_sum")
SELECT restaurant_id, day, sum(visit_count), sum(feedback_count), sum(rating_sum) FROM (
  SELECT restaurant_id, (created_at AT TIME ZONE 'Europe/Paris')::date AS day, 1 AS visit_count, 0 AS feedback_count, 0 AS rating_sum FROM visits
  UNION ALL
  SELECT restaurant_id, (created_at AT TIME ZONE 'Europe/Paris')::date, 0, 1, rating FROM feedbacks
) AS daily GROUP BY restaurant_id, day;
