/** The one way to queue an email (now, later, or one pending per customer), on the queues of email.jobs.ts. */
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client';
import { enqueueJob, enqueueJobs, upsertJob, wakeLocalWorker, type PgBoss } from '../jobs/queue';
import { clock } from '../lib/runtime/clock';
import { sendComebackEmailJob, sendEmailJob, sendLaterEmailJob, sendNudgeEmailJob } from './email.jobs';
import { ZSendEmail, type SendEmailRequest } from './email-request';

/** The automations that keep one pending send per customer, and the queue each waits on. */
const ONE_PENDING_PER_CUSTOMER = { we_miss_you_30d: sendComebackEmailJob, review_nudge_3d: sendNudgeEmailJob } as const;
export type OnePendingTemplate = keyof typeof ONE_PENDING_PER_CUSTOMER;

/** Whether an email due at `startAfter` waits on the queue of later emails. */
const isDueLater = (startAfter: Date | undefined) => !!startAfter && startAfter.getTime() > clock.now().getTime();

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
  return enqueueJob(boss, isDueLater(options.startAfter) ? sendLaterEmailJob : sendEmailJob, ZSendEmail.parse(request), options);
}

/** An email for enqueueEmails: its request, its job id (the same id is queued once) and when it is due. */
export type QueuedEmail = { request: SendEmailRequest; id: string; startAfter?: Date; deleteAfterSeconds?: number };

/**
 * Queues several emails, with enqueueEmail's checks, the queue's retry and retention settings: those due
 * now in one statement, those for later (`startAfter` ahead) in one more, on their own queue
 * (sendLaterEmailJob). Given `tx`, inside that transaction (the caller may wakeEmailWorker after
 * its commit); without it, those due now wake this process's email worker (decision 071).
 */
export async function enqueueEmails(boss: PgBoss, emails: readonly QueuedEmail[], options: { tx?: Db } = {}): Promise<void> {
  const later = emails.filter((email) => isDueLater(email.startAfter));
  for (const [job, group] of [
    [sendEmailJob, emails.filter((email) => !later.includes(email))],
    [sendLaterEmailJob, later],
  ] as const) {
    await enqueueJobs(
      boss,
      job,
      group.map(({ request, id, startAfter, deleteAfterSeconds }) => ({
        payload: ZSendEmail.parse(request),
        id,
        ...(startAfter ? { startAfter } : {}),
        ...(deleteAfterSeconds ? { deleteAfterSeconds } : {}),
      })),
      options,
    );
  }
}

/** Starts this process's worker of the emails due now on those just committed (wakeLocalWorker). */
export function wakeEmailWorker(boss: PgBoss): void {
  wakeLocalWorker(boss, sendEmailJob.name);
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
  await upsertJob(boss, ONE_PENDING_PER_CUSTOMER[request.template], ZSendEmail.parse(request), {
    singletonKey: `${request.restaurantId}:${request.customerId}`,
    startAfter: dueAt,
    ...options,
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
