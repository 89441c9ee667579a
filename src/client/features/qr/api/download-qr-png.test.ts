import { describe, expect, it } from 'vitest';
import { buildQrFileName } from './download-qr-png';

describe('buildQrFileName (spec §2: qr-{label or id}.png)', () => {
  it('uses the label with no space', () => {
    expect(buildQrFileName({ id: 'abc', tableLabel: 'Table 7' })).toBe('qr-Table-7.png');
    expect(buildQrFileName({ id: 'abc', tableLabel: '  Salle  du fond ' })).toBe('qr-Salle-du-fond.png');
  });

  it('replaces characters a file system refuses', () => {
    expect(buildQrFileName({ id: 'abc', tableLabel: 'Bar/Comptoir: 2' })).toBe('qr-Bar-Comptoir-2.png');
  });

  it('falls back to the id without a label', () => {
    expect(buildQrFileName({ id: 'abc', tableLabel: null })).toBe('qr-abc.png');
    expect(buildQrFileName({ id: 'abc', tableLabel: ' / ' })).toBe('qr-abc.png');
  });
});
