import type { AppDeps } from '../deps';
import { EMAIL_JOBS } from '../email/email.jobs';
import { ALERT_JOBS } from '../email/low-rating-alerts.jobs';
import { QUOTA_JOBS } from '../email/quota-warning.jobs';
import { WEEKLY_DIGEST_JOBS } from '../email/weekly-digest.jobs';
import { ACCOUNTS_JOBS } from '../features/accounts/accounts.jobs';
import { BILLING_JOBS } from '../features/billing/billing.jobs';
import { DINER_JOBS } from '../features/diner/diner.jobs';
import { EMAIL_LINK_JOBS } from '../features/diner/email-link.jobs';
import { RETENTION_JOBS } from '../features/retention/retention.jobs';
import { WEBHOOK_JOBS } from '../features/webhooks/webhooks.jobs';
import { HOUSEKEEPING_JOBS } from './housekeeping.jobs';
import type { JobDefinition } from './queue';

/**
 * Every background job of the product: each `*.jobs.ts` file lists its own (decision 086). The app layer:
 * the one place that imports every feature's jobs.
 */
export const ALL_JOBS: ReadonlyArray<JobDefinition<unknown, AppDeps>> = [
  ...EMAIL_JOBS,
  ...ALERT_JOBS,
  ...WEEKLY_DIGEST_JOBS,
  ...QUOTA_JOBS,
  ...ACCOUNTS_JOBS,
  ...BILLING_JOBS,
  ...DINER_JOBS,
  ...EMAIL_LINK_JOBS,
  ...RETENTION_JOBS,
  ...WEBHOOK_JOBS,
  ...HOUSEKEEPING_JOBS,
];
