// Run by the e2e global setup before the server starts (the embedded database allows one process):
// an administrator with a known password and the approved demo restaurant with its owner.
import { eq } from 'drizzle-orm';
import { startDependencies } from '../../../src/server/bootstrap';
import { organisationEmailUsage, organisationMembers, organisations, restaurants, user } from '../../../src/server/db/schema';
import { parisMonthOf } from '../../../src/server/core/email-quota';
import { createVenueDefaults } from '../../../src/server/core/venue-defaults';
import { parseEnv } from '../../../src/server/env';
import { grantAppAdmin } from '../../../src/server/features/admin/admins.service';
import { seedDemoRestaurant } from '../../../src/server/features/demo/seed-demo.service';
import { createLogger } from '../../../src/server/lib/runtime/logger';

// Keep in step with E2E_ADMIN in global-setup.ts.
const E2E_ADMIN = { email: 'admin-e2e@refeed.fr', password: 'Admin-e2e-2026!' };
// Keep in step with E2E_NEWCOMER in global-setup.ts: a confirmed account without a restaurant (the onboarding wizard).
const E2E_NEWCOMER = { email: 'newcomer-e2e@refeed.fr', password: 'Newcomer-e2e-2026!' };

// Keep in step with E2E_QUOTA_OWNER in global-setup.ts: the owner of a Pro organisation at 85 % of this month's diner emails.
const E2E_QUOTA_OWNER = { email: 'quota-e2e@refeed.fr', password: 'Quota-e2e-2026!' };

const env = parseEnv();
const { deps, stop } = await startDependencies(env, createLogger('warn'), { workers: false });
try {
  const created = await deps.auth.api.signUpEmail({ body: { email: E2E_ADMIN.email, password: E2E_ADMIN.password, name: 'Admin E2E' } });
  await deps.db.update(user).set({ emailVerified: true }).where(eq(user.id, created.user.id));
  await grantAppAdmin(deps.db, created.user.id);
  const newcomer = await deps.auth.api.signUpEmail({ body: { email: E2E_NEWCOMER.email, password: E2E_NEWCOMER.password, name: 'Nouveau E2E' } });
  await deps.db.update(user).set({ emailVerified: true }).where(eq(user.id, newcomer.user.id));
  await seedDemoRestaurant(deps);
  // An approved organisation on Pro (1,000 diner emails a month) that has sent 850 this month (issue #30).
  const quotaOwner = await deps.auth.api.signUpEmail({ body: { email: E2E_QUOTA_OWNER.email, password: E2E_QUOTA_OWNER.password, name: 'Quentin Quota' } });
  await deps.db.update(user).set({ emailVerified: true }).where(eq(user.id, quotaOwner.user.id));
  await deps.db.transaction(async (tx) => {
    const [organisation] = await tx.insert(organisations).values({ name: 'Le Quota SARL', siren: '552100554', status: 'approved', plan: 'pro' }).returning({ id: organisations.id });
    const [venue] = await tx
      .insert(restaurants)
      .values({ organisationId: organisation.id, name: 'Le Quota', contactEmail: E2E_QUOTA_OWNER.email, siret: '55210055400039', emailVerified: true })
      .returning({ id: restaurants.id });
    await tx.insert(organisationMembers).values({ organisationId: organisation.id, userId: quotaOwner.user.id, role: 'owner' });
    await createVenueDefaults(tx, venue.id);
    await tx.insert(organisationEmailUsage).values({ organisationId: organisation.id, month: parisMonthOf(new Date()), dinerEmails: 850 });
  });
} finally {
  await stop();
}
