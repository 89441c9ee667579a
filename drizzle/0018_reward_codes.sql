CREATE TABLE "reward_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"restaurant_id" uuid NOT NULL,
	"customer_reward_id" uuid NOT NULL,
	"code" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reward_codes" ADD CONSTRAINT "reward_codes_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_codes" ADD CONSTRAINT "reward_codes_customer_reward_id_customer_rewards_id_fk" FOREIGN KEY ("customer_reward_id") REFERENCES "public"."customer_rewards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reward_codes_restaurant_code_uq" ON "reward_codes" USING btree ("restaurant_id","code");--> statement-breakpoint
CREATE INDEX "reward_codes_reward_idx" ON "reward_codes" USING btree ("customer_reward_id");