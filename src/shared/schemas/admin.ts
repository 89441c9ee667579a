import { z } from 'zod';
import { COUNTRIES, type Country } from '../rules/locales';
import { RESTAURANT_STATUSES, VENUE_STATUSES, type VenueStatus } from '../rules/restaurant-status';

export const ZAdminRestaurantStatus = z.enum(RESTAURANT_STATUSES);
export type TAdminRestaurantStatus = z.infer<typeof ZAdminRestaurantStatus>;

/** French label of each restaurant status, shown in badges, filters and messages. */
export const RESTAURANT_STATUS_LABELS: Record<TAdminRestaurantStatus, string> = {
  pending: 'En attente',
  approved: 'Approuvé',
  rejected: 'Refusé',
  suspended: 'Suspendu',
};

/** French label of each organisation status (decision 055: the approval lives on the organisation). */
export const ORGANISATION_STATUS_LABELS: Record<TAdminRestaurantStatus, string> = {
  pending: 'En attente',
  approved: 'Approuvée',
  rejected: 'Refusée',
  suspended: 'Suspendue',
};

/** A venue's own state, as the organisation's detail shows it. */
export const VENUE_STATUS_LABELS: Record<VenueStatus, string> = {
  approved: 'Actif',
  suspended: 'Suspendu',
};
export type TVenueStatus = VenueStatus;
export { VENUE_STATUSES };

/** Rejection and suspension reasons: at least 10 characters after trimming (spec §5, §9). */
export const REASON_MIN_LENGTH = 10;
export const REASON_MAX_LENGTH = 1000;
export const NOTES_MAX_LENGTH = 5000;

export const REASON_MESSAGES = {
  required: 'Motif requis',
  tooShort: 'Motif trop court',
  tooLong: `Motif trop long (${REASON_MAX_LENGTH} caractères maximum)`,
  rejectMissing: 'Le motif de refus est obligatoire',
  suspendMissing: 'Le motif de suspension est obligatoire',
} as const;

/** A reason field: missing → 'Motif requis', blank → the action's own message, under 10 → 'Motif trop court'. */
function reasonSchema(missingMessage: string) {
  return z
    .string({ error: REASON_MESSAGES.required })
    .trim()
    .min(1, missingMessage)
    .min(REASON_MIN_LENGTH, REASON_MESSAGES.tooShort)
    .max(REASON_MAX_LENGTH, REASON_MESSAGES.tooLong);
}

export const ZRejectRestaurantRequest = z.object({ reason: reasonSchema(REASON_MESSAGES.rejectMissing) });

export const ZSuspendRestaurantRequest = z.object({ reason: reasonSchema(REASON_MESSAGES.suspendMissing) });

const ZNotes = z.string({ error: 'Notes invalides' }).max(NOTES_MAX_LENGTH, `Notes trop longues (${NOTES_MAX_LENGTH} caractères maximum)`);

/** Approval may replace the internal notes (spec §4: notes kept or replaced). */
export const ZApproveRestaurantRequest = z.object({ notes: ZNotes.optional() });

export const ZUpdateNotesRequest = z.object({ notes: ZNotes });

export const ADMIN_PAGE_SIZE = 25;
export const ADMIN_SEARCH_MAX_LENGTH = 200;

export const ZRestaurantStatusFilter = z.enum(['all', ...RESTAURANT_STATUSES]);
export type TRestaurantStatusFilter = z.infer<typeof ZRestaurantStatusFilter>;

/** The directory's country filter (issue #53): every country, or one of shared/rules/locales.ts. */
export const ZCountryFilter = z.enum(['all', ...COUNTRIES]);
export type TCountryFilter = z.infer<typeof ZCountryFilter>;

/** The country of an organisation as the administration names it. */
export const COUNTRY_LABELS: Record<Country, string> = { FR: 'France', GB: 'Royaume-Uni' };

/** GET /api/admin/restaurants: server-side search, status filter and pagination. */
export const ZListRestaurantsQuery = z.object({
  q: z.string().trim().max(ADMIN_SEARCH_MAX_LENGTH, 'Recherche trop longue').optional(),
  status: ZRestaurantStatusFilter.default('all').catch('all'),
  country: ZCountryFilter.default('all').catch('all'),
  limit: z.coerce.number({ error: 'Pagination invalide' }).int('Pagination invalide').min(1, 'Pagination invalide').max(100, 'Pagination invalide').default(ADMIN_PAGE_SIZE),
  offset: z.coerce.number({ error: 'Pagination invalide' }).int('Pagination invalide').min(0, 'Pagination invalide').default(0),
});
export type TListRestaurantsQuery = z.input<typeof ZListRestaurantsQuery>;

export const ADMIN_EMAIL_MESSAGES = {
  empty: 'Veuillez entrer un email',
  invalid: 'Email invalide',
} as const;

/** A simple email pattern, as the add-admin form checks it (spec §5). */
export const SIMPLE_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const ZAddAdminRequest = z.object({
  email: z
    .string({ error: ADMIN_EMAIL_MESSAGES.empty })
    .trim()
    .min(1, ADMIN_EMAIL_MESSAGES.empty)
    .max(255, ADMIN_EMAIL_MESSAGES.invalid)
    .regex(SIMPLE_EMAIL_PATTERN, ADMIN_EMAIL_MESSAGES.invalid),
});
export type TAddAdminRequest = z.infer<typeof ZAddAdminRequest>;

/** French messages of the administration, shared by the server (errors) and the client (toasts). */
export const ADMIN_MESSAGES = {
  restaurantNotFound: 'Restaurant non trouvé',
  organisationNotFound: 'Organisation non trouvée',
  restaurantLoadFailed: 'Impossible de charger le restaurant',
  selfRemoval: 'Vous ne pouvez pas vous retirer vous-même',
  lastAdmin: 'Impossible de retirer le dernier administrateur',
  adminNotFound: 'Administrateur introuvable',
  userNotRegistered: 'Aucun compte n’existe avec cet email. La personne doit d’abord créer son compte ReFeed.',
  alreadyAdmin: 'Cette personne est déjà administrateur.',
} as const;

export const ADMIN_ACTIONS = ['approve', 'reject', 'suspend', 'reactivate'] as const;
export type TAdminAction = (typeof ADMIN_ACTIONS)[number];

/** What the platform team may do to one venue alone (decision 055). */
export const VENUE_ACTIONS = ['suspend', 'reactivate'] as const;
export type TVenueAction = (typeof VENUE_ACTIONS)[number];

/** Which action a venue's own state allows. */
export const VENUE_ACTIONS_BY_STATUS: Record<VenueStatus, readonly TVenueAction[]> = {
  approved: ['suspend'],
  suspended: ['reactivate'],
};

/** Which action each status allows (spec §4: rejected shows none). */
export const ACTIONS_BY_STATUS: Record<TAdminRestaurantStatus, readonly TAdminAction[]> = {
  pending: ['approve', 'reject'],
  approved: ['suspend'],
  suspended: ['reactivate'],
  rejected: [],
};
