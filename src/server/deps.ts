import { createAuth, type Auth } from './auth';
import { createPublicReadCache, type PublicReadCache } from './core/public-read-cache';
import type { Database, Db } from './db/client';
import { createMailer, type Mailer } from './email/transport';
import type { Env } from './env';
import { createJobQueue, type PgBoss } from './jobs/queue';
import type { Logger } from './lib/logger';
import type { Resolver } from './lib/safe-fetch';
import { createReadiness, type Readiness } from './lib/readiness';
import { createRequestLoad, type RequestLoad } from './lib/request-load';
import { rateLimitsWith, type RateLimitOverrides, type RateLimits } from './lib/rate-limit-rules';
import { createStorage, type FileStorage } from './storage/storage';

/** Everything a route, service or job handler may need, built once at start. */
export type AppDeps = {
  env: Env;
  database: Database;
  db: Db;
  boss: PgBoss;
  mailer: Mailer;
  storage: FileStorage;
  auth: Auth;
  logger: Logger;
  /** The rate limits the server enforces (lib/rate-limit-rules): the table in production, small ones in tests. */
  rateLimits: RateLimits;
  /** Live requests' hold on this process: the app counts them, the job workers give way to a rush. */
  requestLoad: RequestLoad;
  /** The diner's public reads remembered in this instance for a moment (core/public-read-cache.ts, decision 052). */
  publicReads: PublicReadCache;
  /** Schema current, queue started, not draining: what `GET /api/health/ready` answers (lib/readiness.ts). */
  readiness: Readiness;
  /** Replaces DNS for webhook addresses (tests only; lib/safe-fetch.ts checks whatever it answers). */
  webhookResolver?: Resolver;
};

export function createDeps(
  env: Env,
  database: Database,
  logger: Logger,
  overrides: Partial<Pick<AppDeps, 'mailer' | 'storage'>> & { rateLimits?: RateLimitOverrides; jobWorkers?: boolean } = {},
): AppDeps {
  const db = database.db;
  const mailer = overrides.mailer ?? createMailer(env, db);
  const rateLimits: RateLimits = rateLimitsWith(overrides.rateLimits);
  // Only a process that runs the workers listens for queued jobs (JOB_WORKERS, or its caller's choice).
  const boss = createJobQueue(database, { listen: overrides.jobWorkers ?? env.JOB_WORKERS === 'on' });
  return {
    env,
    database,
    db,
    boss,
    mailer,
    storage: overrides.storage ?? createStorage(env),
    auth: createAuth({ env, db, boss, logger, rateLimits: rateLimits.auth }),
    logger,
    rateLimits,
    requestLoad: createRequestLoad(),
    publicReads: createPublicReadCache(),
    readiness: createReadiness(),
  };
}
