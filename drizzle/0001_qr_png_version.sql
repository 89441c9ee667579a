ALTER TABLE "qr_codes" ADD COLUMN "png_url" text;--> statement-breakpoint
ALTER TABLE "qr_codes" ADD COLUMN "png_generated_at" timestamp with time zone;