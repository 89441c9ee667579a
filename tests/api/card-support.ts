import type { TCard, TRewardCode } from '../../src/shared/schemas/card-messages';
import { createUser, signIn, uniqueEmail } from '../support/factories';
import type { TestContext } from '../support/test-app';
import { createDinerRestaurant, createVisitor } from './diner-support';

/** A restaurant of the diner tests (Café offert 50, Dessert offert 100) with its owner signed in. */
export async function createCardRestaurant(ctx: TestContext, name?: string) {
  const user = await createUser(ctx, { email: uniqueEmail('owner') });
  const made = await createDinerRestaurant(ctx, { ownerId: user.id, contactEmail: user.email, name });
  return { ...made, owner: user, staff: await signIn(ctx, user.email) };
}

/** A phone that rated 5★ three times (3 × 20 points): 'Café offert' (50) unlocked and paid, 10 points left. */
export async function dinerWithCoffee(ctx: TestContext, restaurantId: string) {
  const visitor = createVisitor(ctx);
  for (let n = 0; n < 3; n++) {
    const answer = await visitor.submit({ restaurantId, rating: 5 });
    if (answer.status !== 200) throw new Error(`feedback answered ${answer.status}`);
  }
  const card = await readCard(visitor, restaurantId);
  return { visitor, card, rewardId: card.pending[0].id };
}

export async function readCard(visitor: ReturnType<typeof createVisitor>, restaurantId: string): Promise<TCard> {
  const response = await visitor.get(`/api/public/card/${restaurantId}`);
  if (response.status !== 200) throw new Error(`card answered ${response.status}`);
  return (await response.json()) as TCard;
}

export async function presentReward(visitor: ReturnType<typeof createVisitor>, restaurantId: string, rewardId: string): Promise<TRewardCode> {
  const response = await visitor.post(`/api/public/card/${restaurantId}/rewards/${rewardId}/code`);
  if (response.status !== 200) throw new Error(`present answered ${response.status}`);
  return (await response.json()) as TRewardCode;
}
