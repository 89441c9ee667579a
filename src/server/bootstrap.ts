import path from 'node:path';
import { migrateDatabase, openDatabase, pendingMigrations, POOL_SIZE, withMigrationLock, type Database } from './db/client';
import { createDeps, type AppDeps } from './deps';
import type { Env } from './env';
import { createJobQueue, JOB_QUEUE_POOL_SIZE, prepareJobQueues, startJobWorkers } from './jobs/queue';
import { ALL_JOBS } from './jobs/registry';
import { acquireDataDirLock } from './lib/runtime/data-dir-lock';
import type { Logger } from './lib/runtime/logger';

/** How often an instance started with MIGRATE_ON_START=0 looks whether the schema has become current. */
export const SCHEMA_POLL_MS = 1000;

/**
 * Opens everything the server (or a script) needs: the data-folder lock (PGlite only), the database
 * with its migrations applied (MIGRATE_ON_START=1, under the migration lock), and the job queue with its
 * workers (unless `workers: false` or JOB_WORKERS=off). `stop` undoes it all.
 *
 * With MIGRATE_ON_START=0 and migrations pending, the job queue starts once another process (`npm run
 * migrate`) has applied them: `ready` settles then. The server passes `serveWhileWaiting` and listens
 * meanwhile (its readiness answers 503 naming the migration it waits for); a script waits for `ready`.
 */
export async function startDependencies(
  env: Env,
  logger: Logger,
  options: { workers?: boolean; overrides?: Parameters<typeof createDeps>[3]; serveWhileWaiting?: boolean } = {},
): Promise<{ deps: AppDeps; stop: () => Promise<void>; ready: Promise<void> }> {
  const lock = env.DATABASE_URL ? null : acquireDataDirLock(env.DATA_DIR);
  let database: Database | undefined;
  let stopped = false;
  try {
    database = await openDatabase({
      databaseUrl: env.DATABASE_URL,
      pgliteDir: path.join(env.DATA_DIR, 'pg'),
      onConnectionLost: (error) => logger.warn({ err: error }, 'database connection lost'),
    });
    const opened = database;
    // Scripts and web-only instances (JOB_WORKERS=off) queue jobs that a worker instance runs.
    const workers = options.workers ?? env.JOB_WORKERS === 'on';
    const deps = createDeps(env, opened, logger, { ...options.overrides, jobWorkers: workers });
    // pg-boss reports here every error of its own pool, its LISTEN connection and its workers' fetches
    // (a lost connection included) and goes on: workers keep polling, LISTEN reconnects (decision 027).
    deps.boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
    const onWait = () => logger.info('migrations: another instance holds the migration lock, waiting for it');

    const startQueue = async () => {
      if (workers) await startJobWorkers(deps.boss, ALL_JOBS, deps, logger, { yieldTo: deps.requestLoad, yieldSeconds: env.JOB_YIELD_SECONDS });
      else await prepareJobQueues(deps.boss, ALL_JOBS, logger);
      deps.readiness.markQueueStarted();
    };

    if (env.MIGRATE_ON_START === '1') {
      // drizzle's migrations and pg-boss's own install (its schema, its upgrades) under one lock: N instances
      // starting together apply them once, one after the other (decision 078).
      await withMigrationLock(
        opened,
        async (client) => {
          await migrateDatabase(opened, undefined, client);
          await deps.boss.start();
        },
        onWait,
      );
      await startQueue();
    } else {
      const pending = await pendingMigrations(opened);
      deps.readiness.markWaitingFor(pending[0] ?? null);
      if (pending.length > 0) {
        logger.warn({ pending }, `migrations: waiting for ${pending[0]} (${pending.length} pending; MIGRATE_ON_START=0: run npm run migrate)`);
      }
    }

    let poll: ReturnType<typeof setTimeout> | undefined;
    const ready =
      deps.readiness.waitingForMigration() === null && env.MIGRATE_ON_START === '1'
        ? Promise.resolve()
        : new Promise<void>((resolve, reject) => {
            const check = async () => {
              if (stopped) return resolve();
              try {
                const pending = await pendingMigrations(opened);
                if (pending.length > 0) {
                  if (pending[0] !== deps.readiness.waitingForMigration()) logger.warn({ pending }, `migrations: waiting for ${pending[0]}`);
                  deps.readiness.markWaitingFor(pending[0]);
                  poll = setTimeout(check, SCHEMA_POLL_MS);
                  return;
                }
                deps.readiness.markWaitingFor(null);
                logger.info('migrations: the schema is current');
                await withMigrationLock(opened, () => deps.boss.start(), onWait);
                await startQueue();
                resolve();
              } catch (error) {
                if (stopped) return resolve();
                if (!options.serveWhileWaiting) return reject(error);
                logger.warn({ err: error }, 'migrations: could not read the schema version, trying again');
                poll = setTimeout(check, SCHEMA_POLL_MS);
              }
            };
            void check();
          });
    if (!options.serveWhileWaiting) await ready;
    return {
      deps,
      ready,
      async stop() {
        stopped = true;
        clearTimeout(poll);
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

/**
 * The PostgreSQL connections this instance may hold, for the start's log line: its pool, the job queue's
 * pool, and the LISTEN connection where workers run; times INSTANCE_COUNT when declared.
 */
export function connectionBudget(env: Pick<Env, 'DATABASE_URL' | 'JOB_WORKERS' | 'INSTANCE_COUNT'>): string {
  if (!env.DATABASE_URL) return 'connections: embedded PGlite, one process (no PostgreSQL connection)';
  const listen = env.JOB_WORKERS === 'on' ? 1 : 0;
  const perInstance = POOL_SIZE + JOB_QUEUE_POOL_SIZE + listen;
  const role = env.JOB_WORKERS === 'on' ? 'web + jobs (JOB_WORKERS=on)' : 'web only (JOB_WORKERS=off)';
  const parts = `pool ${POOL_SIZE} + job queue ${JOB_QUEUE_POOL_SIZE}${listen ? ' + LISTEN 1' : ''} = ${perInstance} per instance`;
  const total = env.INSTANCE_COUNT
    ? `× INSTANCE_COUNT ${env.INSTANCE_COUNT} = ${perInstance * env.INSTANCE_COUNT}`
    : `× N instances = ${perInstance}·N (set INSTANCE_COUNT for the sum)`;
  return `connections: role ${role}: ${parts}; ${total}, +1 each while it migrates at start`;
}

/**
 * `npm run migrate` (a release step, before instances started with MIGRATE_ON_START=0): applies drizzle's
 * pending migrations and installs or upgrades pg-boss's schema, under the migration lock, then closes.
 * Returns the tags it applied (empty: the schema was current).
 */
export async function migrateAlone(env: Env, logger: Logger): Promise<string[]> {
  const lock = env.DATABASE_URL ? null : acquireDataDirLock(env.DATA_DIR);
  try {
    const database = await openDatabase({ databaseUrl: env.DATABASE_URL, pgliteDir: path.join(env.DATA_DIR, 'pg') });
    try {
      const boss = createJobQueue(database, { listen: false });
      boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
      const pending = await pendingMigrations(database);
      await withMigrationLock(
        database,
        async (client) => {
          await migrateDatabase(database, undefined, client);
          await boss.start();
        },
        () => logger.info('migrations: another process holds the migration lock, waiting for it'),
      );
      await boss.stop({ graceful: false, close: true }).catch(() => undefined);
      const left = new Set(await pendingMigrations(database));
      return pending.filter((tag) => !left.has(tag));
    } finally {
      await database.close();
    }
  } finally {
    lock?.release();
  }
}
