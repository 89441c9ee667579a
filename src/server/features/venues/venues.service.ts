import { assertVenueWithinPlan } from '../../core/plan';
import { effectiveVenueStateSql, getOrganisationStatus } from '../../core/venue-state';
import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { memberVenues, organisationMembers, organisations, restaurants } from '../../db/schema';
import { createVenueDefaults } from '../../core/venue-defaults';
import { clock } from '../../lib/runtime/clock';
import { neutralizeCsvCell, toFrenchCsv } from '../../lib/http/csv';
import { AppError } from '../../lib/http/errors';
import type { SessionUser, Tenant } from '../../lib/http/hono-env';
import type { SessionRead } from '../../lib/http/session-read';
import { addDays, parisInstant } from '../../../shared/rules/inbox-period';
import { can, type Role } from '../../../shared/rules/permissions';
import type { RestaurantStatus } from '../../../shared/rules/restaurant-status';
import {
  monthToDate,
  sortVenueRows,
  VENUE_COLUMN_LABELS,
  VENUE_MESSAGES,
  VENUE_SORT_KEYS,
  VENUE_STATUS_LABELS,
  venueMessages,
  venuePeriodDays,
  type TCreateVenueRequest,
  type TCreateVenueResponse,
  type TVenueFigures,
  type TVenueList,
  type TVenueRow,
  type TVenueSynthesis,
  type TVenueSynthesisQuery,
} from '../../../shared/schemas/venues';
import { formatDecimal } from '../../../shared/format';
import type { OwnerLocale } from '../../../shared/rules/locales';

/**
 * The organisation's venues (/etablissements, issue #29, decision 054): the list with this month's figures,
 * adding a venue, and the consolidated view of a period. A member sees the venues of the current venue's
 * organisation that their membership opens (the session's list, auth/session-reader.ts): a propriétaire on all
 * venues sees every one.
 */

/** The venues of the tenant's organisation the member may open, with their role there (from the session read). */
export function openVenues(session: SessionRead, tenant: Tenant): Array<{ id: string; role: Role }> {
  return session.restaurants.filter((venue) => venue.organisationId === tenant.organisationId).map((venue) => ({ id: venue.id, role: venue.role }));
}

type FiguresRow = {
  id: string;
  name: string;
  status: RestaurantStatus;
  address: string | null;
  siret: string | null;
  feedbacks: number;
  rating_sum: number;
  good: number;
  low_unhandled: number;
  review_invites: number;
  rewards_redeemed: number;
};

/**
 * Every figure of every venue in ONE statement, grouped by venue (no query per venue), each part from what
 * is already counted or indexed, so it stays fast at millions of feedbacks:
 * - ratings, their sum, the 4–5★ and the low ratings still 'new': the /avis rollup feedback_stats (per
 *   venue, Paris day, rating and status; a few hundred rows a day, its key starts with (restaurant, day));
 * - the review-link invitations: the partial index feedbacks_review_invited_idx (invited feedbacks only);
 * - the rewards handed over: the partial index customer_rewards_redeemed_idx.
 * Restricted to the organisation as well as to the ids, so an id of another organisation counts nothing.
 */
async function readFigures(db: Db, organisationId: string, venueIds: string[], days: { from: string; to: string }): Promise<FiguresRow[]> {
  if (venueIds.length === 0) return [];
  const ids = sql.join(
    venueIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const fromInstant = parisInstant(days.from).toISOString();
  const toInstant = parisInstant(addDays(days.to, 1)).toISOString();
  return queryRows<FiguresRow>(
    db,
    sql`with ratings as (
          select s.restaurant_id, sum(s.count)::int as feedbacks, sum(s.count * s.rating)::int as rating_sum,
                 coalesce(sum(s.count) filter (where s.rating >= 4), 0)::int as good,
                 coalesce(sum(s.count) filter (where s.rating <= 3 and s.status = 'new'), 0)::int as low_unhandled
          from feedback_stats s
          where s.restaurant_id in (${ids}) and s.day >= ${days.from}::date and s.day <= ${days.to}::date
          group by s.restaurant_id
        ), invites as (
          select f.restaurant_id, count(*)::int as n
          from feedbacks f
          where f.restaurant_id in (${ids}) and f.review_invited
            and f.created_at >= ${fromInstant}::timestamptz and f.created_at < ${toInstant}::timestamptz
          group by f.restaurant_id
        ), handed as (
          select cr.restaurant_id, count(*)::int as n
          from customer_rewards cr
          where cr.restaurant_id in (${ids}) and cr.status = 'redeemed'
            and cr.redeemed_at >= ${fromInstant}::timestamptz and cr.redeemed_at < ${toInstant}::timestamptz
          group by cr.restaurant_id
        )
        select r.id, r.name, ${effectiveVenueStateSql('r', 'o').status} as status, r.address, r.siret,
               coalesce(ratings.feedbacks, 0)::int as feedbacks, coalesce(ratings.rating_sum, 0)::int as rating_sum,
               coalesce(ratings.good, 0)::int as good, coalesce(ratings.low_unhandled, 0)::int as low_unhandled,
               coalesce(invites.n, 0)::int as review_invites, coalesce(handed.n, 0)::int as rewards_redeemed
        from restaurants r
        join organisations o on o.id = r.organisation_id
        left join ratings on ratings.restaurant_id = r.id
        left join invites on invites.restaurant_id = r.id
        left join handed on handed.restaurant_id = r.id
        where r.organisation_id = ${organisationId}::uuid and r.id in (${ids})`,
  );
}

const roundOneDecimal = (value: number) => Math.round(value * 10) / 10;

function figuresOf(counts: { feedbacks: number; ratingSum: number; good: number; lowUnhandled: number; reviewInvites: number; rewardsRedeemed: number }): TVenueFigures {
  const { feedbacks } = counts;
  return {
    feedbacks,
    averageRating: feedbacks > 0 ? roundOneDecimal(counts.ratingSum / feedbacks) : null,
    goodShare: feedbacks > 0 ? counts.good / feedbacks : null,
    reviewInvites: counts.reviewInvites,
    lowUnhandled: counts.lowUnhandled,
    rewardsRedeemed: counts.rewardsRedeemed,
  };
}

function rowFigures(row: FiguresRow): TVenueFigures {
  return figuresOf({
    feedbacks: Number(row.feedbacks),
    ratingSum: Number(row.rating_sum),
    good: Number(row.good),
    lowUnhandled: Number(row.low_unhandled),
    reviewInvites: Number(row.review_invites),
    rewardsRedeemed: Number(row.rewards_redeemed),
  });
}

const byName = (a: { name: string; id: string }, b: { name: string; id: string }) => a.name.localeCompare(b.name, 'fr', { sensitivity: 'base' }) || a.id.localeCompare(b.id);

/** GET /api/venues: the venues the member may open, this month's figures, and whether they may add one. */
export async function listVenues(db: Db, session: SessionRead, tenant: Tenant): Promise<TVenueList> {
  const open = openVenues(session, tenant);
  const period = monthToDate(clock.now());
  const rows = await readFigures(
    db,
    tenant.organisationId,
    open.map((venue) => venue.id),
    period,
  );
  const roles = new Map(open.map((venue) => [venue.id, venue.role]));
  const [organisation] = await db.select({ country: organisations.country }).from(organisations).where(eq(organisations.id, tenant.organisationId));
  return {
    country: organisation?.country ?? 'FR',
    period,
    canManage: can(tenant.role, 'venues.manage'),
    venues: rows
      .map((row) => ({ id: row.id, name: row.name, address: row.address, siret: row.siret, status: row.status, role: roles.get(row.id)!, figures: rowFigures(row) }))
      .sort(byName),
  };
}

/** GET /api/venues/synthesis: the period's totals and one row per venue the member may open, in the chosen order. */
export async function getSynthesis(db: Db, session: SessionRead, tenant: Tenant, query: TVenueSynthesisQuery): Promise<TVenueSynthesis> {
  const period = venuePeriodDays(query, clock.now());
  const rows = await readFigures(
    db,
    tenant.organisationId,
    openVenues(session, tenant).map((venue) => venue.id),
    period,
  );
  const totals = figuresOf({
    feedbacks: rows.reduce((sum, row) => sum + Number(row.feedbacks), 0),
    ratingSum: rows.reduce((sum, row) => sum + Number(row.rating_sum), 0),
    good: rows.reduce((sum, row) => sum + Number(row.good), 0),
    lowUnhandled: rows.reduce((sum, row) => sum + Number(row.low_unhandled), 0),
    reviewInvites: rows.reduce((sum, row) => sum + Number(row.review_invites), 0),
    rewardsRedeemed: rows.reduce((sum, row) => sum + Number(row.rewards_redeemed), 0),
  });
  const venueRows: TVenueRow[] = rows.map((row) => ({ id: row.id, name: row.name, status: row.status, ...rowFigures(row) }));
  return { period, totals, rows: sortVenueRows(venueRows, query.sort, query.dir) };
}

/** The CSV cells of a row's figures (French decimals; an empty cell where there is no rating). */
function figureCells(figures: TVenueFigures): string[] {
  return [
    String(figures.feedbacks),
    figures.averageRating === null ? '' : formatDecimal(figures.averageRating),
    figures.goodShare === null ? '' : formatDecimal(figures.goodShare * 100),
    String(figures.reviewInvites),
    String(figures.lowUnhandled),
    String(figures.rewardsRedeemed),
  ];
}

/** The CSV's header line: the table's columns, the share in percent, and the venue's status. */
export const SYNTHESIS_CSV_COLUMNS = [
  ...VENUE_SORT_KEYS.map((key) => (key === 'goodShare' ? `${VENUE_COLUMN_LABELS[key]} (%)` : VENUE_COLUMN_LABELS[key])),
  'Statut',
  'Du',
  'Au',
];

/** The consolidated view as CSV for French Excel (lib/http/csv.ts, as the customers export): the rows in the chosen order, then the totals. */
export function synthesisCsv(synthesis: TVenueSynthesis): string {
  const dayFr = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
  const { from, to } = synthesis.period;
  const data = synthesis.rows.map((row) => [neutralizeCsvCell(row.name), ...figureCells(row), VENUE_STATUS_LABELS[row.status], dayFr(from), dayFr(to)]);
  data.push(['Total', ...figureCells(synthesis.totals), '', dayFr(from), dayFr(to)]);
  return toFrenchCsv(SYNTHESIS_CSV_COLUMNS, data);
}

/** A venue to add, as the request's schema reads it (a French one when `country` is absent). */
type VenueInput = Omit<TCreateVenueRequest, 'country'> & { country?: TCreateVenueRequest['country'] };

/**
 * POST /api/venues (propriétaire only): a venue of the member's organisation, in ONE transaction with
 * everything a venue needs to work, as sign-up creates it (core/venue-defaults.ts). Active at once when the
 * organisation is approved, else pending. Members on all venues get it through their membership; the
 * creator, if on chosen venues only, gets it added to theirs.
 */
export async function createVenue(db: Db, tenant: Tenant, actor: SessionUser, input: VenueInput, locale: OwnerLocale = 'fr'): Promise<TCreateVenueResponse> {
  return db.transaction(async (tx) => {
    // Locking the organisation serialises two additions (the SIRET check below sees the other's venue).
    const [organisation] = await tx
      .select({ siren: organisations.siren, country: organisations.country })
      .from(organisations)
      .where(eq(organisations.id, tenant.organisationId))
      .for('update');
    if (!organisation) throw new AppError('NOT_FOUND', VENUE_MESSAGES.organisationNotFound);
    // The venue's form is its organisation's country's (issue #53): a SIRET in France, a UK address and no SIRET in the UK.
    if (organisation.country === 'GB' && input.country !== 'GB') throw new AppError('BAD_REQUEST', VENUE_MESSAGES.ukNoSiret);
    if (organisation.country !== 'GB' && input.country === 'GB') throw new AppError('BAD_REQUEST', VENUE_MESSAGES.siretRequired);
    // The plan's venues (decision 057), under the organisation's lock: parallel additions cannot pass it.
    await assertVenueWithinPlan(tx, tenant.organisationId);
    const siret = input.siret;
    if (siret !== null && organisation.siren && /^\d{9}$/.test(organisation.siren) && !siret.startsWith(organisation.siren)) {
      throw new AppError('BAD_REQUEST', venueMessages(locale).siretOtherSiren(organisation.siren));
    }
    if (siret !== null) {
      const [taken] = await tx
        .select({ id: restaurants.id })
        .from(restaurants)
        .where(and(eq(restaurants.organisationId, tenant.organisationId), eq(restaurants.siret, siret)))
        .limit(1);
      if (taken) throw new AppError('CONFLICT', VENUE_MESSAGES.siretTaken);
    }

    // The organisation's approval opens its venues (decision 055): a venue added under an approved one is open at once.
    const organisationStatus = await getOrganisationStatus(tx, tenant.organisationId);
    const approved = organisationStatus === 'approved';
    const [current] = await tx.select({ ownerFirstName: restaurants.ownerFirstName }).from(restaurants).where(eq(restaurants.id, tenant.restaurantId));
    const [venue] = await tx
      .insert(restaurants)
      .values({
        organisationId: tenant.organisationId,
        name: input.name,
        address: input.address,
        siret,
        // The alerts go to the propriétaire who added it until /parametres names another address.
        contactEmail: actor.email,
        ownerFirstName: current?.ownerFirstName ?? null,
        // The venue's own state: not suspended; whether it opens is its organisation's (decision 055).
        status: 'approved',
        emailVerified: actor.emailVerified,
      })
      .returning({ id: restaurants.id, name: restaurants.name });
    await createVenueDefaults(tx, venue.id);
    const [membership] = await tx
      .select({ allVenues: organisationMembers.allVenues })
      .from(organisationMembers)
      .where(and(eq(organisationMembers.organisationId, tenant.organisationId), eq(organisationMembers.userId, actor.id)));
    if (membership && !membership.allVenues) {
      await tx.insert(memberVenues).values({ organisationId: tenant.organisationId, userId: actor.id, restaurantId: venue.id });
    }
    return { message: approved ? venueMessages(locale).created : venueMessages(locale).createdPending, venue: { ...venue, status: organisationStatus ?? 'pending' } };
  });
}
