/**
 * The public API's request and response schemas (issue #31): zod with OpenAPI metadata and examples, from
 * which /api/v1/openapi.json is generated. Field names are snake_case (the API's own convention); French
 * messages for the 400s (problem details `detail`).
 */
import { z } from '@hono/zod-openapi';
import { INBOX_PERIODS } from '../../../shared/rules/inbox-period';
import { RATING_FILTERS } from '../../../shared/schemas/inbox';
import { DAY_OUT_OF_BOUNDS_MESSAGE, INVALID_DAY_MESSAGE } from '../../../shared/rules/calendar-day';
import { zFilterDay } from '../../../shared/schemas/filter-day';

export const PUBLIC_API_MESSAGES = {
  invalidLimit: 'Le paramètre limit doit être un entier entre 1 et 100.',
  invalidCursor: 'Curseur invalide : reprenez la valeur next_cursor d’une réponse précédente.',
  invalidId: 'Identifiant invalide (UUID attendu).',
  invalidFilter: 'Filtre invalide.',
  invalidDate: `${INVALID_DAY_MESSAGE}.`,
  dayOutOfBounds: DAY_OUT_OF_BOUNDS_MESSAGE,
  invalidRange: 'La date de début doit précéder la date de fin.',
  rangeTooLong: 'La période demandée dépasse 366 jours.',
  idempotencyKeyRequired: 'L’en-tête Idempotency-Key est obligatoire (1 à 255 caractères).',
  venueNotFound: 'Établissement introuvable.',
  feedbackNotFound: 'Avis introuvable.',
  customerNotFound: 'Client introuvable.',
  rewardNotFound: 'Récompense introuvable.',
  routeNotFound: 'Ressource introuvable.',
  rewardAlreadyRedeemed: 'Cette récompense a déjà été remise.',
  missingKey: 'Clé d’API manquante : envoyez l’en-tête « Authorization: Bearer <clé> ».',
  malformedKey: 'En-tête Authorization invalide : attendu « Bearer <clé> ».',
  unknownKey: 'Clé d’API inconnue ou révoquée.',
  organisationNotApproved: 'Votre organisation n’est pas validée par ReFeed : l’API est indisponible.',
  readOnlyKey: 'Cette clé d’API est en lecture seule : créez une clé en lecture et écriture pour cette action.',
  idempotencyOtherRequest: 'Cette clé d’idempotence a déjà servi pour une autre requête.',
  idempotencyInProgress: 'Une requête avec cette clé d’idempotence est encore en cours : réessayez dans un instant.',
  invalidRequest: 'Requête invalide.',
  internal: 'Une erreur est survenue. Veuillez réessayer.',
} as const;

export const API_PAGE_DEFAULT = 50;
export const API_PAGE_MAX = 100;
/** The longest period GET /venues/{venueId}/visits answers (days). */
export const VISITS_MAX_DAYS = 366;

const EXAMPLE_VENUE_ID = '2f1c7a8e-5b3d-4c2a-9e1f-0a6b7c8d9e01';
const EXAMPLE_FEEDBACK_ID = '7b2e4f10-3c5d-4e6f-8a9b-1c2d3e4f5a60';
const EXAMPLE_CUSTOMER_ID = '9c8b7a65-4d3e-4f2a-8b1c-0d9e8f7a6b50';
const EXAMPLE_REWARD_ID = '4a5b6c7d-8e9f-4a0b-9c1d-2e3f4a5b6c70';
const EXAMPLE_QR_ID = '1e2d3c4b-5a69-4788-9a0b-c1d2e3f4a5b6';
const EXAMPLE_CURSOR = 'MTc2NDE2NzYwMDAwMDAwMF83YjJlNGYxMC0zYzVkLTRlNmYtOGE5Yi0xYzJkM2U0ZjVhNjA';

// ---------------------------------------------------------------- problem details (RFC 9457)

export const ZProblem = z
  .object({
    type: z.string().openapi({ description: 'URI identifiant le type de problème.' }),
    title: z.string().openapi({ description: 'Résumé court du type de problème.' }),
    status: z.number().int().openapi({ description: 'Le code de statut HTTP.' }),
    detail: z.string().openapi({ description: 'Explication en français de ce cas précis, affichable telle quelle.' }),
    instance: z.string().openapi({ description: 'Le chemin de la requête concernée.' }),
    field: z.string().optional().openapi({ description: 'Pour un 400 : le champ de la requête refusé.' }),
  })
  .openapi('Problem', {
    description: 'Une réponse d’erreur (RFC 9457, problem details), servie en `application/problem+json`.',
    example: {
      type: 'https://app.refeed.fr/api/v1/docs#probleme-introuvable',
      title: 'Ressource introuvable',
      status: 404,
      detail: 'Avis introuvable.',
      instance: `/api/v1/feedbacks/${EXAMPLE_FEEDBACK_ID}`,
    },
  });
export type TProblem = z.infer<typeof ZProblem>;

// ---------------------------------------------------------------- parameters

const ZUuidParam = (name: string, description: string, example: string) =>
  z.uuid(PUBLIC_API_MESSAGES.invalidId).openapi({ param: { name, in: 'path' }, description, example });

export const ZVenueParams = z.object({ venueId: ZUuidParam('venueId', 'Un établissement lisible par la clé (GET /venues).', EXAMPLE_VENUE_ID) });
export const ZIdParams = (description: string, example: string) => z.object({ id: ZUuidParam('id', description, example) });

const ZLimit = z.coerce
  .number({ error: PUBLIC_API_MESSAGES.invalidLimit })
  .int(PUBLIC_API_MESSAGES.invalidLimit)
  .min(1, PUBLIC_API_MESSAGES.invalidLimit)
  .max(API_PAGE_MAX, PUBLIC_API_MESSAGES.invalidLimit)
  .default(API_PAGE_DEFAULT)
  .openapi({ param: { name: 'limit', in: 'query' }, description: `Éléments par page, de 1 à ${API_PAGE_MAX} (${API_PAGE_DEFAULT} par défaut).`, example: 50 });

const ZCursor = z
  .string()
  .min(1, PUBLIC_API_MESSAGES.invalidCursor)
  .max(200, PUBLIC_API_MESSAGES.invalidCursor)
  .regex(/^[A-Za-z0-9_-]+$/, PUBLIC_API_MESSAGES.invalidCursor)
  .optional()
  .openapi({ param: { name: 'cursor', in: 'query' }, description: 'Le `next_cursor` de la page précédente (à omettre pour la première page).', example: EXAMPLE_CURSOR });

export const ZPageQuery = z.object({ cursor: ZCursor, limit: ZLimit });

const ZDay = zFilterDay({ invalid: PUBLIC_API_MESSAGES.invalidDate, outOfBounds: PUBLIC_API_MESSAGES.dayOutOfBounds });

const ZFlag = z.enum(['1'], { error: PUBLIC_API_MESSAGES.invalidFilter });

/** The /avis filters (shared/schemas/inbox.ts ZInboxFilters, same values and meaning), then the page. */
export const ZFeedbackListQuery = z
  .object({
    rating: z
      .enum(RATING_FILTERS, { error: PUBLIC_API_MESSAGES.invalidFilter })
      .optional()
      .openapi({ param: { name: 'rating', in: 'query' }, description: '`le3` : de 1 à 3 étoiles ; `ge4` : 4 ou 5 étoiles ; `1`…`5` : cette note.', example: 'le3' }),
    period: z
      .enum(INBOX_PERIODS, { error: PUBLIC_API_MESSAGES.invalidFilter })
      .optional()
      .openapi({
        param: { name: 'period', in: 'query' },
        description: 'Heure de Paris. `tonight` : depuis 16 h (celle de la veille avant 16 h) ; `today` : aujourd’hui ; `7d` et `30d` : les 7 ou 30 derniers jours, aujourd’hui compris ; `custom` : `from`/`to`.',
        example: '7d',
      }),
    from: ZDay.optional().openapi({ param: { name: 'from', in: 'query' }, description: 'Avec `period=custom` : premier jour (AAAA-MM-JJ, heure de Paris, du 2000-01-01 au 2100-12-31).', example: '2026-11-01' }),
    to: ZDay.optional().openapi({ param: { name: 'to', in: 'query' }, description: 'Avec `period=custom` : dernier jour, inclus.', example: '2026-11-30' }),
    qr: z
      .union([z.uuid(PUBLIC_API_MESSAGES.invalidFilter), z.literal('none')], { error: PUBLIC_API_MESSAGES.invalidFilter })
      .optional()
      .openapi({ param: { name: 'qr', in: 'query' }, description: 'L’identifiant d’un QR code, ou `none` pour les avis donnés sans QR code.', example: EXAMPLE_QR_ID }),
    comment: ZFlag.optional().openapi({ param: { name: 'comment', in: 'query' }, description: '`1` : seulement les avis avec un commentaire.', example: '1' }),
    contact: ZFlag.optional().openapi({ param: { name: 'contact', in: 'query' }, description: '`1` : seulement les avis dont le client peut être recontacté.', example: '1' }),
    status: z
      .enum(['new', 'done'], { error: PUBLIC_API_MESSAGES.invalidFilter })
      .optional()
      .openapi({ param: { name: 'status', in: 'query' }, description: '`new` ou `done` (traité sur /avis).', example: 'new' }),
    cursor: ZCursor,
    limit: ZLimit,
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { message: PUBLIC_API_MESSAGES.invalidRange, path: ['to'] });
export type TFeedbackListQuery = z.infer<typeof ZFeedbackListQuery>;

export const ZRewardListQuery = z.object({
  status: z
    .enum(['pending', 'redeemed'], { error: PUBLIC_API_MESSAGES.invalidFilter })
    .default('pending')
    .openapi({ param: { name: 'status', in: 'query' }, description: '`pending` (par défaut) : débloquées, à remettre ; `redeemed` : remises.', example: 'pending' }),
  cursor: ZCursor,
  limit: ZLimit,
});

export const ZVisitsQuery = z
  .object({
    from: ZDay.optional().openapi({ param: { name: 'from', in: 'query' }, description: 'Premier jour (AAAA-MM-JJ, heure de Paris, du 2000-01-01 au 2100-12-31 ; par défaut : 29 jours avant `to`).', example: '2026-11-01' }),
    to: ZDay.optional().openapi({ param: { name: 'to', in: 'query' }, description: 'Dernier jour inclus, heure de Paris (par défaut : aujourd’hui).', example: '2026-11-07' }),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { message: PUBLIC_API_MESSAGES.invalidRange, path: ['to'] });

export const ZIdempotencyHeaders = z.object({
  'idempotency-key': z
    .string({ error: PUBLIC_API_MESSAGES.idempotencyKeyRequired })
    .min(1, PUBLIC_API_MESSAGES.idempotencyKeyRequired)
    .max(255, PUBLIC_API_MESSAGES.idempotencyKeyRequired)
    .openapi({
      param: { name: 'idempotency-key', in: 'header' },
      description: 'Obligatoire. Une valeur unique par remise (par ex. un UUID) : un nouvel essai avec la même valeur rejoue la première réponse avec `Idempotent-Replayed: true`.',
      example: 'a3f1c2d4-remise-table-12',
    }),
});

// ---------------------------------------------------------------- resources

export const REWARD_EXAMPLE = {
      id: EXAMPLE_REWARD_ID,
      venue_id: EXAMPLE_VENUE_ID,
      customer_id: EXAMPLE_CUSTOMER_ID,
      label: 'Dessert offert',
      cost: 50,
      status: 'pending',
      created_at: '2026-11-20T20:06:00.000Z',
      redeemed_at: null,
    };

export const CUSTOMER_EXAMPLE = {
      id: EXAMPLE_CUSTOMER_ID,
      venue_id: EXAMPLE_VENUE_ID,
      first_name: 'Camille',
      last_name: 'Martin',
      email: 'camille@example.fr',
      phone: '06 12 34 56 78',
      has_email: true,
      marketing_consent: true,
      marketing_consent_at: '2026-10-01T12:00:00.000Z',
      unsubscribed_at: null,
      points: 40,
      visits: 6,
      last_visit_at: '2026-11-20T20:05:00.000Z',
      created_at: '2026-09-14T19:30:00.000Z',
    };

export const FEEDBACK_EXAMPLE = {
      id: EXAMPLE_FEEDBACK_ID,
      venue_id: EXAMPLE_VENUE_ID,
      rating: 2,
      comment: 'Service un peu lent ce soir.',
      status: 'new',
      table_label: 'Table 12',
      qr_code_id: EXAMPLE_QR_ID,
      review_invited: false,
      created_at: '2026-11-26T19:42:10.000Z',
      handled_at: null,
      customer: { id: EXAMPLE_CUSTOMER_ID, first_name: 'Camille', last_name: 'Martin', email: 'camille@example.fr' },
    };

export const VENUE_EXAMPLE = { id: EXAMPLE_VENUE_ID, name: 'Le Bistrot du Marché', address: '12 rue de la Paix, 75002 Paris', phone: '01 23 45 67 89', website: 'https://bistrot.example.fr', created_at: '2026-03-02T09:15:00.000Z' };

const ZTimestamp = (description: string, example: string | null) => z.string().nullable().openapi({ description, example, format: 'date-time' });

export const ZVenue = z
  .object({
    id: z.uuid(),
    name: z.string(),
    address: z.string().nullable(),
    phone: z.string().nullable(),
    website: z.string().nullable(),
    created_at: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('Venue', {
    example: VENUE_EXAMPLE,
  });

const PERSONAL_DATA_NOTE = 'null si la clé ne lit pas les données personnelles (`personal_data`).';

export const ZFeedbackCustomer = z
  .object({
    id: z.uuid(),
    first_name: z.string().nullable().openapi({ description: `Prénom ; ${PERSONAL_DATA_NOTE}` }),
    last_name: z.string().nullable().openapi({ description: `Nom ; ${PERSONAL_DATA_NOTE}` }),
    email: z.string().nullable().openapi({ description: `Email ; ${PERSONAL_DATA_NOTE}` }),
  })
  .openapi('FeedbackCustomer', { example: { id: EXAMPLE_CUSTOMER_ID, first_name: 'Camille', last_name: 'Martin', email: 'camille@example.fr' } });

export const ZFeedback = z
  .object({
    id: z.uuid(),
    venue_id: z.uuid(),
    rating: z.number().int().min(1).max(5),
    comment: z.string().nullable(),
    status: z.enum(['new', 'done']).openapi({ description: '`new`, ou `done` une fois traité sur /avis.' }),
    table_label: z.string().nullable(),
    qr_code_id: z.uuid().nullable(),
    review_invited: z.boolean().openapi({ description: 'Si le lien d’avis public a été proposé au client.' }),
    created_at: z.string().openapi({ format: 'date-time' }),
    handled_at: ZTimestamp('Quand il a été marqué traité (null tant qu’il est nouveau).', null),
    customer: ZFeedbackCustomer.nullable().openapi({ description: 'Le client, s’il est connu (une note anonyme n’en a pas).' }),
  })
  .openapi('Feedback', {
    example: FEEDBACK_EXAMPLE,
  });
export type TFeedback = z.infer<typeof ZFeedback>;

export const ZCustomer = z
  .object({
    id: z.uuid(),
    venue_id: z.uuid(),
    first_name: z.string().nullable().openapi({ description: `Prénom ; ${PERSONAL_DATA_NOTE}` }),
    last_name: z.string().nullable().openapi({ description: `Nom ; ${PERSONAL_DATA_NOTE}` }),
    email: z.string().nullable().openapi({ description: `Email ; ${PERSONAL_DATA_NOTE}` }),
    phone: z.string().nullable().openapi({ description: `Téléphone ; ${PERSONAL_DATA_NOTE}` }),
    has_email: z.boolean().openapi({ description: 'Si un email est connu (donné quel que soit le droit de la clé sur les données personnelles).' }),
    marketing_consent: z.boolean().openapi({ description: 'Consentement aux emails marketing de l’établissement, en vigueur (false après désinscription).' }),
    marketing_consent_at: ZTimestamp('Date du consentement.', '2026-10-01T12:00:00.000Z'),
    unsubscribed_at: ZTimestamp('Date de désinscription (null : pas désinscrit).', null),
    points: z.number().int().min(0).openapi({ description: 'Solde de points actuel.' }),
    visits: z.number().int().min(0).openapi({ description: 'Visites enregistrées pour ce client.' }),
    last_visit_at: ZTimestamp('Dernière visite.', '2026-11-20T20:05:00.000Z'),
    created_at: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('Customer', {
    example: CUSTOMER_EXAMPLE,
  });
export type TCustomer = z.infer<typeof ZCustomer>;

export const ZCustomerReward = z
  .object({
    id: z.uuid(),
    venue_id: z.uuid(),
    customer_id: z.uuid(),
    label: z.string(),
    cost: z.number().int().min(0).openapi({ description: 'Points dépensés au déblocage (0 pour une récompense offerte par l’établissement).' }),
    status: z.enum(['pending', 'redeemed']),
    created_at: z.string().openapi({ format: 'date-time' }),
    redeemed_at: ZTimestamp('Date de remise (null tant qu’elle est à remettre).', null),
  })
  .openapi('CustomerReward', {
    example: REWARD_EXAMPLE,
  });
export type TCustomerReward = z.infer<typeof ZCustomerReward>;

export const ZRedeemResult = z
  .object({
    reward: ZCustomerReward,
    customer_points: z.number().int().min(0).openapi({ description: 'Le solde de points du client après la remise (le coût a quitté le solde au déblocage).' }),
  })
  .openapi('RedeemResult', {
    example: {
      reward: {
        id: EXAMPLE_REWARD_ID,
        venue_id: EXAMPLE_VENUE_ID,
        customer_id: EXAMPLE_CUSTOMER_ID,
        label: 'Dessert offert',
        cost: 50,
        status: 'redeemed',
        created_at: '2026-11-20T20:06:00.000Z',
        redeemed_at: '2026-11-26T20:15:00.000Z',
      },
      customer_points: 40,
    },
  });
export type TRedeemResult = z.infer<typeof ZRedeemResult>;

export const VISITS_EXAMPLE = {
  venue_id: EXAMPLE_VENUE_ID,
  from: '2026-11-24',
  to: '2026-11-26',
  total: 57,
  days: [
    { date: '2026-11-24', visits: 12 },
    { date: '2026-11-25', visits: 0 },
    { date: '2026-11-26', visits: 45 },
  ],
};

export const ZVisits = z
  .object({
    venue_id: z.uuid(),
    from: z.string().openapi({ format: 'date' }),
    to: z.string().openapi({ format: 'date' }),
    total: z.number().int().min(0),
    days: z.array(z.object({ date: z.string().openapi({ format: 'date' }), visits: z.number().int().min(0) })).openapi({ description: 'Chaque jour de la période (heure de Paris), du plus ancien au plus récent (0 s’il n’y a pas de visite).' }),
  })
  .openapi('Visits', {
    example: VISITS_EXAMPLE,
  });
export type TVisits = z.infer<typeof ZVisits>;

/** A page of `item`: the items, and the cursor of the next page (null on the last). */
export function pageOf<T extends z.ZodType>(item: T, name: string, example: unknown) {
  return z
    .object({
      data: z.array(item),
      next_cursor: z.string().nullable().openapi({ description: 'À passer en `cursor` pour la page suivante ; null sur la dernière page.' }),
    })
    .openapi(name, { example: { data: [example], next_cursor: null } });
}
