import path from 'node:path';
import { migrateDatabase, openDatabase, type Database } from './db/client';
import { createDeps, type AppDeps } from './deps';
import type { Env } from './env';
import { prepareJobQueues, startJobWorkers } from './jobs/queue';
import { ALL_JOBS } from './jobs/registry';
import { acquireDataDirLock } from './lib/data-dir-lock';
import type { Logger } from './lib/logger';

/**
 * Opens everything the server (or a script) needs: the data-folder lock (PGlite only), the database
 * with its migrations applied, and the job queue with its workers (unless `workers: false` or
 * JOB_WORKERS=off). `stop` undoes it all.
 */
export async function startDependencies(
  env: Env,
  logger: Logger,
  options: { workers?: boolean; overrides?: Parameters<typeof createDeps>[3] } = {},
): Promise<{ deps: AppDeps; stop: () => Promise<void> }> {
  const lock = env.DATABASE_URL ? null : acquireDataDirLock(env.DATA_DIR);
  let database: Database | undefined;
  try {
    database = await openDatabase({
      databaseUrl: env.DATABASE_URL,
      pgliteDir: path.join(env.DATA_DIR, 'pg'),
      onConnectionLost: (error) => logger.warn({ err: error }, 'database connection lost'),
    });
    await migrateDatabase(database);
    // Scripts and web-only instances (JOB_WORKERS=off) queue jobs that a worker instance runs.
    const workers = options.workers ?? env.JOB_WORKERS === 'on';
    const deps = createDeps(env, database, logger, { ...options.overrides, jobWorkers: workers });
    // pg-boss reports here every error of its own pool, its LISTEN connection and its workers' fetches
    // (a lost connection included) and goes on: workers keep polling, LISTEN reconnects (decision 027).
    deps.boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
    await deps.boss.start();
    if (workers) await startJobWorkers(deps.boss, ALL_JOBS, deps, logger, { yieldTo: deps.requestLoad, yieldSeconds: env.JOB_YIELD_SECONDS });
    else await prepareJobQueues(deps.boss, ALL_JOBS, logger);
    const opened = database;
    return {
      deps,
      async stop() {
        await deps.boss.stop({ graceful: true, timeout: 5000 }).catch(() => undefined);
        deps.requestLoad.stopSampling();
        deps.mailer.close();
        await opened.close();
        lock?.release();
      },
    };
  } catch (error) {
    await database?.close().catch(() => undefined);
    lock?.release();
    throw error;
  }
}
