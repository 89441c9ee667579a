ALTER TABLE "restaurant_daily_stats" ADD COLUMN "evening_feedback_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurant_daily_stats" ADD COLUMN "evening_rating_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- custom: each past and current day's evening (its feedbacks from 16:00 Paris on, decision 072), counted
-- from the feedbacks into the day's shard 0 row; the new columns were 0 everywhere until now.
INSERT INTO "restaurant_daily_stats" AS s ("restaurant_id", "day", "shard", "evening_feedback_count", "evening_rating_sum")
SELECT "restaurant_id", ("created_at" AT TIME ZONE 'Europe/Paris')::date, 0, count(*)::int, sum("rating")::int
FROM "feedbacks"
WHERE extract(hour FROM "created_at" AT TIME ZONE 'Europe/Paris') >= 16
GROUP BY 1, 2
ON CONFLICT ("restaurant_id", "day", "shard") DO UPDATE SET
  "evening_feedback_count" = excluded."evening_feedback_count",
  "evening_rating_sum" = excluded."evening_rating_sum";
