/**
 * The diner's card (issue 27, decision 043): read by the device alone (its rf_tid cookie, which a
 * confirmed email link may hand to a new phone), never by a customer id from the request.
 */
import { venueBaseUrl } from '../../../shared/venue';
import { and, asc, desc, eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { Db } from '../../db/client';
import { customerRewards, customers, organisations, restaurants, rewards } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { issueRewardCode } from '../../core/reward-codes';
import { isVenueActive } from '../../core/venue-state';
import { paths } from '../../../shared/paths';
import { CARD_MESSAGES, type TCard, type TRewardCode } from '../../../shared/schemas/card-messages';
import { DINER_MESSAGES } from '../../../shared/schemas/diner-messages';
import { isUuid } from '../../../shared/rules/uuid';
import { hasWhiteLabel } from '../../core/plan';

/** How many handed-over rewards the card still shows. */
const HANDED_OVER_SHOWN = 5;

async function readApprovedRestaurant(db: Db, restaurantId: string) {
  if (!isUuid(restaurantId)) throw new AppError('NOT_FOUND', DINER_MESSAGES.restaurantNotFound);
  const [found] = await db
    .select({ name: restaurants.name, logoUrl: restaurants.logoUrl, brandColor: restaurants.brandColor, plan: organisations.plan, trialEndsAt: organisations.trialEndsAt })
    .from(restaurants)
    .innerJoin(organisations, eq(organisations.id, restaurants.organisationId))
    .where(and(eq(restaurants.id, restaurantId), isVenueActive()));
  if (!found) throw new AppError('NOT_FOUND', DINER_MESSAGES.restaurantNotFound);
  // White label (decision 058): the restaurant's colour and no 'Propulsé par ReFeed'.
  const whiteLabel = hasWhiteLabel(found);
  return { name: found.name, logoUrl: found.logoUrl, whiteLabel, brandColor: whiteLabel ? found.brandColor : null };
}

async function findDeviceCustomer(db: Db, restaurantId: string, anonId: string | undefined) {
  if (!anonId) return null;
  const [row] = await db
    .select({ id: customers.id, points: customers.points, email: customers.email, firstName: customers.firstName })
    .from(customers)
    .where(and(eq(customers.restaurantId, restaurantId), eq(customers.anonId, anonId)));
  return row ?? null;
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
