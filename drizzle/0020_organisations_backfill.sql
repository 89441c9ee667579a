-- custom: decision 051, one organisation per existing restaurant, with the restaurant's id, name and
-- creation date, and the SIREN read from its SIRET (its first 9 digits, spaces and dots ignored; null when
-- there are fewer than 9). Every user linked to a restaurant becomes a member of its organisation on all its
-- venues, with the link's role and date: 'owner' for every link the app made (a 'manager' link, which no code
-- wrote, stays gérant rather than being raised), so a one-venue account sees nothing change.
-- users_restaurants is dropped next (0021).
INSERT INTO "organisations" ("id", "name", "siren", "created_at")
  SELECT r."id", r."name",
         CASE WHEN length(regexp_replace(coalesce(r."siret", ''), '[^0-9]', '', 'g')) >= 9
              THEN left(regexp_replace(r."siret", '[^0-9]', '', 'g'), 9) END,
         r."created_at"
  FROM "restaurants" r
  WHERE r."organisation_id" IS NULL
ON CONFLICT ("id") DO NOTHING;--> statement-breakpoint
UPDATE "restaurants" SET "organisation_id" = "id" WHERE "organisation_id" IS NULL;--> statement-breakpoint
INSERT INTO "organisation_members" ("organisation_id", "user_id", "role", "all_venues", "created_at")
  SELECT r."organisation_id", ur."user_id", ur."role", true, ur."created_at"
  FROM "users_restaurants" ur JOIN "restaurants" r ON r."id" = ur."restaurant_id"
ON CONFLICT ("organisation_id", "user_id") DO NOTHING;
