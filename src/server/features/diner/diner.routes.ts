import { Hono } from 'hono';
import type { AppDeps } from '../../deps';
import type { AppEnv } from '../../lib/hono-env';

/** Public diner endpoints (issue [diner]), mounted at /api/public. */
export function createDinerRoutes(_deps: AppDeps) {
  return new Hono<AppEnv>();
}
