/** The email jobs: one handler (send-email.ts), four queues (decisions 009, 022, 025). Queue with email-queue.ts. */
import { defineJob, type JobDefinition } from '../jobs/queue';
import type { EmailDeps } from './email-deps';
import { ZSendEmail, type SendEmailPayload } from './email-request';
import { handleSendEmail } from './send-email';

/** Emails wait in the queue up to 90 days (the 30-day send must outlive pg-boss's 14-day default). */
const EMAIL_RETENTION_SECONDS = 90 * 24 * 3600;

/** A queue of the send-email job: the same payload, handler, retries and retention; its own name and policy. */
const defineEmailJob = (name: string, policy?: 'short') =>
  defineJob<SendEmailPayload, EmailDeps>({
    name,
    payload: ZSendEmail,
    retryLimit: 5,
    queue: { ...(policy ? { policy } : {}), retentionSeconds: EMAIL_RETENTION_SECONDS },
    handle: handleSendEmail,
  });

export const sendEmailJob = defineEmailJob('email.send');

/**
 * The 'we miss you' sends: one waiting per customer (singletonKey restaurant:customer on a `short`
 * queue), moved to 30 days after the latest visit each time the customer comes back.
 */
export const sendComebackEmailJob = defineEmailJob('email.send-comeback', 'short');

/**
 * The day-3 review nudges: one waiting per customer as well (decision 025), moved to 3 days after the
 * latest 4–5 star visit, so two good visits never queue two identical nudges.
 */
export const sendNudgeEmailJob = defineEmailJob('email.send-nudge', 'short');

/**
 * Emails queued for later (the day-3 review nudge). Not in sendEmailJob's queue: pg-boss fetches a
 * queue's jobs in creation order and skips those not yet due, so three days of waiting nudges made every
 * fetch of the immediate emails (one per submission, woken by NOTIFY) walk them all (decision 022).
 */
export const sendLaterEmailJob = defineEmailJob('email.send-later');

export const EMAIL_JOBS: ReadonlyArray<JobDefinition<unknown, EmailDeps>> = [
  sendEmailJob,
  sendLaterEmailJob,
  sendComebackEmailJob,
  sendNudgeEmailJob,
] as ReadonlyArray<JobDefinition<unknown, EmailDeps>>;
