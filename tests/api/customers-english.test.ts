// The customers, loyalty and counter areas' API messages in the owner's language (issue #53, decision 097):
// /api/customers, /api/loyalty and /api/counter answer an English owner in English — errors through the
// error handler, success messages where the answer is made — and a French owner in the spec's French.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customerRewards } from '../../src/server/db/schema';
import { untranslated } from '../../src/shared/i18n/api-messages';
import { CARD_MESSAGES } from '../../src/shared/schemas/card-messages';
import { COUNTER_CARD_MESSAGES, COUNTER_CARD_MESSAGES_EN, COUNTER_MESSAGES } from '../../src/shared/schemas/counter';
import { CUSTOMER_FILTER_LABELS, CUSTOMER_MESSAGES, CUSTOMER_MESSAGES_EN, CUSTOMER_QUERY_MESSAGES } from '../../src/shared/schemas/customers';
import { LOYALTY_FIELD_MESSAGES, LOYALTY_MESSAGES, LOYALTY_MESSAGES_EN } from '../../src/shared/schemas/loyalty';
import type { TestAgent } from '../support/test-app';
import { createCardRestaurant, dinerWithCoffee } from './card-support';
import { useDinerContext } from './diner-support';

const ctx = useDinerContext();

const errorOf = async (response: Response) => ((await response.json()) as { error: { message: string } }).error.message;

/** Two restaurants with a diner holding a free coffee: one run by an English owner, one by a French owner. */
async function twoOwners() {
  const english = await createCardRestaurant(ctx, 'The Red Lion');
  const french = await createCardRestaurant(ctx, 'Le Bistrot');
  expect((await english.staff.patch('/api/me/language', { lang: 'en' })).status).toBe(200);
  return { english, french };
}

/** Every string of a (nested) message object. */
const stringsOf = (messages: object): string[] => Object.values(messages).flatMap((value) => (typeof value === 'string' ? [value] : stringsOf(value as object)));

describe('the customers, loyalty and counter areas’ API messages (issue #53)', () => {
  it('every message of the areas’ schemas has its English twin', () => {
    const all = [CUSTOMER_MESSAGES, CUSTOMER_QUERY_MESSAGES, CUSTOMER_FILTER_LABELS, LOYALTY_MESSAGES, LOYALTY_FIELD_MESSAGES, COUNTER_MESSAGES, COUNTER_CARD_MESSAGES].flatMap(stringsOf);
    expect(all.length).toBeGreaterThan(40);
    expect(untranslated(all)).toEqual([]);
    // The counter's card words are the card's own French, byte for byte.
    for (const [key, french] of Object.entries(COUNTER_CARD_MESSAGES)) expect(french).toBe(CARD_MESSAGES[key as keyof typeof CARD_MESSAGES]);
  });

  it('the areas’ refusals: English for the English owner (a French browser changes nothing), the spec’s French for the French one', async () => {
    const { english, french } = await twoOwners();
    const unknown = crypto.randomUUID();
    const cases: Array<[string, (agent: TestAgent) => Promise<Response>, string, string]> = [
      ['an unknown filter', (agent) => agent.get('/api/customers?filter=nope', { headers: { 'accept-language': 'fr-FR' } }), 'Unknown filter', 'Filtre inconnu'],
      ['a bad page', (agent) => agent.get('/api/customers?page=0'), 'Invalid page', 'Page invalide'],
      ['an unknown customer', (agent) => agent.get(`/api/customers/${unknown}`), CUSTOMER_MESSAGES_EN.notFound, 'Client introuvable'],
      ['a decimal number of points', (agent) => agent.put('/api/loyalty/rules', { basePoints: 1.5, bonusGoodRating: 5, ratingThreshold: 4, maxPointsPerDay: 100 }), 'Points per visit: a whole number is required', 'Points par visite : nombre entier requis'],
      ['a threshold out of range', (agent) => agent.put('/api/loyalty/rules', { basePoints: 10, bonusGoodRating: 5, ratingThreshold: 7, maxPointsPerDay: 100 }), 'The threshold must be a whole number between 3 and 5', 'Le seuil doit être un nombre entier entre 3 et 5'],
      ['a reward without a name', (agent) => agent.post('/api/loyalty/rewards', { label: '  ', cost: 50 }), 'The name is required', 'Le libellé est requis'],
      ['an unknown reward', (agent) => agent.delete(`/api/loyalty/rewards/${unknown}`), LOYALTY_MESSAGES_EN.rewardNotFound, LOYALTY_MESSAGES.rewardNotFound],
      ['an unknown code at the counter', (agent) => agent.get('/api/counter/codes/ZZZZZZ'), COUNTER_CARD_MESSAGES_EN.codeUnknown, CARD_MESSAGES.codeUnknown],
      ['a counter search too short', (agent) => agent.get('/api/counter/search?q=ab'), 'Type at least 3 characters: email, phone or code.', 'Saisissez au moins 3 caractères : email, téléphone ou code.'],
    ];
    for (const [what, call, en, fr] of cases) {
      const inEnglish = await call(english.staff);
      expect(inEnglish.status, what).toBeGreaterThanOrEqual(400);
      expect(inEnglish.status, what).toBeLessThan(500);
      expect(await errorOf(inEnglish), what).toBe(en);
      expect(await errorOf(await call(french.staff)), what).toBe(fr);
    }
  });

  it('a reward handed over at the counter, then again: « Reward handed over » and its refusal in English, « Récompense remise » in French', async () => {
    const { english, french } = await twoOwners();
    const en = await dinerWithCoffee(ctx, english.restaurant.id);
    const fr = await dinerWithCoffee(ctx, french.restaurant.id);
    const handed = await english.staff.post(`/api/counter/rewards/${en.rewardId}/hand-over`);
    expect(handed.status).toBe(200);
    expect(await handed.json()).toEqual({ message: 'Reward handed over', id: en.rewardId });
    const again = await english.staff.post(`/api/counter/rewards/${en.rewardId}/hand-over`);
    expect(again.status).toBe(409);
    expect(await errorOf(again)).toBe('This reward has already been handed over.');
    const inFrench = await french.staff.post(`/api/counter/rewards/${fr.rewardId}/hand-over`);
    expect(await inFrench.json()).toEqual({ message: 'Récompense remise', id: fr.rewardId });
  });

  it('a reward used from the customer’s page and the customer erased: the answers speak the owner’s language', async () => {
    const { english, french } = await twoOwners();
    for (const [owner, used, erased] of [
      [english, 'Reward used', 'Customer data erased'],
      [french, 'Récompense utilisée', 'Données du client effacées'],
    ] as const) {
      const { rewardId } = await dinerWithCoffee(ctx, owner.restaurant.id);
      const [row] = await ctx.db.select({ customerId: customerRewards.customerId }).from(customerRewards).where(eq(customerRewards.id, rewardId));
      const redeemed = await owner.staff.post(`/api/customers/${row.customerId}/rewards/${rewardId}/redeem`);
      expect(redeemed.status).toBe(200);
      expect(((await redeemed.json()) as { message: string }).message).toBe(used);
      const gone = await owner.staff.delete(`/api/customers/${row.customerId}`);
      expect(gone.status).toBe(200);
      expect(((await gone.json()) as { message: string }).message).toBe(erased);
    }
  });
});
