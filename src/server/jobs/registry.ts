import type { AppDeps } from '../deps';
import { EMAIL_JOBS } from '../email/send-email';
import { ACCOUNTS_JOBS } from '../features/accounts/accounts.jobs';
import { ADMIN_JOBS } from '../features/admin/admin.jobs';
import { DINER_JOBS } from '../features/diner/diner.jobs';
import { QR_JOBS } from '../features/qr/qr.jobs';
import { HOUSEKEEPING_JOBS } from './housekeeping.jobs';
import type { JobDefinition } from './queue';

/** Every background job of the product; each feature lists its own in `<domain>.jobs.ts`. */
export const ALL_JOBS: ReadonlyArray<JobDefinition<unknown, AppDeps>> = [...EMAIL_JOBS, ...ACCOUNTS_JOBS, ...ADMIN_JOBS, ...DINER_JOBS, ...QR_JOBS, ...HOUSEKEEPING_JOBS];
