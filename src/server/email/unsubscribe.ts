import { createSignedId, readSignedId } from '../lib/runtime/signed-id';

/**
 * The token of a marketing email's unsubscribe link: the customer's id, signed (lib/runtime/signed-id.ts).
 * It needs no database row, never expires, and cannot be made for another customer.
 */
export function createUnsubscribeToken(secret: string, customerId: string): string {
  return createSignedId(secret, 'unsubscribe', customerId);
}

/** The customer id a token stands for, or null when it was not made with this secret. */
export function readUnsubscribeToken(secret: string, token: string): string | null {
  return readSignedId(secret, 'unsubscribe', token);
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
