import { PgBoss, fromDrizzle, fromPglite, type SendOptions } from 'pg-boss';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Db } from '../db/client';
import type { Logger } from '../lib/logger';

export type { PgBoss };

/**
 * A background job: a queue name, a zod payload checked when sent and when worked, and a handler.
 * Features declare theirs in `<domain>.jobs.ts`; `startJobQueue` registers the workers.
 */
export type JobDefinition<TPayload, TDeps> = {
  name: string;
  payload: z.ZodType<TPayload>;
  // Method syntax on purpose: a job of any payload fits in the list of all jobs.
  handle(payload: TPayload, deps: TDeps): Promise<void>;
  retryLimit?: number;
};

export function defineJob<TPayload, TDeps>(job: JobDefinition<TPayload, TDeps>): JobDefinition<TPayload, TDeps> {
  return job;
}

export function createJobQueue(database: Database): PgBoss {
  if (database.kind === 'pglite') {
    return new PgBoss({ db: fromPglite(database.pglite), backend: 'pglite' });
  }
  const { connectionString } = database.pool.options;
  return new PgBoss({ connectionString, max: 4 });
}

/** Creates each queue and starts its worker. Must run before the first transactional send. */
export async function startJobWorkers<TDeps>(
  boss: PgBoss,
  jobs: ReadonlyArray<JobDefinition<unknown, TDeps>>,
  deps: TDeps,
  logger: Logger,
  options: { pollingIntervalSeconds?: number } = {},
): Promise<void> {
  for (const job of jobs) {
    await boss.createQueue(job.name, { retryLimit: job.retryLimit ?? 3, retryDelay: 30, retryBackoff: true });
    await boss.work(job.name, { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 }, async ([queued]) => {
      if (!queued) return;
      const payload = job.payload.parse(queued.data);
      try {
        await job.handle(payload, deps);
      } catch (error) {
        logger.error({ err: error, job: job.name, jobId: queued.id }, 'job failed');
        throw error;
      }
    });
  }
}

/**
 * Enqueues a job. Given `tx`, the job is written inside that transaction: a rolled-back write sends
 * nothing and a committed one always does.
 */
export async function enqueueJob<TPayload, TDeps>(
  boss: PgBoss,
  job: JobDefinition<TPayload, TDeps>,
  payload: TPayload,
  options: { tx?: Db } & Omit<SendOptions, 'db'> = {},
): Promise<string | null> {
  const data = job.payload.parse(payload) as object;
  const { tx, ...sendOptions } = options;
  return boss.send(job.name, data, tx ? { ...sendOptions, db: fromDrizzle(tx as never, sql) } : sendOptions);
}
