import type { z } from 'zod';
import { z as zod } from 'zod';
import { parisDayOf } from '../format';
import { compactSiret, isValidSiret, SIRET_MESSAGE } from '../rules/company';
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
} as const;

/** A venue's name as sign-up and /parametres check it. */
const ZVenueName = zod.string(ACCOUNT_MESSAGES.restaurantNameShort).trim().min(2, ACCOUNT_MESSAGES.restaurantNameShort).max(100, ACCOUNT_MESSAGES.restaurantNameLong).superRefine(printableOnCards('Le nom du restaurant'));

/** POST /api/venues: a new venue of the member's organisation. */
export const ZCreateVenueRequest = zod.object({
  name: ZVenueName,
  address: zod
    .string(VENUE_MESSAGES.addressRequired)
    .transform((value) => value.replace(/\r\n?/g, '\n').trim())
    .pipe(zod.string().min(1, VENUE_MESSAGES.addressRequired).max(300, SETTINGS_MESSAGES.addressLong)),
  siret: zod.string(SIRET_MESSAGE).transform(compactSiret).pipe(zod.string().refine(isValidSiret, SIRET_MESSAGE)),
});
export type TCreateVenueRequest = z.infer<typeof ZCreateVenueRequest>;
export type TCreateVenueForm = z.input<typeof ZCreateVenueRequest>;
export const CREATE_VENUE_FIELD_ORDER = ['name', 'address', 'siret'] as const;

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
