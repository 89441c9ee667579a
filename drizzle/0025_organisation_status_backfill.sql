-- custom: decision 055, the platform's approval moves from each venue to its organisation. An organisation
-- takes the state of its oldest venue (today its only one: migrated organisations hold one restaurant each,
-- sign-up creates one venue), with that venue's notes and its approval, rejection and suspension (who, when,
-- why). Every venue is then 'approved' for itself and its own suspension fields are cleared: a suspended
-- account stays suspended at the organisation level (pending and rejected likewise), so nothing an owner or a
-- diner sees changes. An organisation with no venue stays 'pending'. The audit entries written so far were
-- decisions on the account: they name the organisation and no longer a venue (restaurant_id null means the
-- organisation; 0024 then makes organisation_id required).
UPDATE "organisations" o
SET "status" = r."status", "notes" = r."notes",
    "approved_at" = r."approved_at", "approved_by" = r."approved_by",
    "rejected_at" = r."rejected_at", "rejected_by" = r."rejected_by", "rejection_reason" = r."rejection_reason",
    "suspended_at" = r."suspended_at", "suspended_by" = r."suspended_by", "suspension_reason" = r."suspension_reason"
FROM (
  SELECT DISTINCT ON ("organisation_id") *
  FROM "restaurants"
  ORDER BY "organisation_id", "created_at", "id"
) r
WHERE r."organisation_id" = o."id";--> statement-breakpoint
UPDATE "restaurants" SET "status" = 'approved', "suspended_at" = NULL, "suspended_by" = NULL, "suspension_reason" = NULL;--> statement-breakpoint
UPDATE "admin_audit_log" a SET "organisation_id" = r."organisation_id", "restaurant_id" = NULL
FROM "restaurants" r
WHERE r."id" = a."restaurant_id";
