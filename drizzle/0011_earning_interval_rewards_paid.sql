ALTER TABLE "loyalty_rules" ADD COLUMN "earning_interval_hours" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "loyalty_rules" ADD CONSTRAINT "loyalty_rules_interval_check" CHECK ("loyalty_rules"."earning_interval_hours" between 0 and 24);--> statement-breakpoint
-- custom: decision 024, rewards are paid at unlock. Pending rewards earned before this change are paid now,
-- oldest first, as far as the customer's balance covers them; those it cannot cover (the counter would have
-- refused them) are withdrawn, so no 'à remettre' reward is ever refused and no balance goes negative.
DELETE FROM "customer_rewards" WHERE "id" IN (
  SELECT "id" FROM (
    SELECT cr."id", c."points", sum(cr."cost") OVER (PARTITION BY cr."customer_id" ORDER BY cr."created_at", cr."id") AS "running"
    FROM "customer_rewards" cr JOIN "customers" c ON c."id" = cr."customer_id"
    WHERE cr."status" = 'pending'
  ) ordered WHERE ordered."running" > ordered."points"
);--> statement-breakpoint
INSERT INTO "point_events" ("restaurant_id", "customer_id", "points", "reason", "created_at")
  SELECT "restaurant_id", "customer_id", -"cost", 'reward_unlocked', now() FROM "customer_rewards" WHERE "status" = 'pending' AND "cost" > 0;--> statement-breakpoint
UPDATE "customers" c SET "points" = c."points" - paid."total"
  FROM (SELECT "customer_id", sum("cost")::int AS "total" FROM "customer_rewards" WHERE "status" = 'pending' GROUP BY "customer_id") paid
  WHERE paid."customer_id" = c."id";
