/** The API keys of /developpeurs (issue #31, decision 059): requests, answers and French messages. */
import type { z } from 'zod';
import { z as zod } from 'zod';
import { API_KEY_ACCESS, type ApiKeyAccess } from '../rules/developer-api';

/** How many keys an organisation may have that are not revoked. */
export const MAX_ACTIVE_API_KEYS = 20;
export const API_KEY_NAME_MAX = 60;

/** Every refusal of the key routes, in the product's French. */
export const API_KEY_MESSAGES = {
  nameRequired: 'Le nom de la clé est requis.',
  nameLong: `Le nom de la clé doit contenir au plus ${API_KEY_NAME_MAX} caractères.`,
  accessInvalid: 'Choisissez l’accès de la clé : lecture seule, ou lecture et écriture.',
  venuesRequired: 'Choisissez au moins un établissement.',
  personalDataInvalid: 'Indiquez si la clé peut lire les données personnelles.',
  keyNotFound: 'Clé introuvable.',
  venueNotFound: 'Établissement introuvable.',
  tooMany: `Votre organisation a déjà ${MAX_ACTIVE_API_KEYS} clés actives : c’est le maximum. Révoquez une clé inutilisée avant d’en créer une nouvelle.`,
} as const;

/** The French label of each access. */
export const API_KEY_ACCESS_LABELS: Record<ApiKeyAccess, string> = {
  read: 'Lecture seule',
  read_write: 'Lecture et écriture',
};

const isObject = ({ value }: { value: unknown }) => typeof value === 'object' && value !== null && !Array.isArray(value);

/** POST /api/api-keys: a name, the access, all venues (now and later) or at least one chosen, and personal data or not. */
export const ZCreateApiKeyRequest = zod
  .object({
    name: zod.string(API_KEY_MESSAGES.nameRequired).trim().min(1, API_KEY_MESSAGES.nameRequired).max(API_KEY_NAME_MAX, API_KEY_MESSAGES.nameLong),
    access: zod.enum(API_KEY_ACCESS, API_KEY_MESSAGES.accessInvalid),
    allVenues: zod.boolean(API_KEY_MESSAGES.venuesRequired),
    venueIds: zod.array(zod.uuid(API_KEY_MESSAGES.venueNotFound), API_KEY_MESSAGES.venuesRequired).max(200, API_KEY_MESSAGES.venuesRequired).default([]),
    personalData: zod.boolean(API_KEY_MESSAGES.personalDataInvalid),
  })
  .refine((value) => value.allVenues || value.venueIds.length > 0, { path: ['venueIds'], message: API_KEY_MESSAGES.venuesRequired, when: isObject });
export type TCreateApiKeyRequest = z.infer<typeof ZCreateApiKeyRequest>;
export type TCreateApiKeyForm = z.input<typeof ZCreateApiKeyRequest>;
/** The form's fields in their order on screen (the first error shown is the first of these). */
export const CREATE_API_KEY_FIELD_ORDER = ['name', 'access', 'allVenues', 'venueIds', 'personalData'] as const;

/** DELETE /api/api-keys/:id. */
export const ZApiKeyIdParam = zod.object({ id: zod.string().max(100) });

export type TApiKeyVenue = { id: string; name: string };

/** One key as the owner page lists it (never its secret nor its hash). */
export type TApiKey = {
  id: string;
  name: string;
  /** The secret's first characters (prefix included), to recognise the key. */
  tokenStart: string;
  access: ApiKeyAccess;
  allVenues: boolean;
  /** The chosen venues (empty when `allVenues`); a venue since deleted is left out. */
  venues: TApiKeyVenue[];
  personalData: boolean;
  createdAt: string;
  createdBy: { name: string; email: string } | null;
  lastUsedAt: string | null;
  revokedAt: string | null;
};

/** GET /api/api-keys: the organisation's keys, newest first, and its venues (the create form's choices). */
export type TApiKeysResponse = { keys: TApiKey[]; venues: TApiKeyVenue[]; maxActiveKeys: number };

/** POST /api/api-keys (201): the key, and its secret, shown this once. */
export type TApiKeyCreated = { key: TApiKey; secret: string };
