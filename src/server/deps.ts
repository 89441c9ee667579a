import { createAuth, type Auth } from './auth/auth';
import { createPublicReadCache, type PublicReadCache } from './platform';
import type { Database } from './db/client';
import type { EmailDeps } from './email/email-deps';
import { createMailer } from './email/transport';
import type { Env } from './env';
import { createJobQueue } from './jobs/queue';
import { clock } from './lib/runtime/clock';
import type { Logger } from './lib/runtime/logger';
import type { Resolver } from './lib/http/safe-fetch';
import { createReadiness, type Readiness } from './lib/runtime/readiness';
import { createRequestLoad, type RequestLoad } from './platform';
import { rateLimitsWith, type RateLimitOverrides, type RateLimits } from './lib/limits/rate-limit-rules';
import { createStorage, type FileStorage } from './storage/storage';

/**
 * Everything a route, service or job handler may need, built once at start. The layers below the features
 * own the narrow types of what they need (email/email-deps.ts, auth/guards.ts's GuardDeps, each job's own): this type
 * composes them, and never the other way round (docs/architecture.md, "Dependency rules").
 */
export type AppDeps = EmailDeps & {
  database: Database;
  storage: FileStorage;
  /** better-auth; with `db`, what the guards need (auth/guards.ts, GuardDeps). */
  auth: Auth;
  /** The rate limits the server enforces (lib/rate-limit-rules): the table in production, small ones in tests. */
  rateLimits: RateLimits;
  /** Live requests' hold on this process: the app counts them, the job workers give way to a rush. */
  requestLoad: RequestLoad;
  /** The diner's public reads remembered in this instance for a moment (platform/public-read-cache.ts, decision 052). */
  publicReads: PublicReadCache;
  /** Schema current, queue started, not draining: what `GET /api/health/ready` answers (lib/runtime/readiness.ts). */
  readiness: Readiness;
  /** Replaces DNS for webhook addresses (tests only; lib/http/safe-fetch.ts checks whatever it answers). */
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
    // The server's one clock, so tests move past the time to live instead of waiting it out.
    publicReads: createPublicReadCache({ now: () => clock.now().getTime() }),
    readiness: createReadiness(),
  };
}
