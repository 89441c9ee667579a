import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { RESET_PASSWORD_EXPIRES_IN_SECONDS } from '../../auth';
import { user, verification } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { grantAppAdmin } from './admins.service';

/**
 * Makes `email` a platform administrator. An existing user is promoted; otherwise the account is
 * created (email verified, random unusable password) and a one-time set-password link is returned
 * for the console: the same reset link better-auth would email (a `reset-password:` verification
 * valid one hour), printed instead of sent since this runs before any mail may be configured.
 */
export async function createFirstAdmin(deps: Pick<AppDeps, 'db' | 'auth' | 'env'>, email: string): Promise<{ created: boolean; setPasswordUrl: string | null }> {
  const normalized = email.trim().toLowerCase();
  const [existing] = await deps.db.select({ id: user.id }).from(user).where(eq(user.email, normalized));
  if (existing) {
    await grantAppAdmin(deps.db, existing.id);
    return { created: false, setPasswordUrl: null };
  }
  const result = await deps.auth.api.signUpEmail({
    body: { email: normalized, name: normalized.split('@')[0], password: `${randomBytes(24).toString('base64url')}aA1!` },
  });
  await deps.db.update(user).set({ emailVerified: true }).where(eq(user.id, result.user.id));
  await grantAppAdmin(deps.db, result.user.id);
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  await deps.db.insert(verification).values({
    id: crypto.randomUUID(),
    identifier: `reset-password:${token}`,
    value: result.user.id,
    expiresAt: new Date(now.getTime() + RESET_PASSWORD_EXPIRES_IN_SECONDS * 1000),
    createdAt: now,
    updatedAt: now,
  });
  const callbackURL = encodeURIComponent(`${deps.env.PUBLIC_URL}/set-password`);
  return { created: true, setPasswordUrl: `${deps.env.PUBLIC_URL}/api/auth/reset-password/${token}?callbackURL=${callbackURL}` };
}
