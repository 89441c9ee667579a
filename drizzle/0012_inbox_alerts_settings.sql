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
CREATE TABLE "low_rating_alert_items" (
	"feedback_id" uuid PRIMARY KEY NOT NULL,
	"restaurant_id" uuid NOT NULL,
	"alert_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "low_rating_alert_state" (
	"restaurant_id" uuid PRIMARY KEY NOT NULL,
	"last_alert_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "feedbacks_restaurant_created_idx";--> statement-breakpoint
ALTER TABLE "restaurant_audit_log" ADD COLUMN "details" jsonb;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "todo_qr_codes_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "todo_rewards_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "todo_automations_at" timestamp with time zone;--> statement-breakpoint
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
ALTER TABLE "low_rating_alert_items" ADD CONSTRAINT "low_rating_alert_items_feedback_id_feedbacks_id_fk" FOREIGN KEY ("feedback_id") REFERENCES "public"."feedbacks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "low_rating_alert_items" ADD CONSTRAINT "low_rating_alert_items_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "low_rating_alert_state" ADD CONSTRAINT "low_rating_alert_state_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feedback_replies_feedback_idx" ON "feedback_replies" USING btree ("feedback_id","created_at");--> statement-breakpoint
CREATE INDEX "feedback_replies_restaurant_idx" ON "feedback_replies" USING btree ("restaurant_id","created_at");--> statement-breakpoint
CREATE INDEX "low_rating_alert_items_pending_idx" ON "low_rating_alert_items" USING btree ("restaurant_id") WHERE "low_rating_alert_items"."alert_id" is null;--> statement-breakpoint
CREATE INDEX "low_rating_alert_items_alert_idx" ON "low_rating_alert_items" USING btree ("alert_id");--> statement-breakpoint
ALTER TABLE "feedbacks" ADD CONSTRAINT "feedbacks_qr_code_id_qr_codes_id_fk" FOREIGN KEY ("qr_code_id") REFERENCES "public"."qr_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedbacks" ADD CONSTRAINT "feedbacks_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedbacks" ADD CONSTRAINT "feedbacks_status_check" CHECK ("feedbacks"."status" in ('new', 'done'));