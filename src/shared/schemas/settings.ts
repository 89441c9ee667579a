import type { z } from 'zod';
import { z as zod } from 'zod';
import { isValidFrenchPhone, PHONE_MESSAGE } from '../rules/company';
import { ACCOUNT_MESSAGES, ZEmail } from './accounts';
import { printableOnCards } from './printable';

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
} as const;

/** The grouping windows of the low-rating alerts an owner may choose, in minutes. */
export const ALERT_WINDOW_CHOICES = [5, 15, 30] as const;

/** A brand colour as the settings store it: '#rrggbb' (decision 058). */
export const BRAND_COLOR_PATTERN = /^#[0-9a-f]{6}$/i;

/** Multi-line text stays multi-line; other control characters are dropped. */
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const stripControls = (value: string) => value.replace(/[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f]/g, '');

/** PUT /api/settings */
export const ZSettingsRequest = zod.object({
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
    .string(PHONE_MESSAGE)
    .trim()
    .refine((value) => value === '' || isValidFrenchPhone(value), PHONE_MESSAGE),
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
export type TSettingsRequest = z.infer<typeof ZSettingsRequest>;
export type TSettingsForm = z.input<typeof ZSettingsRequest>;
export const SETTINGS_FIELD_ORDER = ['name', 'address', 'contactEmail', 'alertWindowMinutes', 'phone', 'brandColor'] as const;

export type TSettings = {
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
};
