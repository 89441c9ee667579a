import { describe, expect, it } from 'vitest';
import { withLang } from './lang-links';

describe('a public page’s link in the page’s language (withLang)', () => {
  it('adds ?lang=en to an English page’s links, after any query and before the anchor', () => {
    expect(withLang('/login', 'en')).toBe('/login?lang=en');
    expect(withLang('/reset-password?type=recovery', 'en')).toBe('/reset-password?type=recovery&lang=en');
    expect(withLang('/terms#cgu', 'en')).toBe('/terms?lang=en#cgu');
  });

  it('keeps a French page’s links as they are', () => {
    expect(withLang('/login?next=%2Favis', 'fr')).toBe('/login?next=%2Favis');
  });
});
