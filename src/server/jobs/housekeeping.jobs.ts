import { z } from 'zod';
import type { AppDeps } from '../deps';
import { purgeRateLimits } from '../lib/rate-limit';
import { defineJob, type JobDefinition } from './queue';

/** Every 10 minutes, one instance drops the rate-limit windows older than a day (off the request path). */
export const purgeRateLimitsJob = defineJob<Record<string, never>, AppDeps>({
  name: 'housekeeping.purge-rate-limits',
  payload: z.object({}).strict() as z.ZodType<Record<string, never>>,
  schedule: '*/10 * * * *',
  retryLimit: 0,
  async handle(_payload, deps) {
    const deleted = await purgeRateLimits(deps.db);
    if (deleted > 0) deps.logger.info({ deleted }, 'rate-limit windows purged');
  },
});

export const HOUSEKEEPING_JOBS: ReadonlyArray<JobDefinition<unknown, AppDeps>> = [purgeRateLimitsJob as JobDefinition<unknown, AppDeps>];
