import type { z } from 'zod';
import { z as zod } from 'zod';
import { parisDayOf } from '../format';
import { compactSiret, isValidSiret, SIRET_MESSAGE } from '../rules/company';
import { formatUkPostcode, isValidUkPostcode } from '../rules/company-uk';
import type { EnglishOf } from '../i18n/english-of';
import type { Country } from '../rules/locales';
import { addDays } from '../rules/inbox-period';
import type { Role } from '../rules/permissions';
import type { RestaurantStatus } from '../rules/restaurant-status';
import { ACCOUNT_MESSAGES } from './accounts';
import { zFilterDay } from './filter-day';
import { INBOX_MESSAGES } from './inbox';
import { SETTINGS_MESSAGES } from './settings';
import { printableOnCards } from './printable';

/** /etablissements (issue #29): the organisation's venues, adding one, and the consolidated view (decision 054). */
export const VENUE_MESSAGES = {
  addressRequired: 'L’adresse est requise',
  siretRequired: SIRET_MESSAGE,
  siretOtherSiren: (siren: string) => `Le SIRET doit commencer par le SIREN de votre organisation (${siren}).`,
  siretTaken: 'Un établissement de votre organisation a déjà ce SIRET.',
  created: 'Établissement ajouté.',
  createdPending: 'Établissement ajouté : il sera actif dès sa validation par l’équipe ReFeed.',
  periodTooLong: 'La période ne peut dépasser 366 jours.',
  customDatesRequired: 'Choisissez une date de début et une date de fin.',
  organisationNotFound: 'Organisation introuvable',
  countryInvalid: 'Pays invalide',
  ukNoSiret: 'Un établissement d’une organisation britannique n’a pas de SIRET : donnez son adresse au Royaume-Uni.',
  addressLineShort: 'L’adresse doit contenir au moins 3 caractères',
  addressLineLong: 'Chaque ligne d’adresse contient au plus 100 caractères',
  townShort: 'La ville doit contenir au moins 2 caractères',
  townLong: 'La ville doit contenir au plus 60 caractères',
  postcode: 'Code postal britannique invalide',
} as const;
export const VENUE_MESSAGES_EN = {
  addressRequired: 'The address is required',
  siretRequired: 'The SIRET must be exactly 14 digits',
  siretOtherSiren: (siren: string) => `The SIRET must start with your organisation’s SIREN (${siren}).`,
  siretTaken: 'A venue of your organisation already has this SIRET.',
  created: 'Venue added.',
  createdPending: 'Venue added: it will be active once the ReFeed team approves it.',
  periodTooLong: 'The period cannot be longer than 366 days.',
  customDatesRequired: 'Choose a start date and an end date.',
  organisationNotFound: 'Organisation not found',
  countryInvalid: 'Invalid country',
  ukNoSiret: 'A venue of a UK organisation has no SIRET: give its UK address.',
  addressLineShort: 'The address must be at least 3 characters long',
  addressLineLong: 'Each address line must be at most 100 characters long',
  townShort: 'The town or city must be at least 2 characters long',
  townLong: 'The town or city must be at most 60 characters long',
  postcode: 'Invalid UK postcode',
} satisfies EnglishOf<typeof VENUE_MESSAGES>;

/** The messages a venue's answer is made with, in the request's language (those built with a value, the success toasts). */
export function venueMessages(locale: 'fr' | 'en'): Pick<typeof VENUE_MESSAGES_EN, 'siretOtherSiren' | 'created' | 'createdPending'> {
  return locale === 'en' ? VENUE_MESSAGES_EN : VENUE_MESSAGES;
}

const textsOnly = (messages: Record<string, unknown>) => Object.fromEntries(Object.entries(messages).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
/** The French → English pair of the venues' fixed texts (shared/i18n/api-messages.ts). */
export const VENUE_MESSAGE_PAIR = [textsOnly(VENUE_MESSAGES), textsOnly(VENUE_MESSAGES_EN)] as const;

/** A venue's name as sign-up and /parametres check it. */
const ZVenueName = zod.string(ACCOUNT_MESSAGES.restaurantNameShort).trim().min(2, ACCOUNT_MESSAGES.restaurantNameShort).max(100, ACCOUNT_MESSAGES.restaurantNameLong).superRefine(printableOnCards('Le nom du restaurant'));

const ZVenueAddress = zod
  .string(VENUE_MESSAGES.addressRequired)
  .transform((value) => value.replace(/\r\n?/g, '\n').trim())
  .pipe(zod.string().min(1, VENUE_MESSAGES.addressRequired).max(300, SETTINGS_MESSAGES.addressLong));

/** A venue of a French organisation: its address as typed and its SIRET (as before issue #53: `country` may be absent). */
export const ZCreateVenueFr = zod.object({
  country: zod.literal('FR').optional().default('FR'),
  name: ZVenueName,
  address: ZVenueAddress,
  siret: zod.string(SIRET_MESSAGE).transform(compactSiret).pipe(zod.string().refine(isValidSiret, SIRET_MESSAGE)),
});

const ukLine = (min: number, max: number, short: string, long: string) => zod.string(short).trim().min(min, short).max(max, long);
/**
 * A venue of a United Kingdom organisation (issue #53): no SIRET (a UK organisation has none), the UK address
 * form of the sign-up (two lines, town, postcode), stored as one address as the sign-up stores it.
 */
export const ZCreateVenueUk = zod
  .object({
    country: zod.literal('GB'),
    name: ZVenueName,
    addressLine1: ukLine(3, 100, VENUE_MESSAGES.addressLineShort, VENUE_MESSAGES.addressLineLong),
    addressLine2: zod.string(VENUE_MESSAGES.addressLineLong).trim().max(100, VENUE_MESSAGES.addressLineLong).optional().default(''),
    town: ukLine(2, 60, VENUE_MESSAGES.townShort, VENUE_MESSAGES.townLong),
    postcode: zod.string(VENUE_MESSAGES.postcode).max(10, VENUE_MESSAGES.postcode).refine(isValidUkPostcode, VENUE_MESSAGES.postcode).transform(formatUkPostcode),
  })
  .transform(({ addressLine1, addressLine2, town, postcode, ...rest }) => ({ ...rest, address: [addressLine1, addressLine2, town, postcode].filter((line) => line !== '').join(', '), siret: null }));

/** POST /api/venues: a new venue of the member's organisation, by its country (a French one when absent). */
export const ZCreateVenueRequest = zod.discriminatedUnion('country', [ZCreateVenueFr, ZCreateVenueUk], {
  error: (issue) => (typeof issue.input === 'object' && issue.input !== null && !Array.isArray(issue.input) ? VENUE_MESSAGES.countryInvalid : ACCOUNT_MESSAGES.invalidRequest),
});
export type TCreateVenueRequest = z.infer<typeof ZCreateVenueRequest>;
/** The request as sent (a UK venue's address in its lines). */
export type TCreateVenueBody = z.input<typeof ZCreateVenueRequest>;
export type TCreateVenueForm = z.input<typeof ZCreateVenueFr>;
export type TCreateVenueFormUk = z.input<typeof ZCreateVenueUk>;
export const CREATE_VENUE_FIELD_ORDER = ['name', 'address', 'siret'] as const;
export const CREATE_VENUE_UK_FIELD_ORDER = ['name', 'addressLine1', 'addressLine2', 'town', 'postcode'] as const;

/** The consolidated view's periods: the last 7, 30 or 90 Paris days (today included), or chosen dates. */
export const VENUE_PERIODS = ['7d', '30d', '90d', 'custom'] as const;
export type TVenuePeriod = (typeof VENUE_PERIODS)[number];
export const VENUE_PERIOD_LABELS: Record<TVenuePeriod, string> = { '7d': '7 jours', '30d': '30 jours', '90d': '90 jours', custom: 'Dates choisies' };
const PERIOD_DAYS: Record<Exclude<TVenuePeriod, 'custom'>, number> = { '7d': 7, '30d': 30, '90d': 90 };
/** The longest custom period (a year and a day: the same dates of two years). */
export const VENUE_PERIOD_MAX_DAYS = 366;

/** The columns of the consolidated view, in order: the table, its sorting and the CSV share them. */
export const VENUE_SORT_KEYS = ['name', 'feedbacks', 'averageRating', 'goodShare', 'reviewInvites', 'lowUnhandled', 'rewardsRedeemed'] as const;
export type TVenueSortKey = (typeof VENUE_SORT_KEYS)[number];
export const VENUE_COLUMN_LABELS: Record<TVenueSortKey, string> = {
  name: 'Établissement',
  feedbacks: 'Notes',
  averageRating: 'Moyenne',
  goodShare: 'Part 4–5★',
  reviewInvites: 'Invitations à l’avis public',
  lowUnhandled: 'Notes basses non traitées',
  rewardsRedeemed: 'Récompenses remises',
};

const ZDay = zFilterDay({ invalid: INBOX_MESSAGES.invalidDate, outOfBounds: INBOX_MESSAGES.dayOutOfBounds });

/** GET /api/venues/synthesis (and its CSV): the period, and the order of the rows. */
export const ZVenueSynthesisQuery = zod
  .object({
    period: zod.enum(VENUE_PERIODS, { error: INBOX_MESSAGES.invalidFilter }).default('30d'),
    from: ZDay.optional(),
    to: ZDay.optional(),
    sort: zod.enum(VENUE_SORT_KEYS, { error: INBOX_MESSAGES.invalidFilter }).default('name'),
    dir: zod.enum(['asc', 'desc'], { error: INBOX_MESSAGES.invalidFilter }).default('asc'),
  })
  .refine((query) => query.period !== 'custom' || (query.from && query.to), { message: VENUE_MESSAGES.customDatesRequired, path: ['from'] })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { message: INBOX_MESSAGES.invalidRange, path: ['to'] })
  .refine((query) => query.period !== 'custom' || !query.from || !query.to || daysBetween(query.from, query.to) < VENUE_PERIOD_MAX_DAYS, {
    message: VENUE_MESSAGES.periodTooLong,
    path: ['to'],
  });
export type TVenueSynthesisQuery = z.infer<typeof ZVenueSynthesisQuery>;

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The whole Paris days a period covers (inclusive). */
export function venuePeriodDays(query: Pick<TVenueSynthesisQuery, 'period' | 'from' | 'to'>, now: Date): { from: string; to: string } {
  const today = parisDayOf(now);
  if (query.period === 'custom' && query.from && query.to) return { from: query.from, to: query.to };
  const days = PERIOD_DAYS[query.period === 'custom' ? '30d' : query.period];
  return { from: addDays(today, -(days - 1)), to: today };
}

/** A venue's figures over a period. */
export type TVenueFigures = {
  /** Ratings given. */
  feedbacks: number;
  /** Their average, two decimals (null without any). */
  averageRating: number | null;
  /** The share of 4–5★ among them, 0 to 1 (null without any). */
  goodShare: number | null;
  /** Thank-you pages that offered the public review link (feedbacks.review_invited). */
  reviewInvites: number;
  /** Ratings of 3★ or less still 'Nouveau' in /avis. */
  lowUnhandled: number;
  /** Rewards handed over (customer_rewards redeemed in the period). */
  rewardsRedeemed: number;
};

export const VENUE_STATUS_LABELS: Record<RestaurantStatus, string> = {
  approved: 'Actif',
  pending: 'En attente de validation',
  suspended: 'Suspendu par l’équipe ReFeed',
  rejected: 'Refusé par l’équipe ReFeed',
};

export type TVenue = {
  id: string;
  name: string;
  address: string | null;
  siret: string | null;
  status: RestaurantStatus;
  /** The member's role there. */
  role: Role;
  /** This month so far (Paris calendar month). */
  figures: TVenueFigures;
};

/** GET /api/venues */
export type TVenueList = {
  /** The organisation's country: a UK organisation's venues have no SIRET and a UK address (issue #53). */
  country: Country;
  /** The first and last day of the figures (this month so far). */
  period: { from: string; to: string };
  /** The member may add venues ('venues.manage'). */
  canManage: boolean;
  venues: TVenue[];
};

export type TVenueRow = TVenueFigures & { id: string; name: string; status: RestaurantStatus };

/** GET /api/venues/synthesis */
export type TVenueSynthesis = {
  period: { from: string; to: string };
  totals: TVenueFigures;
  rows: TVenueRow[];
};

/** POST /api/venues */
export type TCreateVenueResponse = { message: string; venue: { id: string; name: string; status: RestaurantStatus } };

/** The first day of the Paris month of `now`, and today. */
export function monthToDate(now: Date): { from: string; to: string } {
  const today = parisDayOf(now);
  return { from: `${today.slice(0, 8)}01`, to: today };
}

/**
 * The rows in the chosen order; a venue without ratings (null average or share) comes last whatever the
 * direction, and equal values keep the venues' names in alphabetical order (French collation).
 */
export function sortVenueRows<T extends TVenueRow>(rows: readonly T[], key: TVenueSortKey, dir: 'asc' | 'desc'): T[] {
  const byName = (a: T, b: T) => a.name.localeCompare(b.name, 'fr', { sensitivity: 'base' }) || a.id.localeCompare(b.id);
  const sign = dir === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    if (key === 'name') return sign * byName(a, b);
    const left = a[key];
    const right = b[key];
    if (left === null && right === null) return byName(a, b);
    if (left === null) return 1;
    if (right === null) return -1;
    return sign * (left - right) || byName(a, b);
  });
}
