import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restaurants } from '../../src/server/db/schema';
import { createGooglePlacesProvider } from '../../src/server/features/reviews/places-provider';
import type { TReviewLinkSettings } from '../../src/shared/schemas/review-link';
import { createSignedInOwner } from '../support/factories';
import { createTestContext, type TestContext } from '../support/test-app';

/** A stand-in for Google Places Text Search on a local port: answers by the query text, records calls. */
const placesCalls: URL[] = [];
let fakeGoogle: Server;
let fakeGoogleUrl: string;
let ctx: TestContext;
let noKey: TestContext;

beforeAll(async () => {
  fakeGoogle = createServer((request, response) => {
    const url = new URL(request.url!, 'http://fake');
    placesCalls.push(url);
    const query = url.searchParams.get('query') ?? '';
    if (url.pathname !== '/maps/api/place/textsearch/json' || url.searchParams.get('key') !== 'test-key') {
      response.writeHead(403).end();
      return;
    }
    if (query.includes('panne')) {
      response.writeHead(500).end('upstream down');
      return;
    }
    if (query.includes('refus')) {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 'REQUEST_DENIED', results: [] }));
      return;
    }
    const results = query.includes('introuvable')
      ? []
      : [
          { place_id: 'ChIJ-chez-paul', name: 'Chez Paul', formatted_address: '11 Rue Mercière, 69002 Lyon, France' },
          { place_id: 'ChIJ-paul-2', name: 'Paul Boulangerie', formatted_address: 'Lyon' },
          { name: 'Sans identifiant' },
        ];
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ status: results.length ? 'OK' : 'ZERO_RESULTS', results }));
  });
  await new Promise<void>((resolve) => fakeGoogle.listen(0, '127.0.0.1', resolve));
  fakeGoogleUrl = `http://127.0.0.1:${(fakeGoogle.address() as AddressInfo).port}`;
  ctx = await createTestContext({ env: { GOOGLE_PLACES_API_KEY: 'test-key', GOOGLE_PLACES_BASE_URL: fakeGoogleUrl }, startWorkers: false });
  noKey = await createTestContext({ startWorkers: false });
});
afterAll(async () => {
  await ctx?.close();
  await noKey?.close();
  await new Promise((resolve) => fakeGoogle.close(resolve));
});

describe('/api/review-link', () => {
  it('saves a valid link normalised (trimmed, spaces removed, http → https) with today as its validation date', async () => {
    const { agent, restaurant } = await createSignedInOwner(ctx);
    const saved = await agent.put('/api/review-link', { url: '  http://g.page/r/Cb X9/review ' });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ reviewUrl: 'https://g.page/r/CbX9/review', message: 'Lien enregistré ✅' });
    const [row] = await ctx.db.select().from(restaurants).where(eq(restaurants.id, restaurant.id));
    expect(row.googleReviewUrl).toBe('https://g.page/r/CbX9/review');
    expect(Date.now() - row.googleReviewUrlValidatedAt!.getTime()).toBeLessThan(60_000);
    const settings = (await (await agent.get('/api/review-link')).json()) as TReviewLinkSettings;
    expect(settings).toMatchObject({ reviewUrl: 'https://g.page/r/CbX9/review', reviewPromptAllRatings: false, placesSearchConfigured: true });
    expect(settings.validatedAt).toBe(row.googleReviewUrlValidatedAt!.toISOString());
  });

  it('refuses an invalid link on save with the §5 message and keeps the current one', async () => {
    const { agent, restaurant } = await createSignedInOwner(ctx);
    await agent.put('/api/review-link', { url: 'https://g.page/r/ok/review' });
    const refused = await agent.put('/api/review-link', { url: 'https://g.page.evil.com/r/x' });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.message).toBe('Lien Google invalide. Corrigez puis réessayez.');
    const [row] = await ctx.db.select().from(restaurants).where(eq(restaurants.id, restaurant.id));
    expect(row.googleReviewUrl).toBe('https://g.page/r/ok/review');
  });

  it('attack: a look-alike Google domain (google.xyz, google.top, google.wtf) is refused on test and on save', async () => {
    const { agent, restaurant } = await createSignedInOwner(ctx);
    for (const url of ['https://www.google.xyz/maps/place/Chez', 'https://google.top/local/writereview?placeid=ChIJ1', 'https://maps.google.wtf/maps/place/X']) {
      const tested = await agent.post('/api/review-link/test', { url });
      expect(tested.status, url).toBe(400);
      expect((await tested.json()).error.message).toBe('Lien Google invalide. Utilisez le bouton \'Donner un avis\' de votre fiche.');
      const saved = await agent.put('/api/review-link', { url });
      expect(saved.status, url).toBe(400);
      expect((await saved.json()).error.message).toBe('Lien Google invalide. Corrigez puis réessayez.');
    }
    const [row] = await ctx.db.select().from(restaurants).where(eq(restaurants.id, restaurant.id));
    expect(row.googleReviewUrl).toBeNull();
    // A real country domain of Google's is accepted.
    expect((await agent.put('/api/review-link', { url: 'https://www.google.be/maps/place/Chez' })).status).toBe(200);
  });

  it('removes the link and clears its date on an empty save', async () => {
    const { agent, restaurant } = await createSignedInOwner(ctx);
    await agent.put('/api/review-link', { url: 'https://g.page/r/ok/review' });
    const removed = await agent.put('/api/review-link', { url: '   ' });
    expect(await removed.json()).toEqual({ reviewUrl: null, validatedAt: null, message: 'Lien retiré.' });
    const [row] = await ctx.db.select().from(restaurants).where(eq(restaurants.id, restaurant.id));
    expect([row.googleReviewUrl, row.googleReviewUrlValidatedAt]).toEqual([null, null]);
  });

  it('tests a link without saving it: the §5 messages', async () => {
    const { agent, restaurant } = await createSignedInOwner(ctx);
    const ok = await agent.post('/api/review-link/test', { url: 'http://search.google.com/local/writereview?placeid=ChIJ1' });
    expect(await ok.json()).toEqual({ url: 'https://search.google.com/local/writereview?placeid=ChIJ1', message: 'Lien reconnu 👍 Ouvrez pour vérifier.' });
    const bad = await agent.post('/api/review-link/test', { url: 'https://www.tripadvisor.fr/x' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.message).toBe("Lien Google invalide. Utilisez le bouton 'Donner un avis' de votre fiche.");
    const [row] = await ctx.db.select().from(restaurants).where(eq(restaurants.id, restaurant.id));
    expect(row.googleReviewUrl).toBeNull();
  });

  it('switches the review prompt for every rating, and the diner page then offers the link after 2 stars', async () => {
    const { agent, restaurant } = await createSignedInOwner(ctx);
    await agent.put('/api/review-link', { url: 'https://g.page/r/ok/review' });
    const visitor = ctx.agent();
    expect(await (await visitor.get(`/api/public/restaurants/${restaurant.id}`)).json()).toMatchObject({ reviewUrl: 'https://g.page/r/ok/review', reviewPromptAllRatings: false });
    expect(await (await agent.put('/api/review-link/prompt-all-ratings', { reviewPromptAllRatings: true })).json()).toEqual({ reviewPromptAllRatings: true });
    expect(await (await visitor.get(`/api/public/restaurants/${restaurant.id}`)).json()).toMatchObject({ reviewPromptAllRatings: true });
    expect((await agent.put('/api/review-link/prompt-all-ratings', { reviewPromptAllRatings: 'oui' })).status).toBe(400);
  });

  it('refuses a visitor without a session', async () => {
    expect((await ctx.agent().get('/api/review-link')).status).toBe(401);
    expect((await ctx.agent().put('/api/review-link', { url: '' })).status).toBe(401);
  });
});

describe('place search', () => {
  it('maps Google Text Search results (place id, name, address, review URL from the place id) through the real provider', async () => {
    const { agent } = await createSignedInOwner(ctx);
    const response = await agent.post('/api/review-link/places', { q: 'Chez Paul Lyon' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      configured: true,
      results: [
        { place_id: 'ChIJ-chez-paul', name: 'Chez Paul', address: '11 Rue Mercière, 69002 Lyon, France', website: null, review_url: 'https://search.google.com/local/writereview?placeid=ChIJ-chez-paul' },
        { place_id: 'ChIJ-paul-2', name: 'Paul Boulangerie', address: 'Lyon', website: null, review_url: 'https://search.google.com/local/writereview?placeid=ChIJ-paul-2' },
      ],
    });
    const call = placesCalls.at(-1)!;
    expect([call.searchParams.get('query'), call.searchParams.get('language'), call.searchParams.get('key')]).toEqual(['Chez Paul Lyon', 'fr', 'test-key']);
  });

  it('answers no results, an upstream failure as 502 in French, and a blank query as 400', async () => {
    const { agent } = await createSignedInOwner(ctx);
    expect(await (await agent.post('/api/review-link/places', { q: 'introuvable Lyon' })).json()).toEqual({ configured: true, results: [] });
    for (const q of ['panne Lyon', 'refus Lyon']) {
      const failed = await agent.post('/api/review-link/places', { q });
      expect(failed.status).toBe(502);
      expect((await failed.json()).error.message).toBe("Impossible de rechercher l'établissement. Veuillez réessayer.");
    }
    const blank = await agent.post('/api/review-link/places', { q: '   ' });
    expect(blank.status).toBe(400);
    expect((await blank.json()).error.message).toBe("Veuillez entrer un nom d'établissement et une ville.");
  });

  it('gives up on a silent upstream after its timeout', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const provider = createGooglePlacesProvider({ apiKey: 'k', baseUrl: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`, timeoutMs: 300 });
    // The search settles (a silent upstream without a timeout would hold it until the test's own timeout),
    // and it is the abort of its timeout that ends it, not another failure.
    await expect(provider.search('Chez Paul Lyon')).rejects.toThrow(/aborted due to timeout/);
    silent.closeAllConnections();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('says search is not configured without a key, and manual entry still works', async () => {
    const { agent } = await createSignedInOwner(noKey);
    expect(((await (await agent.get('/api/review-link')).json()) as TReviewLinkSettings).placesSearchConfigured).toBe(false);
    expect(await (await agent.post('/api/review-link/places', { q: 'Chez Paul Lyon' })).json()).toEqual({
      configured: false,
      results: [],
      message: 'La recherche automatique n’est pas configurée sur ce serveur : collez votre lien manuellement.',
    });
    expect((await agent.put('/api/review-link', { url: 'https://g.page/r/manuel/review' })).status).toBe(200);
  });
});
