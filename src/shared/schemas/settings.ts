import type { z } from 'zod';
import { z as zod } from 'zod';
import { isValidFrenchPhone, PHONE_MESSAGE } from '../rules/company';
import { isValidUkPhone } from '../rules/company-uk';
import { ACCOUNT_MESSAGES, ZEmail } from './accounts';
import { printableOnCards } from './printable';
import type { EnglishOf } from '../i18n/english-of';
import { LOCALES, type Country, type Locale } from '../rules/locales';

/** /parametres: the restaurant's identity and contact (issue #26). */
export const SETTINGS_MESSAGES = {
  addressLong: 'L’adresse doit contenir au plus 300 caractères',
  contactEmailRequired: 'L’email de contact est requis',
  saved: 'Paramètres enregistrés.',
  logoSaved: 'Logo mis à jour.',
  logoRemoved: 'Logo retiré.',
  removeLogoConfirm: 'Retirer le logo ?',
  brandColorInvalid: 'La couleur doit être au format #RRVVBB, par exemple #C2410C',
  alertWindowInvalid: 'Le regroupement des alertes doit être de 5, 15 ou 30 minutes',
  languageInvalid: 'Langue inconnue',
  frenchRequired: 'Le français reste proposé : c’est la langue d’origine de vos textes.',
  cardLanguagesCount: 'Choisissez une ou deux langues pour les cartes de table',
  cardLanguagesOffered: 'Les langues des cartes de table doivent être proposées sur vos pages client',
  languagesSaved: 'Langues enregistrées.',
  restaurantNotFound: 'Restaurant introuvable',
  ukPhone: 'Numéro de téléphone britannique invalide',
} as const;
export const SETTINGS_MESSAGES_EN: EnglishOf<typeof SETTINGS_MESSAGES> = {
  addressLong: 'The address must be at most 300 characters long',
  contactEmailRequired: 'The contact email is required',
  saved: 'Settings saved.',
  logoSaved: 'Logo updated.',
  logoRemoved: 'Logo removed.',
  removeLogoConfirm: 'Remove the logo?',
  brandColorInvalid: 'The colour must be in #RRGGBB format, for example #C2410C',
  alertWindowInvalid: 'Alert grouping must be 5, 15 or 30 minutes',
  languageInvalid: 'Unknown language',
  frenchRequired: 'French stays offered: it is the original language of your texts.',
  cardLanguagesCount: 'Choose one or two languages for the table cards',
  cardLanguagesOffered: 'The table cards’ languages must be offered on your customer pages',
  languagesSaved: 'Languages saved.',
  restaurantNotFound: 'Restaurant not found',
  ukPhone: 'Invalid UK phone number',
};

const ZLocaleList = zod
  .array(zod.enum(LOCALES, { error: SETTINGS_MESSAGES.languageInvalid }), { error: SETTINGS_MESSAGES.languageInvalid })
  .max(LOCALES.length, SETTINGS_MESSAGES.languageInvalid)
  .refine((list) => new Set(list).size === list.length, SETTINGS_MESSAGES.languageInvalid);

/**
 * PUT /api/settings/languages (issue 52): the languages the diner pages offer (French always among them)
 * and the one or two the printed table cards' call to rate is written in, in order, among those offered.
 */
export const ZLanguageSettingsRequest = zod
  .object({
    dinerLanguages: ZLocaleList.refine((list) => list.includes('fr'), SETTINGS_MESSAGES.frenchRequired),
    cardLanguages: ZLocaleList.min(1, SETTINGS_MESSAGES.cardLanguagesCount).max(2, SETTINGS_MESSAGES.cardLanguagesCount),
  })
  .refine((value) => value.cardLanguages.every((lang) => value.dinerLanguages.includes(lang)), { message: SETTINGS_MESSAGES.cardLanguagesOffered, path: ['cardLanguages'] });
export type TLanguageSettingsRequest = z.infer<typeof ZLanguageSettingsRequest>;

/** The grouping windows of the low-rating alerts an owner may choose, in minutes. */
export const ALERT_WINDOW_CHOICES = [5, 15, 30] as const;

/** A brand colour as the settings store it: '#rrggbb' (decision 058). */
export const BRAND_COLOR_PATTERN = /^#[0-9a-f]{6}$/i;

/** Multi-line text stays multi-line; other control characters are dropped. */
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const stripControls = (value: string) => value.replace(/[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f]/g, '');

/** The venue's phone as its organisation's country numbers it (issue #53): French, or UK (+44 or 0). */
export function phoneRuleOf(country: Country): { isValid: (value: string) => boolean; message: string } {
  return country === 'GB' ? { isValid: isValidUkPhone, message: SETTINGS_MESSAGES.ukPhone } : { isValid: isValidFrenchPhone, message: PHONE_MESSAGE };
}

/**
 * PUT /api/settings, for a venue of `country` (the phone's rule); 'any' leaves the phone's number to the server,
 * which knows the organisation's country (the route reads the body with it, then checks the phone).
 */
export function settingsSchema(country: Country | 'any') {
  const phone = country === 'any' ? null : phoneRuleOf(country);
  return zod.object({
  name: zod
    .string(ACCOUNT_MESSAGES.restaurantNameShort)
    .trim()
    .min(2, ACCOUNT_MESSAGES.restaurantNameShort)
    .max(100, ACCOUNT_MESSAGES.restaurantNameLong)
    .superRefine(printableOnCards('Le nom du restaurant')),
  address: zod
    .string(ACCOUNT_MESSAGES.invalidRequest)
    .transform((value) => stripControls(value).replace(/\r\n?/g, '\n').trim())
    .pipe(zod.string().max(300, SETTINGS_MESSAGES.addressLong)),
  contactEmail: zod.string(SETTINGS_MESSAGES.contactEmailRequired).trim().min(1, SETTINGS_MESSAGES.contactEmailRequired).pipe(ZEmail),
  /** Optional: empty clears it. */
  phone: zod
    .string(phone?.message ?? PHONE_MESSAGE)
    .trim()
    .max(30, phone?.message ?? PHONE_MESSAGE)
    .refine((value) => value === '' || !phone || phone.isValid(value), phone?.message ?? PHONE_MESSAGE),
  /**
   * The brand colour of the diner pages, table cards and emails under white label (Pro, Premium; decision
   * 058): '#rrggbb', empty clears it, absent leaves it as it is.
   */
  brandColor: zod
    .string(SETTINGS_MESSAGES.brandColorInvalid)
    .trim()
    .refine((value) => value === '' || BRAND_COLOR_PATTERN.test(value), SETTINGS_MESSAGES.brandColorInvalid)
    .transform((value) => value.toLowerCase())
    .optional(),
  /**
   * The low-rating alerts' grouping window in minutes (issue 48): 5, 15 or 30; absent leaves it as it is.
   * A 1★, or a ≤2★ with a comment, is mailed at once whatever the window.
   */
  alertWindowMinutes: zod.coerce
    .number(SETTINGS_MESSAGES.alertWindowInvalid)
    .refine((value) => (ALERT_WINDOW_CHOICES as readonly number[]).includes(value), SETTINGS_MESSAGES.alertWindowInvalid)
    .optional(),
  });
}
/** A French venue's settings, as before issue #53. */
export const ZSettingsRequest = settingsSchema('FR');
/** The body the route reads before it knows the organisation's country. */
export const ZSettingsRequestAnyCountry = settingsSchema('any');
export type TSettingsRequest = z.infer<typeof ZSettingsRequest>;
export type TSettingsForm = z.input<typeof ZSettingsRequest>;
export const SETTINGS_FIELD_ORDER = ['name', 'address', 'contactEmail', 'alertWindowMinutes', 'phone', 'brandColor'] as const;

export type TSettings = {
  /** The organisation's country: the phone's rule (issue #53). */
  country: Country;
  name: string;
  address: string;
  contactEmail: string;
  phone: string;
  /** `/storage/images/…` (or an address given before uploads existed), null without a logo. */
  logoUrl: string | null;
  /** '#rrggbb', or null: ReFeed's colours. Shown only under white label (`whiteLabel`). */
  brandColor: string | null;
  /** Whether the organisation's plan includes white label (its logo and colour, no 'Propulsé par ReFeed'). */
  whiteLabel: boolean;
  sendingHours: { start: number; end: number };
  /** The low-rating alerts' grouping window in minutes (5, 15 or 30). */
  alertWindowMinutes: number;
  /** The languages the diner pages offer, in LOCALES order (issue 52). */
  dinerLanguages: Locale[];
  /** The table cards' one or two languages, in the chosen order. */
  cardLanguages: Locale[];
};
