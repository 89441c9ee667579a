import { describe, expect, it } from 'vitest';
import { buildMainQrCode, buildQrPublicUrl, buildQrScanUrl } from './qr-url';

const restaurantId = '7b0c3a52-4f7e-4a51-9d35-2f8c1b7e9a10';
const id = 'd1e2f3a4-b5c6-4d7e-8f90-a1b2c3d4e5f6';

describe('buildQrPublicUrl', () => {
  it('links to the feedback page with the QR id', () => {
    expect(buildQrPublicUrl('https://app.refeed.fr', { restaurantId, id, slug: null })).toBe(`https://app.refeed.fr/f/${restaurantId}?qr=${id}`);
  });

  it('adds the label slug when there is one', () => {
    expect(buildQrPublicUrl('https://app.refeed.fr', { restaurantId, id, slug: 'table-12' })).toBe(`https://app.refeed.fr/f/${restaurantId}?qr=${id}&label=table-12`);
  });

  it('omits an empty slug and ignores a trailing slash on the public URL', () => {
    expect(buildQrPublicUrl('https://app.refeed.fr/', { restaurantId, id, slug: '' })).toBe(`https://app.refeed.fr/f/${restaurantId}?qr=${id}`);
  });
});

describe('buildQrScanUrl', () => {
  it('links to /r/{code}', () => {
    expect(buildQrScanUrl('https://app.refeed.fr/', '7b0c3a52-main')).toBe('https://app.refeed.fr/r/7b0c3a52-main');
  });
});

describe('buildMainQrCode', () => {
  it('is the first 8 characters of the restaurant id followed by -main', () => {
    expect(buildMainQrCode('7b0c3a52-1d2e-4f5a-9b8c-0123456789ab')).toBe('7b0c3a52-main');
  });
});
