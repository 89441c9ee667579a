import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { defineJob, type JobDefinition } from '../../jobs/queue';
import { APP_TIME_ZONE } from '../../../shared/format';
import { runRetention } from './retention.service';

/** Every night at 4:00 in Paris: reminders, then anonymisation of the diners inactive for the retention period (decision 045). */
export const retentionJob = defineJob<Record<string, never>, AppDeps>({
  name: 'retention.anonymize-inactive',
  payload: z.object({}).strict() as z.ZodType<Record<string, never>>,
  schedule: '0 4 * * *',
  scheduleOptions: { tz: APP_TIME_ZONE, missed: 'once' },
  retryLimit: 3,
  async handle(_payload, deps) {
    const { reminded, anonymized } = await runRetention(deps);
    if (reminded > 0 || anonymized > 0) deps.logger.info({ reminded, anonymized }, 'retention: reminders queued, diners anonymised');
  },
});

export const RETENTION_JOBS: ReadonlyArray<JobDefinition<unknown, AppDeps>> = [retentionJob as JobDefinition<unknown, AppDeps>];
