/**
 * Secrets the server must read back (a webhook endpoint's signing secret, decision 059), kept encrypted:
 * AES-256-GCM under a key derived from AUTH_SECRET by HKDF-SHA256 (one key per purpose). A stolen table
 * without AUTH_SECRET reveals nothing; changing AUTH_SECRET makes the stored secrets unreadable (rotate them).
 * Format: `v1.` + base64url(12-byte IV ‖ 16-byte tag ‖ ciphertext).
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const keys = new Map<string, Buffer>();
function keyOf(authSecret: string, purpose: string): Buffer {
  const id = `${purpose}\u0000${authSecret}`;
  let key = keys.get(id);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', authSecret, 'refeed-secret-box', `refeed:${purpose}:v1`, 32));
    keys.set(id, key);
  }
  return key;
}

export function sealSecret(authSecret: string, purpose: string, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(authSecret, purpose), iv);
  const encrypted = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return `v1.${Buffer.concat([iv, cipher.getAuthTag(), encrypted]).toString('base64url')}`;
}

export function openSecret(authSecret: string, purpose: string, sealed: string): string {
  if (!sealed.startsWith('v1.')) throw new Error('Unknown secret format');
  const raw = Buffer.from(sealed.slice(3), 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(authSecret, purpose), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}
