ALTER TABLE "feedback_stats" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurant_daily_stats" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "feedback_stats" DROP CONSTRAINT "feedback_stats_restaurant_id_day_qr_key_rating_has_comment_has_contact_status_pk";--> statement-breakpoint
ALTER TABLE "restaurant_daily_stats" DROP CONSTRAINT "restaurant_daily_stats_restaurant_id_day_pk";--> statement-breakpoint
ALTER TABLE "feedback_stats" ADD CONSTRAINT "feedback_stats_restaurant_id_day_qr_key_rating_has_comment_has_contact_status_shard_pk" PRIMARY KEY("restaurant_id","day","qr_key","rating","has_comment","has_contact","status","shard");--> statement-breakpoint
ALTER TABLE "restaurant_daily_stats" ADD CONSTRAINT "restaurant_daily_stats_restaurant_id_day_shard_pk" PRIMARY KEY("restaurant_id","day","shard");
