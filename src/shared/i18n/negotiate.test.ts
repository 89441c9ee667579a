import { describe, expect, it } from 'vitest';
import { localeFromAcceptLanguage, negotiateDinerLocale } from './negotiate';

describe('the diner page language', () => {
  it('reads Accept-Language by weight, primary subtag, first language ReFeed speaks', () => {
    expect(localeFromAcceptLanguage('en-GB,en;q=0.9')).toBe('en');
    expect(localeFromAcceptLanguage('de-CH,de;q=0.9,en;q=0.8')).toBe('de');
    expect(localeFromAcceptLanguage('nl-NL,nl;q=0.9,es;q=0.8,en;q=0.7')).toBe('es');
    expect(localeFromAcceptLanguage('en;q=0.5,it;q=0.9')).toBe('it');
    expect(localeFromAcceptLanguage('it;q=0,en')).toBe('en');
    expect(localeFromAcceptLanguage('ja,zh')).toBeNull();
    expect(localeFromAcceptLanguage(undefined)).toBeNull();
  });

  it('?lang= first, then the cookie, then Accept-Language, then the restaurant (French by default)', () => {
    expect(negotiateDinerLocale({ query: 'it', cookie: 'de', acceptLanguage: 'en' })).toBe('it');
    expect(negotiateDinerLocale({ query: 'xx', cookie: 'de', acceptLanguage: 'en' })).toBe('de');
    expect(negotiateDinerLocale({ cookie: 'nope', acceptLanguage: 'es-ES' })).toBe('es');
    expect(negotiateDinerLocale({ acceptLanguage: 'ja' })).toBe('fr');
    expect(negotiateDinerLocale({ acceptLanguage: 'ja', restaurant: 'en' })).toBe('en');
  });
});
