import { createHash } from 'node:crypto';
import { and, sql } from 'drizzle-orm';
import { z } from 'zod';
import { restaurants } from '../db/schema';
import { isVenueActive } from '../core/venue-state';
import type { EmailDeps } from './email-deps';
import { defineJob, type JobDefinition } from '../jobs/queue';
import { clock } from '../lib/runtime/clock';
import { APP_TIME_ZONE, parisDayOf } from '../../shared/format';
import { enqueueEmails, type QueuedEmail } from './email-queue';
import { addDays } from './weekly-digest-data';

/** Digests queued per statement. */
const BATCH = 500;

/** The Monday (YYYY-MM-DD, Paris) starting the last whole week before `now`. */
export function lastWeekStart(now: Date): string {
  const today = parisDayOf(now);
  const weekday = new Date(`${today}T12:00:00Z`).getUTCDay(); // 0 = Sunday
  const thisMonday = addDays(today, -((weekday + 6) % 7));
  return addDays(thisMonday, -7);
}

/** One job id per restaurant and week: a second fan-out (another instance, a retry) queues nothing new. */
function digestJobId(restaurantId: string, weekStart: string): string {
  const hex = createHash('sha256').update(`weekly-digest:${restaurantId}:${weekStart}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Queues last week's digest of every approved restaurant that existed during that week (to its contact
 * email, rendered at send time).
 * Idempotent: the job id and the send key (restaurant, address, template, `digest:<week>`) are the
 * week's, so two instances or two runs send one digest per restaurant and week (decision 037).
 */
export async function queueWeeklyDigests(deps: Pick<EmailDeps, 'db' | 'boss'>, now: Date = clock.now()): Promise<{ weekStart: string; queued: number }> {
  const weekStart = lastWeekStart(now);
  // No digest of a week the venue did not exist in (issue 48): created before the week's end (Monday 0:00, Paris).
  const weekEnd = sql`(${addDays(weekStart, 7)}::date::timestamp at time zone ${APP_TIME_ZONE})`;
  const approved = await deps.db
    .select({ id: restaurants.id })
    .from(restaurants)
    .where(and(isVenueActive(), sql`${restaurants.createdAt} < ${weekEnd}`));
  for (let index = 0; index < approved.length; index += BATCH) {
    const emails: QueuedEmail[] = approved.slice(index, index + BATCH).map(({ id }) => ({
      id: digestJobId(id, weekStart),
      request: { template: 'weekly_digest', restaurantId: id, customerId: null, to: null, eventId: `digest:${weekStart}`, data: { week_start: weekStart } },
    }));
    await enqueueEmails(deps.boss, emails);
  }
  return { weekStart, queued: approved.length };
}

/** Every Monday at 9:00 in Paris (pg-boss sends each tick once across instances; a missed tick is sent once). */
export const weeklyDigestJob = defineJob<Record<string, never>, EmailDeps>({
  name: 'email.weekly-digest',
  payload: z.object({}).strict() as z.ZodType<Record<string, never>>,
  schedule: '0 9 * * 1',
  scheduleOptions: { tz: APP_TIME_ZONE, missed: 'once' },
  retryLimit: 3,
  async handle(_payload, deps) {
    const { weekStart, queued } = await queueWeeklyDigests(deps);
    deps.logger.info({ weekStart, queued }, 'weekly digests queued');
  },
});

export const WEEKLY_DIGEST_JOBS: ReadonlyArray<JobDefinition<unknown, EmailDeps>> = [weeklyDigestJob as JobDefinition<unknown, EmailDeps>];
