import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { defineJob, type JobDefinition } from '../../jobs/queue';

/** Where the confirmation link leads once used (the owner gate then routes the user). */
export const VERIFY_EMAIL_CALLBACK_PATH = '/dashboard';

/** Sends the sign-up confirmation link (better-auth makes the signed link). */
export const sendVerificationEmailJob = defineJob<{ email: string }, AppDeps>({
  name: 'accounts.send-verification-email',
  payload: z.object({ email: z.string() }),
  async handle(payload, deps) {
    await deps.auth.api.sendVerificationEmail({ body: { email: payload.email, callbackURL: VERIFY_EMAIL_CALLBACK_PATH } });
  },
});

/** Background jobs of this feature (queue name + zod payload + handler), registered at start. */
export const ACCOUNTS_JOBS: ReadonlyArray<JobDefinition<unknown, AppDeps>> = [
  sendVerificationEmailJob as JobDefinition<unknown, AppDeps>,
];
