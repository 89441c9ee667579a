/**
 * The diner's public reads remembered in this instance for a moment (decision 052): the restaurant's
 * public face (name, logo, review link) and a printed QR code's, which every phone of a busy evening
 * asks for and which change only when an owner or an administrator edits them.
 *
 * - An answer is kept PUBLIC_READ_TTL_MS at most, so another instance on the same database shows an
 *   edit (or a suspension) within that time.
 * - This instance forgets everything at once after any change an owner, an administrator or an account
 *   makes through it (app.ts clears it after each successful write outside /api/public), so whoever
 *   edits sees the edit on their next read.
 * - Only found answers are kept (a refusal is read again each time), at most `maxEntries`, the oldest
 *   dropped first, so unknown ids cannot grow it.
 * - A read that began before a clear is not kept: it may hold what the write replaced.
 */
import { setNewest } from './bounded-map';
export const PUBLIC_READ_TTL_MS = 2_000;

export type PublicReadCache = {
  /** The remembered answer for `key`, or `load()`'s (kept when it resolves, unless a clear came meanwhile). */
  read<T>(key: string, load: () => Promise<T>): Promise<T>;
  /** Forgets every answer (after a write that may change one). */
  clear(): void;
};

export function createPublicReadCache(options: { ttlMs?: number; maxEntries?: number; now?: () => number } = {}): PublicReadCache {
  const { ttlMs = PUBLIC_READ_TTL_MS, maxEntries = 10_000, now = Date.now } = options;
  const entries = new Map<string, { value: unknown; at: number }>();
  let generation = 0;
  return {
    async read<T>(key: string, load: () => Promise<T>): Promise<T> {
      const hit = entries.get(key);
      const started = now();
      if (hit && started - hit.at < ttlMs) return hit.value as T;
      const startedIn = generation;
      const value = await load();
      if (startedIn === generation) {
        setNewest(entries, key, { value, at: started }, maxEntries);
      }
      return value;
    },
    clear() {
      entries.clear();
      generation++;
    },
  };
}
