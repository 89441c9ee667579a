import { Hono } from 'hono';
import type { AppDeps } from '../../deps';
import type { AppEnv } from '../../lib/http/hono-env';
import { isImageKey } from '../../core/images';
import { assertSafeKey } from '../../storage/storage';

/** Our keys are `qr/{uuid}/{uuid}.png`-like, well under this. */
const MAX_KEY_LENGTH = 200;

const CONTENT_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', pdf: 'application/pdf' };

/** Uploaded images are content-addressed (core/images.ts): a key never changes its bytes. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** GET /storage/{key}: serves a stored file whichever backend holds it. */
export function createStorageRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get('/*', async (c) => {
    // A key that does not decode or is longer than any we write names no file: 404, never 500.
    let key: string;
    try {
      key = decodeURIComponent(c.req.path.replace(/^\/storage\//, ''));
      if (key.length > MAX_KEY_LENGTH) return c.notFound();
      assertSafeKey(key);
    } catch {
      return c.notFound();
    }
    const body = await deps.storage.get(key);
    if (!body) return c.notFound();
    const ext = key.split('.').pop() ?? '';
    // QR files are replaced in place (regenerated QR): clients revalidate, URLs carry a cache-busting query.
    // Uploaded images never change under their key: cached for a year.
    return c.body(body as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': CONTENT_TYPES[ext] ?? 'application/octet-stream',
      'Cache-Control': isImageKey(key) ? IMMUTABLE : 'no-cache',
    });
  });
}
