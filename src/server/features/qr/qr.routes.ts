import { Hono } from 'hono';
import type { AppDeps } from '../../deps';
import type { AppEnv } from '../../lib/hono-env';

/** Owner QR-code endpoints (issue [qr]), mounted at /api/qr. */
export function createQrRoutes(_deps: AppDeps) {
  return new Hono<AppEnv>();
}
