import { createAuth, type Auth } from './auth';
import type { Database, Db } from './db/client';
import { createMailer, type Mailer } from './email/transport';
import type { Env } from './env';
import { createJobQueue, type PgBoss } from './jobs/queue';
import type { Logger } from './lib/logger';
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
};

export function createDeps(
  env: Env,
  database: Database,
  logger: Logger,
  overrides: Partial<Pick<AppDeps, 'mailer' | 'storage'>> = {},
): AppDeps {
  const db = database.db;
  const mailer = overrides.mailer ?? createMailer(env, db);
  return {
    env,
    database,
    db,
    boss: createJobQueue(database),
    mailer,
    storage: overrides.storage ?? createStorage(env),
    auth: createAuth({ env, db, mailer, logger }),
    logger,
  };
}
