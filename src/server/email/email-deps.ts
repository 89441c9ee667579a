import type { Db } from '../db/client';
import type { Env } from '../env';
import type { PgBoss } from '../jobs/queue';
import type { Logger } from '../lib/runtime/logger';
import type { Mailer } from './transport';

/**
 * What the mail pipeline needs (queue, prepare, send, the alert and digest jobs): its own narrow type,
 * so that email/ never imports the app's dependencies (deps.ts composes this into AppDeps).
 */
export type EmailDeps = { env: Env; db: Db; boss: PgBoss; mailer: Mailer; logger: Logger };
