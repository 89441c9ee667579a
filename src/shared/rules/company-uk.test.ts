import { describe, expect, it } from 'vitest';
import { compactCompanyNumber, formatUkPostcode, isValidCompanyNumber, isValidUkPhone, isValidUkPostcode, ukNationalNumber } from './company-uk';

describe('Companies House company number', () => {
  it.each(['01234567', '12345678', 'SC123456', 'NI012345', 'OC301234', 'sc123456', ' SC 123456 ', '0123 4567'])('accepts %j', (value) => {
    expect(isValidCompanyNumber(value)).toBe(true);
  });
  it.each(['1234567', '123456789', 'S1234567', 'SCO12345', 'SC12345', 'SC1234567', '123456789A', 'ABC12345', '1234567A', 'SC-123456', '', '552100554'])(
    'refuses %j',
    (value) => {
      expect(isValidCompanyNumber(value)).toBe(false);
    },
  );
  it('stores the number without spaces, upper-cased', () => {
    expect(compactCompanyNumber(' sc 123 456 ')).toBe('SC123456');
  });
});

describe('UK phone', () => {
  it.each([
    ['+44 7700 900123', '7700900123'],
    ['07700 900123', '7700900123'],
    ['07700900123', '7700900123'],
    ['0044 7911 123456', '7911123456'],
    ['+447911123456', '7911123456'],
    ['+44 (0)7911 123456', '7911123456'],
    ['020 7946 0958', '2079460958'],
    ['(020) 7946 0958', '2079460958'],
    ['+44 20 7946 0958', '2079460958'],
    ['+44 (0)20 7946 0958', '2079460958'],
    ['0161 496 0000', '1614960000'],
    ['0131-496-0000', '1314960000'],
    ['016977 4123', '169774123'],
    ['0300 123 4567', '3001234567'],
  ])('accepts %j (national number %s)', (value, national) => {
    expect(isValidUkPhone(value)).toBe(true);
    expect(ukNationalNumber(value)).toBe(national);
  });
  it.each([
    '+33 6 12 34 56 78',
    '06 12 34 56 78',
    '7700 900123',
    '+44 07700 900123',
    '077009001234',
    '0770090012',
    '07000 900123',
    '07600 900123',
    '0800 123 4567',
    '09012 345678',
    '0207946095',
    '+44 20 7946 095a',
    '++44 20 7946 0958',
    '',
  ])('refuses %j', (value) => {
    expect(isValidUkPhone(value)).toBe(false);
  });
});

describe('UK postcode', () => {
  it.each(['SW1A 1AA', 'sw1a1aa', 'M1 1AE', 'B33 8TH', 'CR2 6XH', 'DN55 1PT', 'EH99 1SP', 'W1A 0AX', ' ec1a 1bb '])('accepts %j', (value) => {
    expect(isValidUkPostcode(value)).toBe(true);
  });
  it.each(['75001', 'SW1A', '1AA SW1', 'SW1A 1A', 'SWAA 1AA', 'SW1A 11A', ''])('refuses %j', (value) => {
    expect(isValidUkPostcode(value)).toBe(false);
  });
  it('writes it as Royal Mail does', () => {
    expect(formatUkPostcode(' sw1a1aa ')).toBe('SW1A 1AA');
    expect(formatUkPostcode('m11ae')).toBe('M1 1AE');
  });
});
