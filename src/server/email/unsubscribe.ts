import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The token of a marketing email's unsubscribe link: the customer's id and an HMAC of it with the
 * app's secret. It needs no database row, never expires, and cannot be made for another customer.
 */
function sign(secret: string, customerId: string): string {
  return createHmac('sha256', secret).update(`unsubscribe:${customerId}`).digest('base64url').slice(0, 32);
}

export function createUnsubscribeToken(secret: string, customerId: string): string {
  return `${customerId}.${sign(secret, customerId)}`;
}

/** The customer id a token stands for, or null when it was not made with this secret. */
export function readUnsubscribeToken(secret: string, token: string): string | null {
  const match = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{32})$/.exec(token);
  if (!match) return null;
  const expected = Buffer.from(sign(secret, match[1]));
  const given = Buffer.from(match[2]);
  return expected.length === given.length && timingSafeEqual(expected, given) ? match[1] : null;
}

/** https link (one click, RFC 8058 POST or a confirmation page on GET) and mailto fallback. */
export function buildUnsubscribeHeaders(publicUrl: string, mailFromAddress: string, token: string): { url: string; headers: Record<string, string> } {
  const url = `${publicUrl}/u/${token}`;
  const mailto = `mailto:${mailFromAddress}?subject=${encodeURIComponent(`unsubscribe ${token}`)}`;
  return {
    url,
    headers: {
      'List-Unsubscribe': `<${url}>, <${mailto}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
