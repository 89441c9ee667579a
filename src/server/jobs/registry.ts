import type { AppDeps } from '../deps';
import { ALERT_JOBS } from '../email/low-rating-alerts';
import { EMAIL_JOBS } from '../email/email-queue';
import { WEEKLY_DIGEST_JOBS } from '../email/weekly-digest';
import { QUOTA_JOBS } from '../email/quota-warning';
import { ACCOUNTS_JOBS } from '../features/accounts/accounts.jobs';
import { DINER_JOBS } from '../features/diner/diner.jobs';
import { recoverCardJob } from '../features/diner/email-link.service';
import { RETENTION_JOBS } from '../features/retention/retention.jobs';
import { WEBHOOK_JOBS } from '../features/webhooks/webhooks.jobs';
import { HOUSEKEEPING_JOBS } from './housekeeping.jobs';
import type { JobDefinition } from './queue';

/** Every background job of the product; each feature lists its own in `<domain>.jobs.ts`. */
export const ALL_JOBS: ReadonlyArray<JobDefinition<unknown, AppDeps>> = [...EMAIL_JOBS, ...ALERT_JOBS, ...WEEKLY_DIGEST_JOBS, ...QUOTA_JOBS, ...ACCOUNTS_JOBS, ...DINER_JOBS, recoverCardJob as JobDefinition<unknown, AppDeps>, ...RETENTION_JOBS, ...WEBHOOK_JOBS, ...HOUSEKEEPING_JOBS];
