-- Decision 060: a session's venues (lib/session-reader.ts) are recomputed only when something they are
-- made of changed. users.access_version is raised, in the changing transaction, for every member of an
-- organisation whose approval, plan, venues, members or venue lists change (what the session statement reads:
-- organisations' state, plan, trial end and overrides; venues' name, state, verification, creation; every
-- membership of the organisation, whose order gives the member ranks; member_venues).
ALTER TABLE "users" ADD COLUMN "access_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Raises the version of an organisation's members (and of `also`, a member just removed). The rows are locked
-- in one order (by id) before the update, so two transactions raising the same members never wait on each
-- other in a cycle; FOR NO KEY UPDATE, as the update itself: a new session of these users is not held up.
CREATE FUNCTION "raise_access_versions"(organisation uuid, also text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "users"
   WHERE "id" IN (SELECT "user_id" FROM "organisation_members" WHERE "organisation_id" = organisation) OR "id" = also
   ORDER BY "id" FOR NO KEY UPDATE;
  UPDATE "users" SET "access_version" = "access_version" + 1
   WHERE "id" IN (SELECT "user_id" FROM "organisation_members" WHERE "organisation_id" = organisation) OR "id" = also;
END $$;--> statement-breakpoint
CREATE FUNCTION "organisation_access_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "raise_access_versions"(NEW."id", NULL);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "organisation_access_changed" AFTER UPDATE ON "organisations" FOR EACH ROW
  WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."rejection_reason" IS DISTINCT FROM NEW."rejection_reason"
        OR OLD."suspension_reason" IS DISTINCT FROM NEW."suspension_reason" OR OLD."plan" IS DISTINCT FROM NEW."plan"
        OR OLD."trial_ends_at" IS DISTINCT FROM NEW."trial_ends_at" OR OLD."limit_overrides" IS DISTINCT FROM NEW."limit_overrides")
  EXECUTE FUNCTION "organisation_access_changed"();--> statement-breakpoint
-- A venue added, removed or changed in what the session shows, a membership, or a member's venue list: the
-- members of the organisation it belongs (or belonged) to, and the member of a removed or changed row (a row of
-- restaurants has no user_id: null).
CREATE FUNCTION "access_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM "raise_access_versions"(OLD."organisation_id", to_jsonb(OLD) ->> 'user_id');
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW."organisation_id" IS DISTINCT FROM OLD."organisation_id") THEN
    PERFORM "raise_access_versions"(NEW."organisation_id", NULL);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "restaurant_access_added_or_removed" AFTER INSERT OR DELETE ON "restaurants" FOR EACH ROW EXECUTE FUNCTION "access_changed"();--> statement-breakpoint
CREATE TRIGGER "restaurant_access_changed" AFTER UPDATE ON "restaurants" FOR EACH ROW
  WHEN (OLD."organisation_id" IS DISTINCT FROM NEW."organisation_id" OR OLD."name" IS DISTINCT FROM NEW."name"
        OR OLD."status" IS DISTINCT FROM NEW."status" OR OLD."suspension_reason" IS DISTINCT FROM NEW."suspension_reason"
        OR OLD."email_verified" IS DISTINCT FROM NEW."email_verified" OR OLD."created_at" IS DISTINCT FROM NEW."created_at")
  EXECUTE FUNCTION "access_changed"();--> statement-breakpoint
CREATE TRIGGER "organisation_member_access_changed" AFTER INSERT OR UPDATE OR DELETE ON "organisation_members" FOR EACH ROW EXECUTE FUNCTION "access_changed"();--> statement-breakpoint
CREATE TRIGGER "member_venue_access_changed" AFTER INSERT OR UPDATE OR DELETE ON "member_venues" FOR EACH ROW EXECUTE FUNCTION "access_changed"();
