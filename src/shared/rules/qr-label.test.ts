import { describe, expect, it } from 'vitest';
import { MAIN_QR_LABEL } from '../schemas/qr';
import { qrLabelShown } from './qr-label';

describe('a table label as the owner reads it', () => {
  it('shows the main QR’s stored « Main entrance » as « Entrée principale », any other label as typed', () => {
    expect(MAIN_QR_LABEL).toBe('Main entrance');
    expect(qrLabelShown(MAIN_QR_LABEL)).toBe('Entrée principale');
    expect(qrLabelShown('Terrasse')).toBe('Terrasse');
    expect(qrLabelShown(null)).toBeNull();
    expect(qrLabelShown('')).toBeNull();
  });
});
