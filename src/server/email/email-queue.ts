/** The email job queues and the one way to queue an email (now, later, or one pending per customer). */
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client';
import type { AppDeps } from '../deps';
import { defineJob, enqueueJob, jobQueueDbOf, wakeLocalWorker, type JobDefinition, type PgBoss } from '../jobs/queue';
import { clock } from '../lib/clock';
import { ZSendEmail, type SendEmailPayload, type SendEmailRequest } from './email-request';
import { handleSendEmail } from './send-email';

/** Emails wait in the queue up to 90 days (the 30-day send must outlive pg-boss's 14-day default). */
const EMAIL_RETENTION_SECONDS = 90 * 24 * 3600;

/** A queue of the send-email job: the same payload, handler, retries and retention; its own name and policy. */
const defineEmailJob = (name: string, policy?: 'short') =>
  defineJob<SendEmailPayload, AppDeps>({
    name,
    payload: ZSendEmail,
    retryLimit: 5,
    queue: { ...(policy ? { policy } : {}), retentionSeconds: EMAIL_RETENTION_SECONDS },
    handle: handleSendEmail,
  });

export const SEND_EMAIL_JOB = defineEmailJob('email.send');

/**
 * The 'we miss you' sends: one waiting per customer (singletonKey restaurant:customer on a `short`
 * queue), moved to 30 days after the latest visit each time the customer comes back.
 */
export const SEND_COMEBACK_EMAIL_JOB = defineEmailJob('email.send-comeback', 'short');

/**
 * The day-3 review nudges: one waiting per customer as well (decision 025), moved to 3 days after the
 * latest 4–5 star visit, so two good visits never queue two identical nudges.
 */
export const SEND_NUDGE_EMAIL_JOB = defineEmailJob('email.send-nudge', 'short');

/** The automations that keep one pending send per customer, and the queue each waits on. */
const ONE_PENDING_PER_CUSTOMER = { we_miss_you_30d: SEND_COMEBACK_EMAIL_JOB, review_nudge_3d: SEND_NUDGE_EMAIL_JOB } as const;
export type OnePendingTemplate = keyof typeof ONE_PENDING_PER_CUSTOMER;

/**
 * Emails queued for later (the day-3 review nudge). Not in SEND_EMAIL_JOB's queue: pg-boss fetches a
 * queue's jobs in creation order and skips those not yet due, so three days of waiting nudges made every
 * fetch of the immediate emails (one per submission, woken by NOTIFY) walk them all (decision 022).
 */
export const SEND_LATER_EMAIL_JOB = defineEmailJob('email.send-later');

/** Whether an email due at `startAfter` waits on the queue of later emails. */
const isDueLater = (startAfter: Date | undefined) => !!startAfter && startAfter.getTime() > clock.now().getTime();

export const EMAIL_JOBS: ReadonlyArray<JobDefinition<unknown, AppDeps>> = [
  SEND_EMAIL_JOB,
  SEND_LATER_EMAIL_JOB,
  SEND_COMEBACK_EMAIL_JOB,
  SEND_NUDGE_EMAIL_JOB,
] as ReadonlyArray<JobDefinition<unknown, AppDeps>>;

/**
 * Queues an email. Given `tx`, it is written in the transaction that causes it (a rolled-back write
 * sends nothing). `startAfter` delays it (on the queue of later emails); `deleteAfterSeconds` shortens how long a
 * payload carrying a secret link stays in the queue table.
 */
export async function enqueueEmail(
  boss: PgBoss,
  request: SendEmailRequest,
  options: { tx?: Db; startAfter?: Date; id?: string; deleteAfterSeconds?: number; retryLimit?: number } = {},
): Promise<string | null> {
  return enqueueJob(boss, isDueLater(options.startAfter) ? SEND_LATER_EMAIL_JOB : SEND_EMAIL_JOB, ZSendEmail.parse(request), options);
}

/** An email for enqueueEmails: its request, its job id (the same id is queued once) and when it is due. */
export type QueuedEmail = { request: SendEmailRequest; id: string; startAfter?: Date; deleteAfterSeconds?: number };

/**
 * Queues several emails, with enqueueEmail's checks, the queue's retry and retention settings: those due
 * now in one statement, those for later (`startAfter` ahead) in one more, on their own queue
 * (SEND_LATER_EMAIL_JOB). Given `tx`, inside that transaction (the caller may wakeEmailWorker after
 * its commit); without it, those due now wake this process's email worker (decision 071).
 */
export async function enqueueEmails(boss: PgBoss, emails: readonly QueuedEmail[], options: { tx?: Db } = {}): Promise<void> {
  const db = options.tx ? { db: jobQueueDbOf(options.tx) } : undefined;
  const later = emails.filter((email) => isDueLater(email.startAfter));
  for (const [queue, group] of [
    [SEND_EMAIL_JOB.name, emails.filter((email) => !later.includes(email))],
    [SEND_LATER_EMAIL_JOB.name, later],
  ] as const) {
    if (group.length === 0) continue;
    await boss.insert(
      queue,
      group.map(({ request, id, startAfter, deleteAfterSeconds }) => ({
        id,
        data: ZSendEmail.parse(request),
        ...(startAfter ? { startAfter } : {}),
        ...(deleteAfterSeconds ? { deleteAfterSeconds } : {}),
      })),
      db,
    );
  }
  if (!options.tx && later.length < emails.length) wakeEmailWorker(boss);
}

/** Starts this process's worker of the emails due now on those just committed (wakeLocalWorker). */
export function wakeEmailWorker(boss: PgBoss): void {
  wakeLocalWorker(boss, SEND_EMAIL_JOB.name);
}

/** A send kept once per customer: its request (template, restaurant, customer) and when it is due. */
export type PendingEmail = { request: SendEmailRequest & { template: OnePendingTemplate; restaurantId: string; customerId: string }; dueAt: Date };

/**
 * Puts (or moves) the customer's one pending send of `request.template` ('we miss you', review nudge) at
 * `dueAt`, with the request's data: an upsert by (restaurant, customer) on that template's own queue. Two
 * transactions doing it at once end with one job (the second insert meets the first one's row and moves
 * it). Given `tx`, inside that transaction.
 */
export async function schedulePendingEmail(boss: PgBoss, { request, dueAt }: PendingEmail, options: { tx?: Db } = {}): Promise<void> {
  const data = ZSendEmail.parse(request) as object;
  await boss.upsert(ONE_PENDING_PER_CUSTOMER[request.template].name, data, {
    singletonKey: `${request.restaurantId}:${request.customerId}`,
    startAfter: dueAt,
    ...(options.tx ? { db: jobQueueDbOf(options.tx) } : {}),
  });
}

/** Puts (or moves) the customer's one pending 'we miss you' email at `dueAt`. Given `tx`, inside that transaction. */
export async function scheduleComebackEmail(
  boss: PgBoss,
  request: SendEmailRequest & { restaurantId: string; customerId: string },
  dueAt: Date,
  options: { tx?: Db } = {},
): Promise<void> {
  await schedulePendingEmail(boss, { request: { ...request, template: 'we_miss_you_30d' }, dueAt }, options);
}

/** A test send's id, fresh each time so the owner can send the same test twice. */
export const newTestEventId = () => `test:${randomUUID()}`;
