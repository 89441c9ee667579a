import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../storage/storage';
import { AppError } from '../lib/http/errors';
import { displayFileName, isImageKey, sniffImageFormat, storeImage } from './images';

const root = mkdtempSync(path.join(tmpdir(), 'refeed-images-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const storage = createLocalStorage(root);
const restaurantId = '0b5e6f3a-3c1d-4a59-9a0e-2f4a1b7c9d10';

const solid = (width: number, height: number, alpha = 1) =>
  sharp({ create: { width, height, channels: 4, background: { r: 200, g: 30, b: 60, alpha } } });

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('storeImage', () => {
  it('resizes a big logo to 512 px, re-encodes it as PNG under a content-hashed key of the restaurant', async () => {
    const bytes = new Uint8Array(await solid(2000, 1000).jpeg().toBuffer());
    const stored = await storeImage(storage, { bytes, restaurantId, purpose: 'logo', fileName: 'logo.jpg' });
    expect(stored.width).toBe(512);
    expect(stored.height).toBe(256);
    expect(stored.key).toMatch(new RegExp(`^images/${restaurantId}/logo-[0-9a-f]{32}\\.png$`));
    expect(isImageKey(stored.key)).toBe(true);
    expect(stored.url).toBe(`/storage/${stored.key}`);
    const saved = await storage.get(stored.key);
    expect(saved).not.toBeNull();
    expect(stored.bytes).toBe(saved!.byteLength);
    const meta = await sharp(saved!).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 512, 256]);
    // The same picture gives the same key (content-addressed): nothing new is written.
    const again = await storeImage(storage, { bytes, restaurantId, purpose: 'logo' });
    expect(again.key).toBe(stored.key);
  });

  it('keeps an email image up to 1120 px wide, JPEG when opaque and PNG when transparent, never enlarged', async () => {
    const wide = await storeImage(storage, { bytes: new Uint8Array(await solid(3000, 600).png().toBuffer()), restaurantId, purpose: 'email' });
    expect([wide.width, wide.height]).toEqual([1120, 224]);
    expect(wide.key).toMatch(/^images\/[0-9a-f-]{36}\/email-[0-9a-f]{32}\.jpg$/);
    const clear = await storeImage(storage, { bytes: new Uint8Array(await solid(300, 200, 0.5).webp().toBuffer()), restaurantId, purpose: 'email' });
    expect([clear.width, clear.height]).toEqual([300, 200]);
    expect(clear.key).toMatch(/\.png$/);
    const gif = await storeImage(storage, { bytes: new Uint8Array(await solid(40, 30).gif().toBuffer()), restaurantId, purpose: 'email' });
    expect([gif.width, gif.height]).toEqual([40, 30]);
  });

  it('drops metadata (EXIF, GPS) and applies the orientation', async () => {
    const withExif = await solid(100, 50)
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'secret owner', Artist: 'Someone' } } })
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    const stored = await storeImage(storage, { bytes: new Uint8Array(withExif), restaurantId, purpose: 'email' });
    const meta = await sharp((await storage.get(stored.key))!).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    // Orientation 6 = rotated a quarter turn: the stored picture stands upright.
    expect([stored.width, stored.height]).toEqual([50, 100]);
    expect(Buffer.from((await storage.get(stored.key))!).includes('secret owner')).toBe(false);
  });

  it('refuses SVG, HTML and a text file renamed .png, naming the file', async () => {
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    const error = await refusal(storeImage(storage, { bytes: svg, restaurantId, purpose: 'logo', fileName: 'logo.svg' }));
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.message).toBe("Le fichier « logo.svg » n'est pas une image acceptée : formats PNG, JPEG, WebP ou GIF (SVG refusé).");
    const html = new TextEncoder().encode('<html><body>hello</body></html>');
    expect((await refusal(storeImage(storage, { bytes: html, restaurantId, purpose: 'email', fileName: 'photo.png' }))).message).toContain('« photo.png »');
  });

  it('refuses a file that starts like a PNG but is not one', async () => {
    const fake = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4, 5, 6, 7, 8]);
    const error = await refusal(storeImage(storage, { bytes: fake, restaurantId, purpose: 'logo', fileName: 'cassé.png' }));
    expect(error.message).toBe("Le fichier « cassé.png » n'est pas une image lisible : il est peut-être endommagé.");
  });

  it('refuses a file over the size limit before decoding it (413)', async () => {
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const error = await refusal(storeImage(storage, { bytes: big, restaurantId, purpose: 'logo', fileName: 'énorme.png' }));
    expect(error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(error.message).toBe('Le fichier « énorme.png » est trop volumineux : 5 Mo maximum.');
  });

  it('refuses a decompression bomb (small file, huge dimensions)', async () => {
    const bomb = new Uint8Array(await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#fff' } }).png({ compressionLevel: 9 }).toBuffer());
    expect(bomb.byteLength).toBeLessThan(5 * 1024 * 1024);
    const error = await refusal(storeImage(storage, { bytes: bomb, restaurantId, purpose: 'email', fileName: 'bombe.png' }));
    expect(error.message).toContain('mégapixels maximum');
  });

  it('never lets the file name reach the storage key (path tricks)', async () => {
    const bytes = new Uint8Array(await solid(20, 20).png().toBuffer());
    const stored = await storeImage(storage, { bytes, restaurantId, purpose: 'logo', fileName: '../../../etc/passwd.png' });
    expect(stored.key).not.toContain('passwd');
    expect(stored.key.startsWith(`images/${restaurantId}/`)).toBe(true);
    expect(readdirSync(root)).toEqual(['images']);
    // A bad restaurant id is a programming error, never a path.
    await expect(storeImage(storage, { bytes, restaurantId: '../other', purpose: 'logo' })).rejects.toThrow(/invalid restaurant id/);
    // Names in messages: the last segment, no control characters.
    expect(displayFileName('C:\\Users\\x\\..\\logo.png')).toBe('logo.png');
    expect(displayFileName('../../a\u0000b\u001b.png')).toBe('ab.png');
    expect(displayFileName('')).toBeNull();
    const svg = new TextEncoder().encode('<svg/>');
    expect((await refusal(storeImage(storage, { bytes: svg, restaurantId, purpose: 'logo' }))).message).toMatch(/^Le fichier envoyé n'est pas/);
  });

  it('sniffs the four accepted signatures only', () => {
    expect(sniffImageFormat(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(sniffImageFormat(new TextEncoder().encode('GIF89a...'))).toBe('gif');
    expect(sniffImageFormat(new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 '))).toBe('webp');
    expect(sniffImageFormat(new TextEncoder().encode('<?xml version="1.0"?><svg/>'))).toBeNull();
    expect(sniffImageFormat(new TextEncoder().encode('%PDF-1.7'))).toBeNull();
  });
});
