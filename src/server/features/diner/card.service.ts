/**
 * The diner's card (issue 27, decision 043): read by the device alone (its rf_tid cookie, which a
 * confirmed email link may hand to a new phone), never by a customer id from the request.
 */
import { venueBaseUrl } from '../../../shared/venue';
import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { Db } from '../../db/client';
import { customerRewards, customers, organisations, restaurants, rewards, verification } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { clock } from '../../lib/runtime/clock';
import { AppError } from '../../lib/http/errors';
import { issueRewardCode } from '../../core/reward-codes';
import { isVenueActive } from '../../core/venue-state';
import { paths } from '../../../shared/paths';
import { CARD_MESSAGES, type TCard, type TCardSummary, type TRewardCode, type TRewardState } from '../../../shared/schemas/card-messages';
import { DINER_MESSAGES } from '../../../shared/schemas/diner-messages';
import { isUuid } from '../../../shared/rules/uuid';
import { hasWhiteLabel } from '../../core/plan';
import { LINK_IDENTIFIER_PREFIX, pendingLinkOf, queuePendingLinkEmail, ZStoredLink } from './email-link.service';
import { runPrepared } from '../../platform';
import { LOCALES } from '../../../shared/rules/locales';

/** How many handed-over rewards the card still shows. */
const HANDED_OVER_SHOWN = 5;

async function readApprovedRestaurant(db: Db, restaurantId: string) {
  if (!isUuid(restaurantId)) throw new AppError('NOT_FOUND', DINER_MESSAGES.restaurantNotFound);
  const [found] = await db
    .select({
      name: restaurants.name,
      logoUrl: restaurants.logoUrl,
      brandColor: restaurants.brandColor,
      dinerLanguages: restaurants.dinerLanguages,
      plan: organisations.plan,
      trialEndsAt: organisations.trialEndsAt,
    })
    .from(restaurants)
    .innerJoin(organisations, eq(organisations.id, restaurants.organisationId))
    .where(and(eq(restaurants.id, restaurantId), isVenueActive()));
  if (!found) throw new AppError('NOT_FOUND', DINER_MESSAGES.restaurantNotFound);
  // White label (decision 058): the restaurant's colour and no 'Propulsé par ReFeed'.
  const whiteLabel = hasWhiteLabel(found);
  // The languages the owner offers (the card's language switch lists them), French always among them.
  const languages = LOCALES.filter((lang) => lang === 'fr' || found.dinerLanguages.includes(lang));
  return { name: found.name, logoUrl: found.logoUrl, whiteLabel, brandColor: whiteLabel ? found.brandColor : null, languages };
}

async function findDeviceCustomer(db: Db, restaurantId: string, anonId: string | undefined) {
  if (!anonId) return null;
  const [row] = await db
    .select({ id: customers.id, anonId: customers.anonId, points: customers.points, email: customers.email, firstName: customers.firstName })
    .from(customers)
    .where(and(eq(customers.restaurantId, restaurantId), eq(customers.anonId, anonId), isNull(customers.anonymizedAt)));
  return row ? { ...row, anonId } : null;
}

export async function readCard(db: Db, restaurantId: string, anonId: string | undefined): Promise<TCard> {
  const restaurant = await readApprovedRestaurant(db, restaurantId);
  const catalogue = await db
    .select({ id: rewards.id, label: rewards.label, description: rewards.description, cost: rewards.cost })
    .from(rewards)
    .where(and(eq(rewards.restaurantId, restaurantId), eq(rewards.isActive, true)))
    .orderBy(asc(rewards.cost), asc(rewards.createdAt));
  const customer = await findDeviceCustomer(db, restaurantId, anonId);
  const balance = customer?.points ?? 0;
  const goal = catalogue.find((reward) => reward.cost > balance);
  const earned = customer
    ? await db
        .select({ id: customerRewards.id, label: customerRewards.label, cost: customerRewards.cost, status: customerRewards.status, createdAt: customerRewards.createdAt, redeemedAt: customerRewards.redeemedAt })
        .from(customerRewards)
        .where(and(eq(customerRewards.restaurantId, restaurantId), eq(customerRewards.customerId, customer.id)))
        .orderBy(asc(customerRewards.createdAt), asc(customerRewards.id))
    : [];
  return {
    restaurant,
    known: !!customer,
    hasEmail: !!customer?.email,
    // Only a card without a confirmed address offers the resend (a confirmed one has nothing to confirm).
    pendingConfirmation: !!customer && !customer.email && !!(await findPendingConfirmation(db, restaurantId, customer.anonId)),
    firstName: customer?.firstName ?? null,
    balance,
    setAside: earned.filter((r) => r.status === 'pending').reduce((sum, r) => sum + r.cost, 0),
    catalogue,
    next: goal ? { label: goal.label, cost: goal.cost, missing: goal.cost - balance } : null,
    pending: earned.filter((r) => r.status === 'pending').map((r) => ({ id: r.id, label: r.label, createdAt: r.createdAt.toISOString() })),
    handedOver: earned
      .filter((r) => r.status === 'redeemed')
      .sort((a, b) => (b.redeemedAt?.getTime() ?? 0) - (a.redeemedAt?.getTime() ?? 0))
      .slice(0, HANDED_OVER_SHOWN)
      .map((r) => ({ id: r.id, label: r.label, redeemedAt: (r.redeemedAt ?? r.createdAt).toISOString() })),
  };
}

/**
 * 'Présenter au comptoir': a 10-minute code (and its QR, the counter's link with the code) for one
 * pending reward of this device's customer. Any other reward id, this device's or not, is a 404.
 */
export async function presentReward(deps: Pick<AppDeps, 'db' | 'env'>, restaurantId: string, rewardId: string, anonId: string | undefined): Promise<TRewardCode> {
  const restaurant = await readApprovedRestaurant(deps.db, restaurantId);
  const customer = await findDeviceCustomer(deps.db, restaurantId, anonId);
  if (!customer || !isUuid(rewardId)) throw new AppError('NOT_FOUND', CARD_MESSAGES.rewardNotFound);
  const [reward] = await deps.db
    .select({ id: customerRewards.id, label: customerRewards.label, status: customerRewards.status })
    .from(customerRewards)
    .where(and(eq(customerRewards.id, rewardId), eq(customerRewards.restaurantId, restaurantId), eq(customerRewards.customerId, customer.id)))
    .orderBy(desc(customerRewards.createdAt));
  if (!reward) throw new AppError('NOT_FOUND', CARD_MESSAGES.rewardNotFound);
  if (reward.status !== 'pending') throw new AppError('CONFLICT', CARD_MESSAGES.rewardAlreadyHandedOver);
  const { code, expiresAt } = await issueRewardCode(deps.db, restaurantId, reward.id, clock.now());
  // The counter of this venue (decision 056): a staff phone scanning it opens the right venue.
  const qrSvg = await QRCode.toString(`${venueBaseUrl(deps.env.PUBLIC_URL, restaurantId)}${paths.counter.href({ code })}`, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
  return { code, expiresAt: expiresAt.toISOString(), qrSvg, label: reward.label, restaurantName: restaurant.name };
}

/**
 * /f and /r above the form (issue 48): this device's balance and rewards to collect, read by its cookie
 * alone, after the page painted. A device without a cookie, a record here, points or rewards gets
 * `card: null` (a device without a cookie costs no query). Per device: never kept in the public reads'
 * cache (decision 052), and the API answers `Cache-Control: no-store`.
 */
export async function readCardSummary(db: Db, restaurantId: string, anonId: string | undefined): Promise<TCardSummary> {
  if (!anonId || !isUuid(restaurantId)) return { card: null };
  const customer = await findDeviceCustomer(db, restaurantId, anonId);
  if (!customer) return { card: null };
  const pending = await db
    .select({ id: customerRewards.id, label: customerRewards.label })
    .from(customerRewards)
    .where(and(eq(customerRewards.restaurantId, restaurantId), eq(customerRewards.customerId, customer.id), eq(customerRewards.status, 'pending')))
    .orderBy(asc(customerRewards.createdAt), asc(customerRewards.id));
  if (customer.points <= 0 && pending.length === 0) return { card: null };
  return { card: { balance: customer.points, pending } };
}

/**
 * The state of one reward of this device's card, polled by the 'Présenter au comptoir' screen so that
 * it says « Remis » within seconds of the hand-over (issue 48). Another device's or venue's reward is a 404.
 */
export async function readRewardState(db: Db, restaurantId: string, rewardId: string, anonId: string | undefined): Promise<TRewardState> {
  if (!anonId || !isUuid(restaurantId) || !isUuid(rewardId)) throw new AppError('NOT_FOUND', CARD_MESSAGES.rewardNotFound);
  const [found] = await db
    .select({ status: customerRewards.status })
    .from(customerRewards)
    .innerJoin(customers, eq(customers.id, customerRewards.customerId))
    .where(and(eq(customerRewards.id, rewardId), eq(customerRewards.restaurantId, restaurantId), eq(customers.restaurantId, restaurantId), eq(customers.anonId, anonId)));
  if (!found) throw new AppError('NOT_FOUND', CARD_MESSAGES.rewardNotFound);
  return { status: found.status };
}

/**
 * The latest confirmation link (not 'Retrouver ma carte', not expired) an address typed on this device
 * waits for here: the feedback form's typed address or the card's box. Link rows hold compact JSON
 * (JSON.stringify), matched as text first (as the erasure does), then read exactly.
 */
async function findPendingConfirmation(db: Db, restaurantId: string, anonId: string) {
  const rows = await db
    .select({ value: verification.value })
    .from(verification)
    .where(
      and(
        sql`starts_with(${verification.identifier}, ${LINK_IDENTIFIER_PREFIX})`,
        gt(verification.expiresAt, clock.now()),
        sql`strpos(${verification.value}, ${`"anonId":${JSON.stringify(anonId)}`}) > 0`,
      ),
    )
    .orderBy(desc(verification.createdAt))
    .limit(20);
  for (const row of rows) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(row.value);
    } catch {
      continue;
    }
    const link = ZStoredLink.safeParse(parsed);
    if (link.success && link.data.restaurantId === restaurantId && link.data.anonId === anonId && link.data.purpose !== 'recover') return link.data;
  }
  return null;
}

/**
 * « Confirmez votre email — renvoyer le lien »: a new confirmation link (30 minutes) to the address this
 * device typed and has not confirmed yet, with what was typed with it. The address is the stored one,
 * never one from the request, and `limit` counts the request under link-email's lines (the device, the
 * address) before anything is sent. Nothing pending here: a 404.
 */
export async function resendConfirmation(
  deps: Pick<AppDeps, 'db' | 'boss' | 'env'>,
  restaurantId: string,
  anonId: string | undefined,
  limit: (email: string) => Promise<void>,
): Promise<{ message: string }> {
  await readApprovedRestaurant(deps.db, restaurantId);
  const customer = await findDeviceCustomer(deps.db, restaurantId, anonId);
  const pending = customer && !customer.email ? await findPendingConfirmation(deps.db, restaurantId, customer.anonId) : null;
  if (!customer || !pending) throw new AppError('NOT_FOUND', CARD_MESSAGES.noPendingConfirmation);
  await limit(pending.email);
  const input = { restaurantId, email: pending.email, firstName: pending.firstName, lastName: pending.lastName, phone: pending.phone, marketingConsent: pending.marketingConsent, lang: pending.lang };
  const link = pendingLinkOf(deps, input, customer.anonId, customer.id, clock.now());
  await deps.db.transaction(async (tx) => {
    await runPrepared(tx.insert(verification).values(link.row));
    await queuePendingLinkEmail(deps, tx, link.email);
  });
  return { message: CARD_MESSAGES.resendSent };
}
