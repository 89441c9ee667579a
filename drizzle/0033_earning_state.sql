-- Decision 062: the earning state the feedback submission checks, on the customer row its first statement
-- locks (read there after the lock, no round trip of its own). Always what the point events say: the Paris
-- day of the customer's last points earned by a rating (positive, no reason), the points earned that day,
-- and when.
ALTER TABLE "customers" ADD COLUMN "earned_on" date;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "earned_on_points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "last_earned_at" timestamp with time zone;--> statement-breakpoint
UPDATE "customers" c SET "last_earned_at" = e."last_at", "earned_on" = (e."last_at" AT TIME ZONE 'Europe/Paris')::date,
  "earned_on_points" = (SELECT coalesce(sum(p."points"), 0)::int FROM "point_events" p
    WHERE p."customer_id" = c."id" AND p."points" > 0 AND p."reason" IS NULL
      AND p."created_at" >= ((e."last_at" AT TIME ZONE 'Europe/Paris')::date::timestamp AT TIME ZONE 'Europe/Paris'))
FROM (SELECT "customer_id", max("created_at") AS "last_at" FROM "point_events" WHERE "points" > 0 AND "reason" IS NULL GROUP BY "customer_id") e
WHERE e."customer_id" = c."id";
