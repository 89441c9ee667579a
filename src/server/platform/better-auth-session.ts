import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * What the session reader (auth/session-reader.ts, decisions 010, 060 and 084) relies on in better-auth
 * 1.7.25 (pinned exactly) beyond its documented `api.getSession`: the context's cookie names, secret and
 * session settings (`auth.$context`), and the session cookie's format, `token.base64(HMAC-SHA256(secret,
 * token))` as better-call signs it. tests/api/session-reader-contract.test.ts holds the reader to
 * `auth.api.getSession` on the same cookies; if an upgrade changes the format, the check fails closed (401).
 */

/** The part of better-auth's context the reader reads (a structural type: `auth.$context` of better-auth 1.7.25). */
export type SessionAuthContext = {
  secret: string;
  authCookies: { sessionToken: { name: string }; dontRememberToken: { name: string } };
  sessionConfig: { expiresIn: number; updateAge: number };
};

/** The part of the better-auth instance the reader uses: its context, and its public getSession for the cases it hands over. */
export type SessionAuth = {
  $context: Promise<SessionAuthContext>;
  api: { getSession(options: { headers: Headers }): Promise<{ user: { id: string; email: string; name: string; emailVerified: boolean } } | null> };
};

/** The value of cookie `name` in a Cookie header, or null. */
export function readSessionCookie(header: string, name: string): string | null {
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return null;
}

/**
 * better-auth's signature as it writes it: standard base64 of the 32-byte HMAC, padded (44 characters
 * ending in '='). better-call refuses any other spelling, so the reader does too: Node's lenient base64
 * decoder alone would accept the same signature unpadded or in base64url, which better-auth refuses.
 */
const SIGNATURE_FORMAT = /^[A-Za-z0-9+/]{43}=$/;

/** The session token of a cookie signed by better-auth (`token.base64(HMAC-SHA256(secret, token))`), or null. */
export function verifySignedToken(cookieValue: string, secret: string): string | null {
  let decoded: string;
  // As better-call reads a cookie: surrounding quotes dropped, then URI-decoded.
  const unquoted = cookieValue.codePointAt(0) === 34 ? cookieValue.slice(1, -1) : cookieValue;
  try {
    decoded = decodeURIComponent(unquoted);
  } catch {
    return null;
  }
  const dot = decoded.lastIndexOf('.');
  if (dot < 1) return null;
  const token = decoded.slice(0, dot);
  const signature = decoded.slice(dot + 1);
  if (!SIGNATURE_FORMAT.test(signature)) return null;
  const given = Buffer.from(signature, 'base64');
  const expected = createHmac('sha256', secret).update(token).digest();
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}
