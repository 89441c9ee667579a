import { describe, expect, it } from 'vitest';
import { ownerMessages } from '../../../../shared/i18n/owner';
import { LOCALE_NAMES_FR } from '../../../../shared/rules/locale-names';
import { LOCALES } from '../../../../shared/rules/locales';
import { languagesFormOf, localeName, toggleOffered, ZLanguagesForm } from './languages-form';

describe('the languages card’s form (/parametres, issue 52)', () => {
  it('reads the saved settings and sends one or two card languages, never the same twice', () => {
    const form = languagesFormOf({ dinerLanguages: ['fr', 'en'], cardLanguages: ['en'] });
    expect(form).toEqual({ dinerLanguages: ['fr', 'en'], first: 'en', second: '' });
    expect(ZLanguagesForm.parse({ ...form, second: 'fr' })).toEqual({ dinerLanguages: ['fr', 'en'], cardLanguages: ['en', 'fr'] });
    expect(ZLanguagesForm.parse({ ...form, second: 'en' })).toEqual({ dinerLanguages: ['fr', 'en'], cardLanguages: ['en'] });
  });

  it('keeps the offered languages in their order and drops the card languages no longer offered', () => {
    const form = { dinerLanguages: ['fr', 'en', 'it'] as const, first: 'it', second: 'en' } as const;
    expect(toggleOffered({ ...form, dinerLanguages: [...form.dinerLanguages] }, 'de', true)).toEqual({ dinerLanguages: ['fr', 'en', 'de', 'it'], first: 'it', second: 'en' });
    expect(toggleOffered({ ...form, dinerLanguages: [...form.dinerLanguages] }, 'it', false)).toEqual({ dinerLanguages: ['fr', 'en'], first: 'fr', second: 'en' });
    expect(toggleOffered({ ...form, dinerLanguages: [...form.dinerLanguages] }, 'en', false)).toEqual({ dinerLanguages: ['fr', 'it'], first: 'it', second: '' });
  });

  it('names the languages in French exactly as before, and in English for an English owner', () => {
    for (const lang of LOCALES) expect(localeName(ownerMessages('fr'), lang)).toBe(LOCALE_NAMES_FR[lang]);
    expect(LOCALES.map((lang) => localeName(ownerMessages('en'), lang))).toEqual(['French', 'English', 'German', 'Spanish', 'Italian']);
  });
});
