ALTER TABLE "customers" ADD COLUMN "last_active_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "retention_notice_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "anonymized_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "phone_digits" text GENERATED ALWAYS AS ((case when regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g') like '0033%' then '0' || substr(regexp_replace(phone, '[^0-9]', '', 'g'), 5)
  when phone ~ '^\s*\+' and regexp_replace(phone, '[^0-9]', '', 'g') like '33%' then '0' || substr(regexp_replace(phone, '[^0-9]', '', 'g'), 3)
  else regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g') end)) STORED;--> statement-breakpoint
CREATE INDEX "customers_phone_digits_trgm_idx" ON "customers" USING gin ("phone_digits" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_retention_idx" ON "customers" USING btree (coalesce(greatest(last_visit_at, last_active_at), created_at)) WHERE "customers"."anonymized_at" is null;