import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A link token that stands for one id: the id and an HMAC of `<purpose>:<id>` with the app's secret. It
 * needs no database row, never expires, and cannot be made for another id nor used for another purpose.
 * The unsubscribe link (email/unsubscribe.ts) and 'Je reste membre' (features/retention) use it; the
 * tokens already mailed stay valid (the same bytes as before they shared this module).
 */
function sign(secret: string, purpose: string, id: string): string {
  return createHmac('sha256', secret).update(`${purpose}:${id}`).digest('base64url').slice(0, 32);
}

export function createSignedId(secret: string, purpose: string, id: string): string {
  return `${id}.${sign(secret, purpose, id)}`;
}

/** The id (a UUID) a token stands for, or null when it was not made with this secret for this purpose. */
export function readSignedId(secret: string, purpose: string, token: string): string | null {
  const match = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{32})$/.exec(token);
  if (!match) return null;
  const expected = Buffer.from(sign(secret, purpose, match[1]));
  const given = Buffer.from(match[2]);
  return expected.length === given.length && timingSafeEqual(expected, given) ? match[1] : null;
}
