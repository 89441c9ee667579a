import { Hono } from 'hono';
import type { AppDeps } from '../../deps';
import { requireUser } from '../../lib/guards';
import type { AppEnv } from '../../lib/hono-env';
import { getAccountSummary } from './accounts.service';

export function createAccountRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get('/me', requireUser(deps), async (c) => c.json(await getAccountSummary(deps.db, c.get('user'))));
}
