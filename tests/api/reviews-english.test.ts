// The reviews area's API messages in the owner's language (issue #53, decision 097): /api/inbox and
// /api/review-link answer an English owner in English — errors through the error handler, success
// messages where the answer is made — and a French owner in the spec's French, byte for byte.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedbacks } from '../../src/server/db/schema';
import { untranslated } from '../../src/shared/i18n/api-messages';
import { REVIEW_LINK_MESSAGES, REVIEW_LINK_MESSAGES_EN } from '../../src/shared/rules/review-url';
import { DASHBOARD_MESSAGES } from '../../src/shared/schemas/dashboard';
import { EMAIL_USAGE_MESSAGES } from '../../src/shared/schemas/email-usage';
import { FILTER_DAY_MESSAGES } from '../../src/shared/schemas/filter-day';
import { INBOX_MESSAGES, INBOX_MESSAGES_EN } from '../../src/shared/schemas/inbox';
import { createSignedInOwner } from '../support/factories';
import { createTestContext, type TestContext, type TestAgent } from '../support/test-app';

let ctx: TestContext;
let english: Awaited<ReturnType<typeof createSignedInOwner>>;
let french: Awaited<ReturnType<typeof createSignedInOwner>>;
beforeAll(async () => {
  ctx = await createTestContext();
  english = await createSignedInOwner(ctx, { restaurantName: 'The Red Lion' });
  french = await createSignedInOwner(ctx, { restaurantName: 'Le Bistrot' });
  expect((await english.agent.patch('/api/me/language', { lang: 'en' })).status).toBe(200);
});
afterAll(async () => {
  await ctx.close();
});

const errorOf = async (response: Response) => ((await response.json()) as { error: { message: string } }).error.message;

describe('the reviews area’s API messages (issue #53)', () => {
  it('every message of the area has its English twin', () => {
    const all = [INBOX_MESSAGES, REVIEW_LINK_MESSAGES, DASHBOARD_MESSAGES, EMAIL_USAGE_MESSAGES, FILTER_DAY_MESSAGES].flatMap((messages) => Object.values(messages));
    expect(untranslated(all)).toEqual([]);
  });

  it('a refused review link: English for the English owner, the spec’s French for the French one (a French browser changes nothing)', async () => {
    const body = { url: 'https://example.com/not-google' };
    const en = await english.agent.put('/api/review-link', body, { headers: { 'accept-language': 'fr-FR' } });
    expect(en.status).toBe(400);
    expect(await errorOf(en)).toBe(REVIEW_LINK_MESSAGES_EN.invalidOnSave);
    expect(REVIEW_LINK_MESSAGES_EN.invalidOnSave).toBe('Invalid Google link. Correct it and try again.');
    const fr = await french.agent.put('/api/review-link', body);
    expect(fr.status).toBe(400);
    expect(await errorOf(fr)).toBe('Lien Google invalide. Corrigez puis réessayez.');
  });

  it('the review link’s success messages (test, save, remove) speak the owner’s language', async () => {
    const url = 'https://g.page/r/CabcdEFGh123/review';
    const tested = await english.agent.post('/api/review-link/test', { url });
    expect(tested.status).toBe(200);
    expect((await tested.json()).message).toBe('Link recognised 👍 Open it to check.');
    const saved = await english.agent.put('/api/review-link', { url });
    expect((await saved.json()).message).toBe('Link saved ✅');
    const removed = await english.agent.put('/api/review-link', { url: '' });
    expect((await removed.json()).message).toBe('Link removed.');
    expect((await (await french.agent.put('/api/review-link', { url })).json()).message).toBe(REVIEW_LINK_MESSAGES.saved);
    expect((await (await french.agent.post('/api/review-link/test', { url })).json()).message).toBe('Lien reconnu 👍 Ouvrez pour vérifier.');
  });

  it('/api/inbox’s filter and selection errors: English and French', async () => {
    const cases: Array<[string, (agent: TestAgent) => Promise<Response>, string, string]> = [
      ['a bad filter', (agent) => agent.get('/api/inbox?rating=9'), 'Invalid filter', 'Filtre invalide'],
      ['a day not on the calendar', (agent) => agent.get('/api/inbox?period=custom&from=2024-02-30'), 'Invalid date (format YYYY-MM-DD)', 'Date invalide (format AAAA-MM-JJ)'],
      ['an empty selection', (agent) => agent.post('/api/inbox/status', { status: 'done', ids: [] }), 'Select at least one review.', 'Sélectionnez au moins un avis.'],
      ['an unknown feedback', (agent) => agent.post(`/api/inbox/${crypto.randomUUID()}/status`, { status: 'done' }), INBOX_MESSAGES_EN.notFound, INBOX_MESSAGES.notFound],
    ];
    for (const [what, call, en, fr] of cases) {
      const inEnglish = await call(english.agent);
      expect(inEnglish.status, what).toBeGreaterThanOrEqual(400);
      expect(inEnglish.status, what).toBeLessThan(500);
      expect(await errorOf(inEnglish), what).toBe(en);
      expect(await errorOf(await call(french.agent)), what).toBe(fr);
    }
  });

  it('marking a review handled answers « Status updated » to the English owner, « Statut mis à jour » to the French one', async () => {
    const [en] = await ctx.db.insert(feedbacks).values({ restaurantId: english.restaurant.id, rating: 2, comment: 'Cold chips' }).returning({ id: feedbacks.id });
    const [fr] = await ctx.db.insert(feedbacks).values({ restaurantId: french.restaurant.id, rating: 2, comment: 'Frites froides' }).returning({ id: feedbacks.id });
    const inEnglish = await english.agent.post(`/api/inbox/${en.id}/status`, { status: 'done' });
    expect(inEnglish.status).toBe(200);
    expect(await inEnglish.json()).toEqual({ message: 'Status updated', updated: 1 });
    const inFrench = await french.agent.post(`/api/inbox/${fr.id}/status`, { status: 'done' });
    expect(await inFrench.json()).toEqual({ message: 'Statut mis à jour', updated: 1 });
  });
});
