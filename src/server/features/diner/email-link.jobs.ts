import { and, eq, sql } from 'drizzle-orm';
import { customers } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { defineJob, type JobDefinition } from '../../jobs/queue';
import { clock } from '../../lib/runtime/clock';
import type { Locale } from '../../../shared/rules/locales';
import { cardRecoveryQueue, createPendingLink } from './email-link.service';

/** 'Retrouver ma carte', behind the request: the customer of that email here, if any, gets a recovery link. */
export const recoverCardJob = defineJob<{ restaurantId: string; email: string; anonId: string; lang?: Locale }, Pick<AppDeps, 'db' | 'boss' | 'env'>>({
  ...cardRecoveryQueue,
  async handle(payload, deps) {
    const [owner] = await deps.db
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.restaurantId, payload.restaurantId), sql`lower(${customers.email}) = ${payload.email.toLowerCase()}`));
    if (!owner) return;
    await deps.db.transaction((tx) =>
      createPendingLink(deps, tx, { restaurantId: payload.restaurantId, email: payload.email, marketingConsent: false, lang: payload.lang }, payload.anonId, owner.id, clock.now(), 'recover'),
    );
  },
});

export const EMAIL_LINK_JOBS: ReadonlyArray<JobDefinition<unknown, AppDeps>> = [recoverCardJob as JobDefinition<unknown, AppDeps>];
