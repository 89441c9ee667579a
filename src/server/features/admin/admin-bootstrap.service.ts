import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { user } from '../../db/schema';
import type { AppDeps } from '../../deps';
import type { Mailer, OutgoingMail } from '../../email/transport';
import { grantAppAdmin } from './admins.service';

/** A mailer that keeps what it is given instead of sending it (used to hand a link to the console). */
export function createCapturingMailer(mode: Mailer['mode'] = 'outbox'): Mailer & { sent: OutgoingMail[] } {
  const sent: OutgoingMail[] = [];
  return { mode, sent, async send(mail) { sent.push(mail); }, close() {} };
}

/**
 * Makes `email` a platform administrator. An existing user is promoted; otherwise the account is
 * created (email verified, random unusable password) and a one-time set-password link is returned.
 * `deps.mailer` must be a capturing mailer so the link can be printed rather than emailed.
 */
export async function createFirstAdmin(
  deps: Pick<AppDeps, 'db' | 'auth' | 'env'> & { mailer: ReturnType<typeof createCapturingMailer> },
  email: string,
): Promise<{ created: boolean; setPasswordUrl: string | null }> {
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
  await deps.auth.api.requestPasswordReset({ body: { email: normalized, redirectTo: `${deps.env.PUBLIC_URL}/set-password` } });
  const mail = deps.mailer.sent.find((m) => m.to === normalized && m.html.includes('/reset-password/'));
  const url = mail?.html.match(/href="([^"]*\/reset-password\/[^"]+)"/)?.[1]?.replace(/&amp;/g, '&') ?? null;
  return { created: true, setPasswordUrl: url };
}
