import { eq } from 'drizzle-orm';
import {
  customerRewards,
  customers,
  feedbacks,
  organisationMembers,
  organisations,
  pointEvents,
  qrCodes,
  restaurants,
  user,
  visits,
} from '../../db/schema';
import { rebuildDailyStats } from '../../core/daily-stats';
import { createLoyaltyDefaults, REWARD_UNLOCKED_REASON } from '../../core/loyalty';
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

/**
 * Creates the approved demo restaurant "Chez Demo" with its owner, QR codes, customers, 60 days of
 * feedback, point events and rewards. Does nothing when the demo owner already exists.
 */
export async function seedDemoRestaurant(deps: Pick<AppDeps, 'db' | 'auth'>, nowMs = Date.now()): Promise<{ created: boolean }> {
  seed = 42;
  const [existing] = await deps.db.select({ id: user.id }).from(user).where(eq(user.email, DEMO_OWNER_EMAIL));
  if (existing) return { created: false };

  const signUp = await deps.auth.api.signUpEmail({ body: { email: DEMO_OWNER_EMAIL, password: DEMO_OWNER_PASSWORD, name: 'Dominique Demo' } });
  const ownerId = signUp.user.id;
  await deps.db.update(user).set({ emailVerified: true }).where(eq(user.id, ownerId));
  const now = nowMs;
  const day = 24 * 60 * 60 * 1000;
  await deps.db.transaction(async (tx) => {
    const [organisation] = await tx
      .insert(organisations)
      .values({ name: 'Chez Demo SARL', siren: '552100554', status: 'approved', createdAt: new Date(now - 62 * day), approvedAt: new Date(now - 61 * day) })
      .returning({ id: organisations.id });
    const [restaurant] = await tx
      .insert(restaurants)
      .values({
        organisationId: organisation.id,
        name: 'Chez Demo',
        contactEmail: DEMO_OWNER_EMAIL,
        legalName: 'Chez Demo SARL',
        siret: '552100554',
        phone: '01 23 45 67 89',
        ownerFirstName: 'Dominique',
        status: 'approved',
        emailVerified: true,
        googleReviewUrl: 'https://g.page/r/chez-demo/review',
        googleReviewUrlValidatedAt: new Date(now - 55 * day),
        address: '12 rue de la Paix\n75002 Paris',
        // The demo owner printed the cards and set rewards up; the automations are left to look at.
        todoQrCodesAt: new Date(now - 60 * day),
        todoRewardsAt: new Date(now - 60 * day),
        createdAt: new Date(now - 62 * day),
      })
      .returning();
    await tx.insert(organisationMembers).values({ organisationId: organisation.id, userId: ownerId, role: 'owner', createdAt: new Date(now - 62 * day) });
    const catalogue = await createLoyaltyDefaults(tx, restaurant.id, [
      { label: 'Café offert', description: 'Un expresso ou un thé', cost: 50 },
      { label: 'Dessert offert', description: 'Le dessert du jour', cost: 100 },
      { label: 'Apéritif maison', description: null, cost: 150, isActive: false },
    ]);
    const labels = [MAIN_QR_LABEL, 'Table 1', 'Table 2', 'Terrasse'];
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

    const people = Array.from({ length: 40 }, (_, index) => {
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
    for (let n = 0; n < 200; n++) {
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
    for (const qr of qrs) {
      await tx.update(qrCodes).set({ scanCount: Math.floor(20 + random() * 80) }).where(eq(qrCodes.id, qr.id));
    }
    await rebuildDailyStats(tx, restaurant.id);
  });
  return { created: true };
}
