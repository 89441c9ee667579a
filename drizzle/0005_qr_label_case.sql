ALTER TABLE "qr_codes" DROP CONSTRAINT "qr_codes_restaurant_label_uq";--> statement-breakpoint
-- Labels that differ only by case already exist in some restaurants: the later ones get a suffix.
UPDATE "qr_codes" AS q SET "table_label" = q."table_label" || ' (' || d.n || ')'
FROM (
  SELECT "id", row_number() OVER (PARTITION BY "restaurant_id", lower("table_label") ORDER BY "created_at", "id") - 1 AS n
  FROM "qr_codes" WHERE "table_label" IS NOT NULL
) AS d
WHERE q."id" = d."id" AND d.n > 0;--> statement-breakpoint
CREATE UNIQUE INDEX "qr_codes_restaurant_label_uq" ON "qr_codes" USING btree ("restaurant_id",lower("table_label"));
