// Run by the e2e global setup before the server starts (the embedded database allows one process):
// an administrator with a known password and the approved demo restaurant with its owner.
import { eq } from 'drizzle-orm';
import { startDependencies } from '../../../src/server/bootstrap';
import { user } from '../../../src/server/db/schema';
import { parseEnv } from '../../../src/server/env';
import { grantAppAdmin } from '../../../src/server/features/admin/admins.service';
import { seedDemoRestaurant } from '../../../src/server/features/demo/seed-demo.service';
import { createLogger } from '../../../src/server/lib/logger';

// Keep in step with E2E_ADMIN in global-setup.ts.
const E2E_ADMIN = { email: 'admin-e2e@refeed.fr', password: 'Admin-e2e-2026!' };
// Keep in step with E2E_NEWCOMER in global-setup.ts: a confirmed account without a restaurant (the onboarding wizard).
const E2E_NEWCOMER = { email: 'newcomer-e2e@refeed.fr', password: 'Newcomer-e2e-2026!' };

const env = parseEnv();
const { deps, stop } = await startDependencies(env, createLogger('warn'), { workers: false });
try {
  const created = await deps.auth.api.signUpEmail({ body: { email: E2E_ADMIN.email, password: E2E_ADMIN.password, name: 'Admin E2E' } });
  await deps.db.update(user).set({ emailVerified: true }).where(eq(user.id, created.user.id));
  await grantAppAdmin(deps.db, created.user.id);
  const newcomer = await deps.auth.api.signUpEmail({ body: { email: E2E_NEWCOMER.email, password: E2E_NEWCOMER.password, name: 'Nouveau E2E' } });
  await deps.db.update(user).set({ emailVerified: true }).where(eq(user.id, newcomer.user.id));
  await seedDemoRestaurant(deps);
} finally {
  await stop();
}
