import type { MiddlewareHandler } from 'hono';
import type { ApiErrorBody } from '../../../shared/errors';
import type { AppEnv } from './hono-env';
import { INVALID_REQUEST_MESSAGE } from './validate';

/** U+0000 (PostgreSQL refuses it in text) or a UTF-16 surrogate without its pair (not valid Unicode). */
// eslint-disable-next-line no-control-regex -- matching U+0000 is the point
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when a string, or any string inside a parsed JSON value (keys included), cannot be stored. */
export function holdsUnstorableText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return UNSTORABLE.test(value);
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => holdsUnstorableText(item, depth + 1));
  return Object.entries(value).some(([key, item]) => UNSTORABLE.test(key) || holdsUnstorableText(item, depth + 1));
}

/** The path and query, percent-decoded; null when an escape is not valid UTF-8. */
function decodeUrl(url: URL): string | null {
  try {
    return decodeURIComponent(url.pathname) + decodeURIComponent(url.search.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

/**
 * JSON and every JSON-like type (application/json, application/vnd.api+json, application/merge-patch+json,
 * application/problem+json…): what Hono's JSON validator and better-auth parse as JSON.
 */
const JSON_TYPE = /^application\/(?:[a-z0-9!#$&^_.-]+\+)?json\s*(?:;|$)/i;
/** Forms and text: read as text, checked as such. */
const TEXT_TYPE = /^(?:application\/x-www-form-urlencoded|text\/[a-z0-9!#$&^_.+-]+)\s*(?:;|$)/i;

const FORM_TYPE = /^application\/x-www-form-urlencoded/i;

/** The 415 answer: a body of a type no route reads. */
export const UNSUPPORTED_BODY_TYPE_MESSAGE = 'Type de contenu non pris en charge : envoyez les données en JSON.';

/**
 * The body of an image upload: sent as the file's own bytes (no multipart), with the type the browser
 * gave the file. Any image type and unnamed binary pass here: the upload route decodes the bytes and
 * refuses what is not an accepted image with a message naming the file (core/images.ts).
 */
const IMAGE_BODY_TYPE = /^(?:image\/[a-z0-9.+-]+|application\/octet-stream)\s*(?:;|$)/i;

/** Methods whose body no route reads (a body they carry is never looked at). */
const BODILESS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses, once for every route (better-auth's included), input that no route could store: NUL and
 * lone surrogates in the URL or in a JSON-like, form or text body (whatever the exact JSON type: every
 * `application/*+json` is read as JSON somewhere), and URLs that do not decode. Answers the French 400
 * — or 404 under /storage, where the path is a file name. A non-empty body of any other type (XML,
 * multipart, binary, none declared) is refused with 415: no route reads one, and no unchecked text
 * reaches a route. The one exception: an image body on an image upload route (`acceptsImageBody`), left
 * unread for the route. Runs after the body-size limit, so the body read here is small.
 */
export function rejectUnstorableInput(options: { acceptsImageBody?: (method: string, path: string) => boolean } = {}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    // A URL arrives as bytes: NUL or a lone surrogate can only come in percent-encoded, so a URL without
    // '%' needs no decoding (most requests; parsing and decoding every URL was a visible share of the HTML's cost).
    let bad = false;
    if (c.req.url.includes('%')) {
      const decoded = decodeUrl(new URL(c.req.url));
      bad = decoded === null || UNSTORABLE.test(decoded);
    }
    if (!bad && !BODILESS.has(c.req.method)) {
      const type = c.req.header('content-type') ?? '';
      if (IMAGE_BODY_TYPE.test(type) && options.acceptsImageBody?.(c.req.method, c.req.path)) return next();
      const json = JSON_TYPE.test(type);
      // Kept in the request's body cache: the route's validator reads it from there, and better-auth's
      // mount rebuilds its request from it (app.ts, rebuildReadRequest).
      const text = await c.req.text();
      if (!json && !TEXT_TYPE.test(type)) {
        // An empty body (a POST that sends nothing) is no body: whatever its declared type, nothing to read.
        if (text.length > 0) return c.json<ApiErrorBody>({ error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: UNSUPPORTED_BODY_TYPE_MESSAGE } }, 415);
      } else if (UNSTORABLE.test(text)) bad = true;
      else if (FORM_TYPE.test(type)) bad = [...new URLSearchParams(text)].some(([key, value]) => UNSTORABLE.test(key) || UNSTORABLE.test(value));
      else if (json) {
        try {
          bad = holdsUnstorableText(JSON.parse(text));
        } catch {
          // Malformed JSON is the route's to refuse (its validator answers the French 400).
        }
      }
    }
    if (!bad) return next();
    if (c.req.path.startsWith('/storage/')) return c.json<ApiErrorBody>({ error: { code: 'NOT_FOUND', message: 'Ressource introuvable' } }, 404);
    return c.json<ApiErrorBody>({ error: { code: 'BAD_REQUEST', message: INVALID_REQUEST_MESSAGE } }, 400);
  };
}
