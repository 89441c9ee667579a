import { describe, expect, it } from 'vitest';
import { ownerMessages } from '../../../../shared/i18n/owner';
import { getQrTitle } from './qr-title';

describe('getQrTitle (spec §2: main QR, the label, or none)', () => {
  it('names the main QR, then the label, then says there is none, in French', () => {
    const m = ownerMessages('fr');
    expect(getQrTitle({ isPrimary: true, tableLabel: 'Main entrance' }, m)).toBe('QR principal');
    expect(getQrTitle({ isPrimary: false, tableLabel: 'Table 7' }, m)).toBe('Table 7');
    expect(getQrTitle({ isPrimary: false, tableLabel: null }, m)).toBe('sans label');
  });

  it('speaks English to an English owner, the label as typed', () => {
    const m = ownerMessages('en');
    expect(getQrTitle({ isPrimary: true, tableLabel: null }, m)).toBe('Main QR code');
    expect(getQrTitle({ isPrimary: false, tableLabel: 'Terrasse' }, m)).toBe('Terrasse');
    expect(getQrTitle({ isPrimary: false, tableLabel: null }, m)).toBe('no label');
  });
});
