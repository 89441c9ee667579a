CREATE TABLE "organisation_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"all_venues" boolean NOT NULL,
	"venue_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" text,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "organisation_invitations_role_check" CHECK ("organisation_invitations"."role" in ('owner', 'manager', 'staff', 'viewer')),
	CONSTRAINT "organisation_invitations_email_lower_check" CHECK ("organisation_invitations"."email" = lower("organisation_invitations"."email"))
);
--> statement-breakpoint
ALTER TABLE "organisation_invitations" ADD CONSTRAINT "organisation_invitations_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_invitations" ADD CONSTRAINT "organisation_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_invitations" ADD CONSTRAINT "organisation_invitations_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "organisation_invitations_token_hash_idx" ON "organisation_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "organisation_invitations_open_email_idx" ON "organisation_invitations" USING btree ("organisation_id","email") WHERE "organisation_invitations"."accepted_at" is null and "organisation_invitations"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "organisation_invitations_organisation_created_idx" ON "organisation_invitations" USING btree ("organisation_id","created_at");