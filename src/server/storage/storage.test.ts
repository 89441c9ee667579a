import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from './storage';

const root = mkdtempSync(path.join(tmpdir(), 'refeed-storage-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('local storage', () => {
  const storage = createLocalStorage(root);

  it('puts, gets and removes a file under its key', async () => {
    await storage.put('qr/r1/q1.png', new Uint8Array([1, 2, 3]), 'image/png');
    expect(Array.from((await storage.get('qr/r1/q1.png'))!)).toEqual([1, 2, 3]);
    await storage.remove('qr/r1/q1.png');
    expect(await storage.get('qr/r1/q1.png')).toBeNull();
    await storage.remove('qr/r1/q1.png');
  });

  it('refuses keys that climb out of the storage folder', async () => {
    await expect(storage.put('../escape.png', new Uint8Array([1]), 'image/png')).rejects.toThrow(/Invalid storage key/);
    await expect(storage.get('qr/../../etc/passwd')).rejects.toThrow(/Invalid storage key/);
  });
});
