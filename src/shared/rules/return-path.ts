/**
 * The return path of the sign-in pages (issue 26): a page that needs a session sends the signed-out
 * visitor to /login?next=<that page>, and every way in (password, magic link, confirmation of the email)
 * lands there afterwards. Only a path of this site is accepted: never another origin (no open redirect).
 */
export const RETURN_PATH_PARAM = 'next';

const BASE = 'https://refeed.invalid';
/** The sign-in pages themselves are never a destination (a loop, or a page with nothing to do signed in). */
const NOT_DESTINATIONS = new Set(['/login', '/auth', '/signup', '/confirm-email', '/forgot-password', '/reset-password', '/set-password']);

/**
 * `raw` as a path of this site ('/avis?feedback=…'), or null when it is anything else: absolute URLs,
 * protocol-relative ('//evil.example'), backslashes, control characters, over 2,000 characters.
 */
export function sameOriginPath(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 2000) return null;
  if (!raw.startsWith('/') || raw.startsWith('//')) return null;
  // Browsers read '\' as '/' ('/\evil.example' is another host), and tabs or newlines are dropped.
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** A return path: a path of this site (sameOriginPath) that is not a sign-in page. */
export function safeReturnPath(raw: unknown): string | null {
  const path = sameOriginPath(raw);
  if (!path || NOT_DESTINATIONS.has(new URL(path, BASE).pathname)) return null;
  return path;
}

/** `page` (a sign-in page's path) carrying the return path when there is a valid one. */
export function withReturnPath(page: string, next: string | null | undefined): string {
  const safe = safeReturnPath(next);
  if (!safe) return page;
  return `${page}${page.includes('?') ? '&' : '?'}${RETURN_PATH_PARAM}=${encodeURIComponent(safe)}`;
}
