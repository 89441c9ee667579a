import { describe, expect, it } from 'vitest';
import { agreeFr, countFr, formatCountFr, pointsFr, starsFr } from './french-count';

describe('French number agreement', () => {
  it('puts 0 and 1 in the singular, 2 and more in the plural', () => {
    expect(pointsFr(0)).toBe('0 point');
    expect(pointsFr(1)).toBe('1 point');
    expect(pointsFr(2)).toBe('2 points');
    expect(starsFr(1)).toBe('1 étoile');
    expect(starsFr(5)).toBe('5 étoiles');
  });

  it('takes an irregular plural', () => {
    expect(agreeFr(2, 'récompense')).toBe('récompenses');
    expect(countFr(3, 'bijou', 'bijoux')).toBe('3 bijoux');
  });

  it('groups thousands as French writes them', () => {
    expect(formatCountFr(1234)).toBe('1\u202f234');
    expect(pointsFr(1500)).toBe('1\u202f500 points');
  });
});
