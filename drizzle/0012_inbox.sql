CREATE TABLE "feedback_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"restaurant_id" uuid NOT NULL,
	"feedback_id" uuid NOT NULL,
	"customer_id" uuid,
	"to_email" text,
	"subject" text NOT NULL,
	"message" text,
	"customer_reward_id" uuid,
	"reward_label" text,
	"sent_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feedback_stats" (
	"restaurant_id" uuid NOT NULL,
	"day" date NOT NULL,
	"qr_key" uuid NOT NULL,
	"rating" smallint NOT NULL,
	"has_comment" boolean NOT NULL,
	"has_contact" boolean NOT NULL,
	"status" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "feedback_stats_restaurant_id_day_qr_key_rating_has_comment_has_contact_status_pk" PRIMARY KEY("restaurant_id","day","qr_key","rating","has_comment","has_contact","status")
);
--> statement-breakpoint
DROP INDEX "feedbacks_restaurant_created_idx";--> statement-breakpoint
ALTER TABLE "feedbacks" ADD COLUMN "qr_code_id" uuid;--> statement-breakpoint
ALTER TABLE "feedbacks" ADD COLUMN "table_label" text;--> statement-breakpoint
ALTER TABLE "feedbacks" ADD COLUMN "has_comment" boolean GENERATED ALWAYS AS (coalesce(comment, '') <> '') STORED;--> statement-breakpoint
ALTER TABLE "feedbacks" ADD COLUMN "has_contact" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "feedbacks" ADD COLUMN "review_invited" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "feedbacks" ADD COLUMN "status" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "feedbacks" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "feedbacks" ADD COLUMN "handled_by" text;--> statement-breakpoint
ALTER TABLE "feedback_replies" ADD CONSTRAINT "feedback_replies_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_replies" ADD CONSTRAINT "feedback_replies_feedback_id_feedbacks_id_fk" FOREIGN KEY ("feedback_id") REFERENCES "public"."feedbacks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_replies" ADD CONSTRAINT "feedback_replies_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_replies" ADD CONSTRAINT "feedback_replies_customer_reward_id_customer_rewards_id_fk" FOREIGN KEY ("customer_reward_id") REFERENCES "public"."customer_rewards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_replies" ADD CONSTRAINT "feedback_replies_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feedback_replies_feedback_idx" ON "feedback_replies" USING btree ("feedback_id","created_at");--> statement-breakpoint
CREATE INDEX "feedback_replies_restaurant_idx" ON "feedback_replies" USING btree ("restaurant_id","created_at");--> statement-breakpoint
ALTER TABLE "feedbacks" ADD CONSTRAINT "feedbacks_qr_code_id_qr_codes_id_fk" FOREIGN KEY ("qr_code_id") REFERENCES "public"."qr_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedbacks" ADD CONSTRAINT "feedbacks_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedbacks" ADD CONSTRAINT "feedbacks_status_check" CHECK ("feedbacks"."status" in ('new', 'done'));
--> statement-breakpoint
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
