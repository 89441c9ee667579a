-- Issue #30 (decision 057): organisations that existed before plans start the site's 14-day trial of Pro
-- from this migration, so that nothing they use stops on the day plans arrive; the platform team sets their
-- plan from the admin console in the meantime.
UPDATE "organisations" SET "trial_ends_at" = now() + interval '14 days' WHERE "plan" IS NULL AND "trial_ends_at" IS NULL;
