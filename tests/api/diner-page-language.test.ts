// The diner page's language among the languages the restaurant offers (issue 52), and a UK restaurant's
// own language, English (issue 53): ?lang=, the cookie and Accept-Language count only for an offered language.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organisations, restaurants } from '../../src/server/db/schema';
import { createTestContext, type TestContext } from '../support/test-app';
import { createDinerRestaurant, createVisitor } from './diner-support';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  mkdirSync(ctx.dataDir, { recursive: true });
  writeFileSync(path.join(ctx.dataDir, 'diner.html'), '<!doctype html><html lang="fr"><title>ReFeed</title><div id="diner"></div></html>');
});
afterAll(() => ctx.close());

async function restaurantOffering(languages: string[], country: 'FR' | 'GB' = 'FR') {
  const { restaurant, mainQr } = await createDinerRestaurant(ctx);
  await ctx.db.update(restaurants).set({ dinerLanguages: languages, cardLanguages: ['fr'] }).where(eq(restaurants.id, restaurant.id));
  await ctx.db.update(organisations).set({ country }).where(eq(organisations.id, restaurant.organisationId));
  return { restaurant, mainQr };
}

/** The language a diner page answered in, and the cookie it set. */
async function pageLanguage(pathname: string, headers: Record<string, string> = {}) {
  const response = await ctx.agent().get(pathname, { headers });
  expect(response.status).toBe(200);
  return { lang: response.headers.get('content-language'), cookie: response.headers.get('set-cookie') };
}

describe('the diner page’s language among those the restaurant offers', () => {
  it('a French restaurant offering French and English: a German browser, link or earlier choice gets French; English is taken', async () => {
    const { restaurant, mainQr } = await restaurantOffering(['fr', 'en']);
    const page = `/f/${restaurant.id}`;
    expect(await pageLanguage(page, { 'accept-language': 'de-DE,de;q=0.9' })).toEqual({ lang: 'fr', cookie: null });
    expect(await pageLanguage(page, { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' })).toEqual({ lang: 'en', cookie: null });
    // A link's ?lang= for a language not offered is neither spoken nor remembered.
    expect(await pageLanguage(`${page}?lang=de`, { 'accept-language': 'de-DE' })).toEqual({ lang: 'fr', cookie: null });
    expect((await pageLanguage(`${page}?lang=en`)).lang).toBe('en');
    // The cookie of a choice made at another restaurant: Italian is not offered here.
    expect((await pageLanguage(page, { cookie: 'refeed_lang=it', 'accept-language': 'es-ES' })).lang).toBe('fr');
    // The QR code's address and the card follow the same rule.
    expect((await pageLanguage(`/r/${mainQr.code}`, { 'accept-language': 'it-IT' })).lang).toBe('fr');
    expect((await pageLanguage(`${page}/carte`, { 'accept-language': 'en-GB' })).lang).toBe('en');
  });

  it('follows the owner’s change at once, and a suspended restaurant’s page answers 404', async () => {
    const { restaurant } = await restaurantOffering(['fr', 'de']);
    expect((await pageLanguage(`/f/${restaurant.id}`, { 'accept-language': 'de-DE' })).lang).toBe('de');
    await ctx.db.update(restaurants).set({ dinerLanguages: ['fr', 'en'] }).where(eq(restaurants.id, restaurant.id));
    // An owner's write forgets the public reads (the page check with them): simulated by the cache's own clear.
    ctx.deps.publicReads.clear();
    expect((await pageLanguage(`/f/${restaurant.id}`, { 'accept-language': 'de-DE' })).lang).toBe('fr');
    await ctx.db.update(restaurants).set({ status: 'suspended' }).where(eq(restaurants.id, restaurant.id));
    ctx.deps.publicReads.clear();
    expect((await ctx.agent().get(`/f/${restaurant.id}`)).status).toBe(404);
    expect((await ctx.agent().get(`/f/${crypto.randomUUID()}`)).status).toBe(404);
    expect((await ctx.agent().get('/r/no-such-code')).status).toBe(404);
  });

  it('every language by default: the browser’s German is taken, as before', async () => {
    const { restaurant } = await createDinerRestaurant(ctx);
    expect((await pageLanguage(`/f/${restaurant.id}`, { 'accept-language': 'de-DE' })).lang).toBe('de');
  });

  it('a UK restaurant speaks English to a browser in a language it does not offer, French if it does not offer English', async () => {
    const uk = await restaurantOffering(['fr', 'en', 'de'], 'GB');
    expect((await pageLanguage(`/f/${uk.restaurant.id}`, { 'accept-language': 'ja-JP,ja;q=0.9' })).lang).toBe('en');
    expect((await pageLanguage(`/f/${uk.restaurant.id}`)).lang).toBe('en');
    expect((await pageLanguage(`/f/${uk.restaurant.id}`, { 'accept-language': 'de-AT' })).lang).toBe('de');
    expect((await pageLanguage(`/f/${uk.restaurant.id}`, { 'accept-language': 'fr-FR' })).lang).toBe('fr');
    const frenchOnly = await restaurantOffering(['fr'], 'GB');
    expect((await pageLanguage(`/f/${frenchOnly.restaurant.id}`, { 'accept-language': 'en-GB' })).lang).toBe('fr');
    // A French restaurant's fallback stays French.
    const french = await restaurantOffering(['fr', 'en']);
    expect((await pageLanguage(`/f/${french.restaurant.id}`, { 'accept-language': 'ja-JP' })).lang).toBe('fr');
  });

  it('the card and the public read name the offered languages, for the pages’ language switch', async () => {
    const { restaurant } = await restaurantOffering(['fr', 'es']);
    const visitor = createVisitor(ctx);
    const read = await (await visitor.get(`/api/public/restaurants/${restaurant.id}`)).json();
    expect(read.languages).toEqual(['fr', 'es']);
    const card = await (await visitor.get(`/api/public/card/${restaurant.id}`)).json();
    expect(card.restaurant.languages).toEqual(['fr', 'es']);
  });
});
