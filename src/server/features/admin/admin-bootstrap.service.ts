import { randomBytes } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { RESET_PASSWORD_EXPIRES_IN_SECONDS } from '../../auth/auth';
import { account, user, verification } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { grantAppAdmin } from './admins.service';

/** The mark left by the account's creation: its unusable first password's hash, to tell whether a password was chosen since. */
const bootstrapMark = (userId: string) => `admin-bootstrap:${userId}`;
/** The mark outlives any link: it only says which hash the account was created with. */
const BOOTSTRAP_MARK_TTL_MS = 100 * 365 * 24 * 3600 * 1000;

/**
 * Makes `email` a platform administrator. An existing user is promoted; otherwise the account is
 * created (email verified, random unusable password) and a one-time set-password link is returned
 * for the console: the same reset link better-auth would email (a `reset-password:` verification
 * valid one hour), printed instead of sent since this runs before any mail may be configured.
 * Run again for an account it created whose password was never chosen (the link lost or expired), it
 * revokes the earlier links and returns a new one (`renewed`).
 */
export async function createFirstAdmin(
  deps: Pick<AppDeps, 'db' | 'auth' | 'env'>,
  email: string,
): Promise<{ created: boolean; renewed: boolean; setPasswordUrl: string | null }> {
  const normalized = email.trim().toLowerCase();
  const [existing] = await deps.db.select({ id: user.id }).from(user).where(eq(user.email, normalized));
  if (existing) {
    await grantAppAdmin(deps.db, existing.id);
    if (!(await neverChosePassword(deps, existing.id))) return { created: false, renewed: false, setPasswordUrl: null };
    // The earlier links stop working: only the one printed now opens the page.
    await deps.db.delete(verification).where(and(like(verification.identifier, 'reset-password:%'), eq(verification.value, existing.id)));
    return { created: false, renewed: true, setPasswordUrl: await issueSetPasswordLink(deps, existing.id) };
  }
  const result = await deps.auth.api.signUpEmail({
    body: { email: normalized, name: normalized.split('@')[0], password: `${randomBytes(24).toString('base64url')}aA1!` },
  });
  await deps.db.update(user).set({ emailVerified: true }).where(eq(user.id, result.user.id));
  await grantAppAdmin(deps.db, result.user.id);
  const [credential] = await deps.db
    .select({ password: account.password })
    .from(account)
    .where(and(eq(account.userId, result.user.id), eq(account.providerId, 'credential')));
  const now = new Date();
  await deps.db.insert(verification).values({
    id: crypto.randomUUID(),
    identifier: bootstrapMark(result.user.id),
    value: credential?.password ?? '',
    expiresAt: new Date(now.getTime() + BOOTSTRAP_MARK_TTL_MS),
    createdAt: now,
    updatedAt: now,
  });
  return { created: true, renewed: false, setPasswordUrl: await issueSetPasswordLink(deps, result.user.id) };
}

/** The account was created by this script and still has the unusable password it was given then. */
async function neverChosePassword(deps: Pick<AppDeps, 'db'>, userId: string): Promise<boolean> {
  const [mark] = await deps.db.select({ hash: verification.value }).from(verification).where(eq(verification.identifier, bootstrapMark(userId)));
  if (!mark?.hash) return false;
  const [credential] = await deps.db
    .select({ password: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')));
  return credential?.password === mark.hash;
}

/** A `reset-password:` verification valid one hour, as better-auth's own reset link, for the console. */
async function issueSetPasswordLink(deps: Pick<AppDeps, 'db' | 'env'>, userId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  await deps.db.insert(verification).values({
    id: crypto.randomUUID(),
    identifier: `reset-password:${token}`,
    value: userId,
    expiresAt: new Date(now.getTime() + RESET_PASSWORD_EXPIRES_IN_SECONDS * 1000),
    createdAt: now,
    updatedAt: now,
  });
  const callbackURL = encodeURIComponent(`${deps.env.PUBLIC_URL}/set-password`);
  return `${deps.env.PUBLIC_URL}/api/auth/reset-password/${token}?callbackURL=${callbackURL}`;
}
