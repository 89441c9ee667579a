import { z } from 'zod';
import type { OwnerMessages } from '../../../../shared/i18n/owner';
import { LOCALES, type Locale } from '../../../../shared/rules/locales';
import { ZLanguageSettingsRequest, type TSettings } from '../../../../shared/schemas/settings';

/** The languages card's fields (the offered languages, two selects), read as the shared request by its schema. */
export type TLanguagesForm = { dinerLanguages: Locale[]; first: Locale; second: Locale | '' };

export const ZLanguagesForm = z
  .object({ dinerLanguages: z.array(z.enum(LOCALES)), first: z.enum(LOCALES), second: z.union([z.enum(LOCALES), z.literal('')]) })
  .transform((values) => ({
    dinerLanguages: values.dinerLanguages,
    cardLanguages: values.second && values.second !== values.first ? [values.first, values.second] : [values.first],
  }))
  .pipe(ZLanguageSettingsRequest);

/** The form's values from the saved settings. */
export function languagesFormOf(settings: Pick<TSettings, 'dinerLanguages' | 'cardLanguages'>): TLanguagesForm {
  return { dinerLanguages: settings.dinerLanguages, first: settings.cardLanguages[0] ?? 'fr', second: settings.cardLanguages[1] ?? '' };
}

/**
 * One offered language ticked or unticked: the offered list in LOCALES order, and the cards' languages that
 * are no longer offered dropped (French stands in first, the second becomes none).
 */
export function toggleOffered(values: TLanguagesForm, lang: Locale, checked: boolean): TLanguagesForm {
  const dinerLanguages = LOCALES.filter((other) => (other === lang ? checked : values.dinerLanguages.includes(other)));
  return {
    dinerLanguages,
    first: dinerLanguages.includes(values.first) ? values.first : 'fr',
    second: values.second && !dinerLanguages.includes(values.second) ? '' : values.second,
  };
}

/** A language's name in the owner's language ('Anglais' / 'English'). */
export function localeName(m: OwnerMessages, lang: Locale): string {
  const names: Record<Locale, () => string> = { fr: m.venues_locale_fr, en: m.venues_locale_en, de: m.venues_locale_de, es: m.venues_locale_es, it: m.venues_locale_it };
  return names[lang]();
}
