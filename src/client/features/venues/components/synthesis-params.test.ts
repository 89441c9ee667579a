import { describe, expect, it } from 'vitest';
import { ownerMessages } from '../../../../shared/i18n/owner';
import { nextSort, readSynthesisParams, sortOptions } from './synthesis-params';

describe('the consolidated view’s address and order (/etablissements/synthese)', () => {
  it('reads the period and the order from the address, with defaults for anything unknown', () => {
    expect(readSynthesisParams(new URLSearchParams(''))).toEqual({ period: { period: '30d', from: undefined, to: undefined }, sort: { key: 'name', dir: 'asc' } });
    expect(readSynthesisParams(new URLSearchParams('period=custom&from=2026-03-01&to=2026-03-20&sort=goodShare&dir=desc'))).toEqual({
      period: { period: 'custom', from: '2026-03-01', to: '2026-03-20' },
      sort: { key: 'goodShare', dir: 'desc' },
    });
    expect(readSynthesisParams(new URLSearchParams('period=1y&sort=siret&dir=up'))).toMatchObject({ period: { period: '30d' }, sort: { key: 'name', dir: 'asc' } });
  });

  it('starts a new column with the largest figures first, names A → Z, and turns the same column around', () => {
    expect(nextSort({ key: 'name', dir: 'asc' }, 'feedbacks')).toEqual({ key: 'feedbacks', dir: 'desc' });
    expect(nextSort({ key: 'feedbacks', dir: 'desc' }, 'feedbacks')).toEqual({ key: 'feedbacks', dir: 'asc' });
    expect(nextSort({ key: 'feedbacks', dir: 'desc' }, 'name')).toEqual({ key: 'name', dir: 'asc' });
  });

  it('offers each column either way, in the owner’s language', () => {
    expect(sortOptions(ownerMessages('fr')).slice(0, 4)).toEqual([
      ['name:asc', 'Établissement (A → Z)'],
      ['name:desc', 'Établissement (Z → A)'],
      ['feedbacks:desc', 'Notes (décroissant)'],
      ['feedbacks:asc', 'Notes (croissant)'],
    ]);
    expect(sortOptions(ownerMessages('en'))[2]).toEqual(['feedbacks:desc', 'Ratings (high to low)']);
  });
});
