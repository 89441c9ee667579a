// npm run migrate — applies the pending migrations (and pg-boss's schema) and exits: the release step
// before starting instances with MIGRATE_ON_START=0. Safe beside running instances and other `migrate`
// runs: the work is done under the migration lock (decision 078). Stop a running PGlite server first.
import { migrateAlone } from '../src/server/bootstrap';
import { describeDatabase, parseEnv } from '../src/server/env';
import { createLogger } from '../src/server/lib/runtime/logger';

const env = parseEnv();
try {
  const applied = await migrateAlone(env, createLogger(env.LOG_LEVEL === 'info' ? 'warn' : env.LOG_LEVEL));
  console.log(applied.length ? `Applied ${applied.length} migration(s) to ${describeDatabase(env)}: ${applied.join(', ')}` : `The schema of ${describeDatabase(env)} is current: nothing to apply.`);
} catch (error) {
  console.error('Migration failed:', error);
  process.exitCode = 1;
}
