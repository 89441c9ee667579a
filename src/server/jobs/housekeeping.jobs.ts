import { z } from 'zod';
import type { Db } from '../db/client';
import type { Logger } from '../lib/runtime/logger';
import { purgeRateLimits } from '../lib/limits/rate-limit';
import { purgeIdempotencyKeys } from '../core/api-keys';
import { foldStatShards } from '../core/daily-stats';
import { clock } from '../lib/runtime/clock';
import { parisDayOf } from '../../shared/format';
import { defineJob, type JobDefinition } from './queue';

/** What the housekeeping jobs need (deps.ts's HousekeepingDeps has it). */
type HousekeepingDeps = { db: Db; logger: Logger };

/** Every 10 minutes, one instance drops the rate-limit windows older than a day (off the request path). */
export const purgeRateLimitsJob = defineJob<Record<string, never>, HousekeepingDeps>({
  name: 'housekeeping.purge-rate-limits',
  payload: z.object({}).strict() as z.ZodType<Record<string, never>>,
  schedule: '*/10 * * * *',
  retryLimit: 0,
  async handle(_payload, deps) {
    const deleted = await purgeRateLimits(deps.db);
    if (deleted > 0) deps.logger.info({ deleted }, 'rate-limit windows purged');
  },
});

/**
 * Every night, one instance folds the shards of the daily stats and of the /avis rollup for the days
 * before today (Paris) into one row per key (decision 047): the sums stay the same, the rows read stay few.
 */
export const foldStatShardsJob = defineJob<Record<string, never>, HousekeepingDeps>({
  name: 'housekeeping.fold-stat-shards',
  payload: z.object({}).strict() as z.ZodType<Record<string, never>>,
  schedule: '20 3 * * *',
  retryLimit: 1,
  async handle(_payload, deps) {
    const folded = await foldStatShards(deps.db, parisDayOf(clock.now()));
    if (folded > 0) deps.logger.info({ folded }, 'stat shards folded');
  },
});

/** Every hour, one instance drops the public API's stored Idempotency-Key answers older than a day (issue #31). */
export const purgeIdempotencyKeysJob = defineJob<Record<string, never>, HousekeepingDeps>({
  name: 'housekeeping.purge-api-idempotency-keys',
  payload: z.object({}).strict() as z.ZodType<Record<string, never>>,
  schedule: '35 * * * *',
  retryLimit: 0,
  async handle(_payload, deps) {
    const deleted = await purgeIdempotencyKeys(deps.db);
    if (deleted > 0) deps.logger.info({ deleted }, 'api idempotency keys purged');
  },
});

export const HOUSEKEEPING_JOBS: ReadonlyArray<JobDefinition<unknown, HousekeepingDeps>> = [
  purgeRateLimitsJob as JobDefinition<unknown, HousekeepingDeps>,
  foldStatShardsJob as JobDefinition<unknown, HousekeepingDeps>,
  purgeIdempotencyKeysJob as JobDefinition<unknown, HousekeepingDeps>,
];
