import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { emailLogs, restaurants } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { renderWelcomeOnboardingEmail } from '../../email/templates/accounts';
import { buildSendKey, deliverEmailOnce } from '../../email/deliver';
import { defineJob, type JobDefinition } from '../../jobs/queue';

/** Where the confirmation link leads once used (the owner gate then routes the user). */
export const VERIFY_EMAIL_CALLBACK_PATH = '/dashboard';

/** Sends the sign-up confirmation link (better-auth makes the signed link). */
export const SEND_VERIFICATION_EMAIL_JOB = defineJob<{ email: string }, AppDeps>({
  name: 'accounts.send-verification-email',
  payload: z.object({ email: z.string() }),
  async handle(payload, deps) {
    await deps.auth.api.sendVerificationEmail({ body: { email: payload.email, callbackURL: VERIFY_EMAIL_CALLBACK_PATH } });
  },
});

/**
 * The welcome_onboarding email. A failure is logged (and recorded in email_logs) and never
 * retried nor surfaced: the account stands without it (spec §8 silent failures).
 */
export const SEND_WELCOME_EMAIL_JOB = defineJob<{ restaurantId: string; to: string; firstName: string | null }, AppDeps>({
  name: 'accounts.send-welcome-email',
  payload: z.object({ restaurantId: z.string(), to: z.string(), firstName: z.string().nullable() }),
  async handle(payload, deps) {
    const [restaurant] = await deps.db.select({ name: restaurants.name }).from(restaurants).where(eq(restaurants.id, payload.restaurantId));
    if (!restaurant) return;
    const mail = renderWelcomeOnboardingEmail({ to: payload.to, firstName: payload.firstName, restaurantName: restaurant.name, publicUrl: deps.env.PUBLIC_URL });
    const log = { restaurantId: payload.restaurantId, toEmail: payload.to, toDomain: payload.to.split('@')[1] ?? '', templateName: 'welcome_onboarding', subject: mail.subject };
    try {
      const outcome = await deliverEmailOnce(deps, buildSendKey({ restaurantId: payload.restaurantId, to: payload.to, template: 'welcome_onboarding', eventId: payload.restaurantId }), mail);
      await deps.db.insert(emailLogs).values({ ...log, status: outcome === 'sent' ? 'sent' : 'skipped', error: outcome === 'sent' ? null : outcome });
    } catch (error) {
      deps.logger.error({ err: error, restaurantId: payload.restaurantId }, 'welcome email failed');
      await deps.db
        .insert(emailLogs)
        .values({ ...log, status: 'failed', error: error instanceof Error ? error.message.slice(0, 500) : 'unknown' })
        .catch(() => undefined);
    }
  },
});

/** Background jobs of this feature (queue name + zod payload + handler), registered at start. */
export const ACCOUNTS_JOBS: ReadonlyArray<JobDefinition<unknown, AppDeps>> = [
  SEND_VERIFICATION_EMAIL_JOB as JobDefinition<unknown, AppDeps>,
  SEND_WELCOME_EMAIL_JOB as JobDefinition<unknown, AppDeps>,
];
