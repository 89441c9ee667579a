ALTER TABLE "restaurants" ADD COLUMN "diner_languages" text[] DEFAULT '{fr,en,de,es,it}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "card_languages" text[] DEFAULT '{fr,en}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "lang" text;--> statement-breakpoint
ALTER TABLE "restaurants" ADD CONSTRAINT "restaurants_diner_languages_check" CHECK ("restaurants"."diner_languages" <@ array['fr', 'en', 'de', 'es', 'it']::text[] and 'fr' = any("restaurants"."diner_languages"));--> statement-breakpoint
ALTER TABLE "restaurants" ADD CONSTRAINT "restaurants_card_languages_check" CHECK ("restaurants"."card_languages" <@ "restaurants"."diner_languages" and cardinality("restaurants"."card_languages") between 1 and 2);--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_lang_check" CHECK ("customers"."lang" is null or "customers"."lang" in ('fr', 'en', 'de', 'es', 'it'));