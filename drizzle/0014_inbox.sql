-- custom: /avis (decision 035): backfill of the copied columns, the covering index of the list (drizzle has no
-- INCLUDE), the summary rollup feedback_stats filled once, then kept by triggers on every write of feedbacks;
-- has_contact follows the feedback's customer (a contact confirmed, moved by a merge, erased).
UPDATE "feedbacks" f SET "qr_code_id" = v."qr_code_id", "table_label" = v."table_label" FROM "visits" v WHERE v."id" = f."visit_id";--> statement-breakpoint
UPDATE "feedbacks" f SET "has_contact" = true FROM "customers" c WHERE c."id" = f."customer_id" AND (c."email" IS NOT NULL OR c."phone" IS NOT NULL);--> statement-breakpoint
UPDATE "feedbacks" f SET "review_invited" = true FROM "restaurants" r WHERE r."id" = f."restaurant_id" AND r."google_review_url" IS NOT NULL AND (f."rating" >= 4 OR r."review_prompt_all_ratings");--> statement-breakpoint
CREATE INDEX "feedbacks_inbox_idx" ON "feedbacks" ("restaurant_id", "created_at" DESC, "id" DESC) INCLUDE ("rating", "status", "qr_code_id", "has_comment", "has_contact");--> statement-breakpoint
INSERT INTO "feedback_stats" SELECT "restaurant_id", ("created_at" AT TIME ZONE 'Europe/Paris')::date, coalesce("qr_code_id", '00000000-0000-0000-0000-000000000000'), "rating", "has_comment", "has_contact", "status", count(*) FROM "feedbacks" GROUP BY 1, 2, 3, 4, 5, 6, 7;--> statement-breakpoint
CREATE FUNCTION "feedbacks_contact_of_customer"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.has_contact := NEW.customer_id IS NOT NULL AND EXISTS (SELECT 1 FROM customers c WHERE c.id = NEW.customer_id AND (c.email IS NOT NULL OR c.phone IS NOT NULL));
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "feedbacks_contact_of_customer" BEFORE UPDATE OF "customer_id" ON "feedbacks" FOR EACH ROW WHEN (OLD.customer_id IS DISTINCT FROM NEW.customer_id) EXECUTE FUNCTION "feedbacks_contact_of_customer"();--> statement-breakpoint
CREATE FUNCTION "customers_contact_to_feedbacks"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE feedbacks SET has_contact = (NEW.email IS NOT NULL OR NEW.phone IS NOT NULL)
  WHERE customer_id = NEW.id AND has_contact IS DISTINCT FROM (NEW.email IS NOT NULL OR NEW.phone IS NOT NULL);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "customers_contact_to_feedbacks" AFTER UPDATE OF "email", "phone" ON "customers" FOR EACH ROW WHEN ((OLD.email IS NULL AND OLD.phone IS NULL) IS DISTINCT FROM (NEW.email IS NULL AND NEW.phone IS NULL)) EXECUTE FUNCTION "customers_contact_to_feedbacks"();--> statement-breakpoint
CREATE FUNCTION "feedback_stats_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO feedback_stats AS s VALUES (NEW.restaurant_id, (NEW.created_at AT TIME ZONE 'Europe/Paris')::date, coalesce(NEW.qr_code_id, '00000000-0000-0000-0000-000000000000'), NEW.rating, NEW.has_comment, NEW.has_contact, NEW.status, 1)
  ON CONFLICT (restaurant_id, day, qr_key, rating, has_comment, has_contact, status) DO UPDATE SET count = s.count + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "feedback_stats_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO feedback_stats AS s
    SELECT restaurant_id, (created_at AT TIME ZONE 'Europe/Paris')::date, coalesce(qr_code_id, '00000000-0000-0000-0000-000000000000'), rating, has_comment, has_contact, status, -count(*)
    FROM old_rows GROUP BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT (restaurant_id, day, qr_key, rating, has_comment, has_contact, status) DO UPDATE SET count = s.count + excluded.count;
  ELSE
    INSERT INTO feedback_stats AS s
    SELECT restaurant_id, day, qr_key, rating, has_comment, has_contact, status, sum(delta) FROM (
      SELECT o.restaurant_id, (o.created_at AT TIME ZONE 'Europe/Paris')::date AS day, coalesce(o.qr_code_id, '00000000-0000-0000-0000-000000000000') AS qr_key, o.rating, o.has_comment, o.has_contact, o.status, -1 AS delta
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.restaurant_id, o.created_at, o.qr_code_id, o.rating, o.has_comment, o.has_contact, o.status) IS DISTINCT FROM (n.restaurant_id, n.created_at, n.qr_code_id, n.rating, n.has_comment, n.has_contact, n.status)
      UNION ALL
      SELECT n.restaurant_id, (n.created_at AT TIME ZONE 'Europe/Paris')::date, coalesce(n.qr_code_id, '00000000-0000-0000-0000-000000000000'), n.rating, n.has_comment, n.has_contact, n.status, 1
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.restaurant_id, o.created_at, o.qr_code_id, o.rating, o.has_comment, o.has_contact, o.status) IS DISTINCT FROM (n.restaurant_id, n.created_at, n.qr_code_id, n.rating, n.has_comment, n.has_contact, n.status)
    ) d GROUP BY 1, 2, 3, 4, 5, 6, 7 HAVING sum(delta) <> 0
    ON CONFLICT (restaurant_id, day, qr_key, rating, has_comment, has_contact, status) DO UPDATE SET count = s.count + excluded.count;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "feedback_stats_inserted" AFTER INSERT ON "feedbacks" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "feedback_stats_inserted"();--> statement-breakpoint
CREATE TRIGGER "feedback_stats_updated" AFTER UPDATE ON "feedbacks" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "feedback_stats_changed"();--> statement-breakpoint
CREATE TRIGGER "feedback_stats_deleted" AFTER DELETE ON "feedbacks" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "feedback_stats_changed"();
