import type { z } from 'zod';
import { z as zod } from 'zod';
import { isValidFrenchPhone, PHONE_MESSAGE } from '../rules/company';
import { ACCOUNT_MESSAGES, ZEmail } from './accounts';

/** /parametres: the restaurant's identity and contact (issue #26). */
export const SETTINGS_MESSAGES = {
  addressLong: 'L’adresse doit contenir au plus 300 caractères',
  contactEmailRequired: 'L’email de contact est requis',
  saved: 'Paramètres enregistrés.',
  logoSaved: 'Logo mis à jour.',
  logoRemoved: 'Logo retiré.',
  removeLogoConfirm: 'Retirer le logo ?',
} as const;

/** Multi-line text stays multi-line; other control characters are dropped. */
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const stripControls = (value: string) => value.replace(/[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f]/g, '');

/** PUT /api/settings */
export const ZSettingsRequest = zod.object({
  name: zod
    .string(ACCOUNT_MESSAGES.restaurantNameShort)
    .trim()
    .min(2, ACCOUNT_MESSAGES.restaurantNameShort)
    .max(100, ACCOUNT_MESSAGES.restaurantNameLong),
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
});
export type TSettingsRequest = z.infer<typeof ZSettingsRequest>;
export type TSettingsForm = z.input<typeof ZSettingsRequest>;
export const SETTINGS_FIELD_ORDER = ['name', 'address', 'contactEmail', 'phone'] as const;

export type TSettings = {
  name: string;
  address: string;
  contactEmail: string;
  phone: string;
  /** `/storage/images/…` (or an address given before uploads existed), null without a logo. */
  logoUrl: string | null;
  sendingHours: { start: number; end: number };
};
