import { eq } from 'drizzle-orm';
import {
  customerRewards,
  customers,
  feedbacks,
  memberVenues,
  organisationMembers,
  organisations,
  pointEvents,
  qrCodes,
  restaurants,
  user,
  visits,
} from '../../db/schema';
import { rebuildDailyStats } from '../../core/daily-stats';
import { createLoyaltyDefaults, refreshEarningStates, REWARD_UNLOCKED_REASON } from '../../core/loyalty';
import type { AppDeps } from '../../deps';
import { buildMainQrCode } from '../../../shared/rules/qr-url';
import { slugifyLabel } from '../../../shared/rules/slug';
import { MAIN_QR_LABEL } from '../../../shared/schemas/qr';

export const DEMO_OWNER_EMAIL = 'demo@chezdemo.fr';
export const DEMO_OWNER_PASSWORD = 'ChezDemo-2026!';
const FIRST_NAMES = ['Camille', 'Léa', 'Hugo', 'Louis', 'Chloé', 'Manon', 'Jules', 'Inès', 'Lucas', 'Emma', 'Nathan', 'Zoé', 'Gabriel', 'Sarah', 'Arthur', 'Jade', 'Raphaël', 'Louise', 'Théo', 'Élodie'];
const LAST_NAMES = ['Martin', 'Bernard', 'Dubois', 'Thomas', 'Robert', 'Richard', 'Petit', 'Durand', 'Leroy', 'Moreau', 'Simon', 'Laurent', 'Lefèvre', 'Michel', 'Garcia', 'David', 'Bertrand', 'Roux', 'Vincent', 'Fournier'];
const COMMENTS = ['Excellent repas, service au top !', 'Très bon accueil, on reviendra.', 'Un peu d’attente mais les plats valaient le coup.', 'Le dessert était incroyable.', 'Trop bruyant ce soir.', 'Plat arrivé froid, dommage.', 'Parfait pour un déjeuner rapide.', 'Carte des vins remarquable.', null, null, null];

// A small deterministic generator, so every seed produces the same restaurant.
let seed = 42;
const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)];
const weightedRating = () => pick([5, 5, 5, 5, 4, 4, 4, 3, 2, 1]);

/** The demo organisation's team (issue #29): a gérant of the second venue and a waiter (équipe) of the first. */
export const DEMO_MANAGER = { email: 'gerant@chezdemo.fr', password: 'ChezDemo-Gerant-2026!', name: 'Gabriel Gérant' } as const;
export const DEMO_STAFF = { email: 'equipe@chezdemo.fr', password: 'ChezDemo-Equipe-2026!', name: 'Sacha Service' } as const;

/**
 * What `npm run seed:demo` prints: both venues and the three logins the README promises (owner, gérant of
 * Bastille, équipe of Chez Demo), whether this run created them or found them.
 */
export function demoSeedSummary(created: boolean, publicUrl: string): string {
  return [
    created ? 'Created the demo organisation "Chez Demo SARL" with two approved venues:' : 'The demo organisation "Chez Demo SARL" already exists, with two approved venues:',
    '  - "Chez Demo": 4 QR codes, 40 customers, 200 feedbacks over 60 days, rewards',
    '  - "Chez Demo Bastille": 3 QR codes, 25 customers, 90 feedbacks',
    '',
    `Sign in at ${publicUrl}/login with:`,
    `  owner (propriétaire), both venues:  ${DEMO_OWNER_EMAIL} / ${DEMO_OWNER_PASSWORD}`,
    `  gérant of "Chez Demo Bastille":     ${DEMO_MANAGER.email} / ${DEMO_MANAGER.password}`,
    `  équipe (waiter) of "Chez Demo":     ${DEMO_STAFF.email} / ${DEMO_STAFF.password}`,
    '',
  ].join('\n');
}

type Tx = Parameters<Parameters<AppDeps['db']['transaction']>[0]>[0];

/**
 * Creates the demo organisation "Chez Demo SARL": two approved venues (Chez Demo, the older, and Chez Demo
 * Bastille) with QR codes, customers, 60 days of feedback, point events and rewards; its owner, a gérant of
 * Bastille and an équipe member of Chez Demo. Does nothing when the demo owner already exists.
 */
export async function seedDemoRestaurant(deps: Pick<AppDeps, 'db' | 'auth'>, nowMs = Date.now()): Promise<{ created: boolean }> {
  seed = 42;
  const [existing] = await deps.db.select({ id: user.id }).from(user).where(eq(user.email, DEMO_OWNER_EMAIL));
  if (existing) return { created: false };

  const accounts = [];
  for (const account of [{ email: DEMO_OWNER_EMAIL, password: DEMO_OWNER_PASSWORD, name: 'Dominique Demo' }, DEMO_MANAGER, DEMO_STAFF]) {
    const signUp = await deps.auth.api.signUpEmail({ body: { email: account.email, password: account.password, name: account.name } });
    await deps.db.update(user).set({ emailVerified: true }).where(eq(user.id, signUp.user.id));
    accounts.push(signUp.user.id);
  }
  const [ownerId, managerId, staffId] = accounts;
  const now = nowMs;
  const day = 24 * 60 * 60 * 1000;
  await deps.db.transaction(async (tx) => {
    const [organisation] = await tx
      .insert(organisations)
      .values({ name: 'Chez Demo SARL', siren: '552100554', status: 'approved', plan: 'premium', createdAt: new Date(now - 62 * day), approvedAt: new Date(now - 61 * day) })
      .returning({ id: organisations.id });
    const common = {
      organisationId: organisation.id,
      contactEmail: DEMO_OWNER_EMAIL,
      legalName: 'Chez Demo SARL',
      ownerFirstName: 'Dominique',
      status: 'approved' as const,
      emailVerified: true,
      // The demo owner printed the cards and set rewards up; the automations are left to look at.
      todoQrCodesAt: new Date(now - 60 * day),
      todoRewardsAt: new Date(now - 60 * day),
    };
    const [first] = await tx
      .insert(restaurants)
      .values({
        ...common,
        name: 'Chez Demo',
        siret: '55210055400013',
        phone: '01 23 45 67 89',
        googleReviewUrl: 'https://g.page/r/chez-demo/review',
        googleReviewUrlValidatedAt: new Date(now - 55 * day),
        address: '12 rue de la Paix\n75002 Paris',
        createdAt: new Date(now - 62 * day),
      })
      .returning();
    const [second] = await tx
      .insert(restaurants)
      .values({
        ...common,
        name: 'Chez Demo Bastille',
        siret: '55210055400021',
        phone: '01 98 76 54 32',
        googleReviewUrl: 'https://g.page/r/chez-demo-bastille/review',
        googleReviewUrlValidatedAt: new Date(now - 40 * day),
        address: '3 rue de la Roquette\n75011 Paris',
        createdAt: new Date(now - 45 * day),
      })
      .returning();
    await tx.insert(organisationMembers).values([
      { organisationId: organisation.id, userId: ownerId, role: 'owner', createdAt: new Date(now - 62 * day) },
      { organisationId: organisation.id, userId: managerId, role: 'manager', allVenues: false, createdAt: new Date(now - 44 * day) },
      { organisationId: organisation.id, userId: staffId, role: 'staff', allVenues: false, createdAt: new Date(now - 30 * day) },
    ]);
    await tx.insert(memberVenues).values([
      { organisationId: organisation.id, userId: managerId, restaurantId: second.id },
      { organisationId: organisation.id, userId: staffId, restaurantId: first.id },
    ]);
    await seedVenue(tx, first, { now, feedbacks: 200, customers: 40, tables: ['Table 1', 'Table 2', 'Terrasse'] });
    await seedVenue(tx, second, { now, feedbacks: 90, customers: 25, tables: ['Salle', 'Bar'] });
  });
  return { created: true };
}

/** One demo venue's QR codes, customers, feedback over 60 days, points and rewards (deterministic). */
async function seedVenue(tx: Tx, restaurant: { id: string }, shape: { now: number; feedbacks: number; customers: number; tables: string[] }) {
  const { now } = shape;
  const day = 24 * 60 * 60 * 1000;
  const catalogue = await createLoyaltyDefaults(tx, restaurant.id, [
    { label: 'Café offert', description: 'Un expresso ou un thé', cost: 50 },
    { label: 'Dessert offert', description: 'Le dessert du jour', cost: 100 },
    { label: 'Apéritif maison', description: null, cost: 150, isActive: false },
  ]);
  const labels = [MAIN_QR_LABEL, ...shape.tables];
  const qrs = await tx
    .insert(qrCodes)
    .values(
      labels.map((label, index) => ({
        restaurantId: restaurant.id,
        code: index === 0 ? buildMainQrCode(restaurant.id) : `${restaurant.id.slice(0, 8)}-${slugifyLabel(label)}`,
        tableLabel: label,
        slug: slugifyLabel(label),
        isPrimary: index === 0,
        createdAt: new Date(now - (62 - index) * day),
      })),
    )
    .returning();

  const people = Array.from({ length: shape.customers }, (_, index) => {
    const firstName = FIRST_NAMES[index % FIRST_NAMES.length];
    const lastName = LAST_NAMES[(index * 7) % LAST_NAMES.length];
    const hasEmail = index % 5 !== 4;
    return {
      restaurantId: restaurant.id,
      firstName,
      lastName,
      email: hasEmail ? `${firstName}.${lastName}.${index}@example.fr`.toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '') : null,
      phone: index % 3 === 0 ? `06 ${String(10 + index).padStart(2, '0')} 20 30 40` : null,
      anonId: hasEmail ? null : crypto.randomUUID(),
      marketingConsent: index % 2 === 0,
      createdAt: new Date(now - 60 * day),
    };
  });
  const created = await tx.insert(customers).values(people).returning();
  const balance = new Map<string, { points: number; last: number }>();
  for (let n = 0; n < shape.feedbacks; n++) {
    const customer = created[Math.floor(random() ** 1.5 * created.length)];
    const at = new Date(now - Math.floor(random() * 60 * day));
    const rating = weightedRating();
    const qr = pick(qrs);
    const [visit] = await tx.insert(visits).values({ restaurantId: restaurant.id, customerId: customer.id, qrCodeId: qr.id, tableLabel: qr.tableLabel, createdAt: at }).returning();
    const [feedback] = await tx
      .insert(feedbacks)
      .values({ restaurantId: restaurant.id, visitId: visit.id, customerId: customer.id, rating, comment: pick(COMMENTS), createdAt: at })
      .returning();
    const points = 10 + (rating >= 4 ? 10 : 0);
    await tx.insert(pointEvents).values({ restaurantId: restaurant.id, customerId: customer.id, feedbackId: feedback.id, points, createdAt: at });
    const state = balance.get(customer.id) ?? { points: 0, last: 0 };
    state.points += points;
    state.last = Math.max(state.last, at.getTime());
    balance.set(customer.id, state);
  }
  for (const [customerId, state] of balance) {
    // Rewards are paid at unlock (decision 024): each one the balance covers, cheapest first, leaves it.
    let points = state.points;
    for (const reward of catalogue.filter((r) => r.isActive).sort((a, b) => a.cost - b.cost)) {
      if (reward.cost > points) continue;
      points -= reward.cost;
      const at = new Date(state.last);
      await tx.insert(customerRewards).values({ restaurantId: restaurant.id, customerId, rewardId: reward.id, label: reward.label, cost: reward.cost, createdAt: at });
      await tx.insert(pointEvents).values({ restaurantId: restaurant.id, customerId, points: -reward.cost, reason: REWARD_UNLOCKED_REASON, createdAt: at });
    }
    await tx.update(customers).set({ points, lastVisitAt: new Date(state.last) }).where(eq(customers.id, customerId));
  }
  await refreshEarningStates(tx, { restaurantId: restaurant.id });
  for (const qr of qrs) {
    await tx.update(qrCodes).set({ scanCount: Math.floor(20 + random() * 80) }).where(eq(qrCodes.id, qr.id));
  }
  await rebuildDailyStats(tx, restaurant.id);
}
