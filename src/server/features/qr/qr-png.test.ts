import { PNG } from 'pngjs';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { decodeQrPng, describePng, readPdfQrImages } from '../../../../tests/support/qr-decode';
import { buildQrPublicUrl } from '../../../shared/rules/qr-url';
import { slugifyLabel } from '../../../shared/rules/slug';
import { renderQrPng } from './qr.service';
import { renderCardsPdf } from './table-cards-pdf';

const restaurantId = '7b0c3a52-4f7e-4a51-9d35-2f8c1b7e9a10';
const qrId = 'd1e2f3a4-b5c6-4d7e-8f90-a1b2c3d4e5f6';
const labels = [null, 'Table 1', 'Terrasse côté jardin', 'Salle du fond — n°12 (étage)', 'Main entrance', 'x'.repeat(80)];
const urls = [
  ...labels.map((label) => buildQrPublicUrl('http://localhost:3000', { restaurantId, id: qrId, slug: slugifyLabel(label) })),
  buildQrPublicUrl('https://refeed.example.fr/', { restaurantId, id: qrId, slug: 'table-2' }),
];

describe('the QR PNG', () => {
  it.each(urls)('decodes (jsqr + pngjs) to exactly its public URL: %s', async (url) => {
    expect(decodeQrPng(await renderQrPng(url))).toBe(url);
  });

  it('is black on white, scale 8 with a margin of 2 modules, error correction M', async () => {
    const url = urls[1];
    const png = describePng(await renderQrPng(url));
    const modules = QRCode.create(url, { errorCorrectionLevel: 'M' }).modules.size;
    expect(png.width).toBe((modules + 2 * 2) * 8);
    expect(png.height).toBe(png.width);
    expect([...png.colours].sort()).toEqual(['0,0,0,255', '255,255,255,255']);
    // Same pixels as level M, different from the other levels.
    const pixels = async (bytes: Uint8Array) => PNG.sync.read(Buffer.from(bytes)).data.toString('base64');
    const ours = await pixels(await renderQrPng(url));
    for (const level of ['L', 'M', 'Q', 'H'] as const) {
      const reference = await pixels(await QRCode.toBuffer(url, { errorCorrectionLevel: level, margin: 2, scale: 8 }));
      expect(reference === ours).toBe(level === 'M');
    }
  });
});

describe('the table cards PDF', () => {
  const cards = urls.slice(0, 5);
  const build = async (layout: 'a6' | 'a4') =>
    renderCardsPdf({
      restaurantName: 'Chez Demo 🍷 — Brasserie',
      layout,
      cards: await Promise.all(cards.map(async (url, index) => ({ tableLabel: labels[index], isPrimary: index === 4, png: await renderQrPng(url) }))),
    });

  it('has one A6 page per card, each with a QR that decodes to its URL', async () => {
    const read = await readPdfQrImages(await build('a6'));
    expect(read.pageCount).toBe(5);
    expect(read.pageSizes.every(([w, h]) => w === 298 && h === 420)).toBe(true);
    expect(read.decoded).toEqual(cards);
  });

  it('puts four cards per A4 sheet', async () => {
    const read = await readPdfQrImages(await build('a4'));
    expect(read.pageCount).toBe(2);
    expect(read.pageSizes.every(([w, h]) => w === 595 && h === 842)).toBe(true);
    expect(read.decoded).toEqual(cards);
  });
});
