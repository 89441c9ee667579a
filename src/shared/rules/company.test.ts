import { describe, expect, it } from 'vitest';
import { isValidFrenchPhone, isValidSiren } from './company';

describe('SIREN', () => {
  it('accepts exactly nine digits', () => {
    expect(isValidSiren('552100554')).toBe(true);
  });
  it.each(['55210055', '5521005541', '55210055a', '552 100 554', ''])('refuses %j', (value) => {
    expect(isValidSiren(value)).toBe(false);
  });
});

describe('French phone', () => {
  it.each(['0612345678', '06 12 34 56 78', '06.12.34.56.78', '06-12-34-56-78', '+33612345678', '+33 6 12 34 56 78', '0033612345678', '0033 1 23 45 67 89', ' 0123456789 '])(
    'accepts %j',
    (value) => {
      expect(isValidFrenchPhone(value)).toBe(true);
    },
  );
  it.each(['0012345678', '061234567', '06123456789', '+44612345678', '6 12 34 56 78', '06 12 34 56 7a', '+33 06 12 34 56 78', ''])('refuses %j', (value) => {
    expect(isValidFrenchPhone(value)).toBe(false);
  });
});
