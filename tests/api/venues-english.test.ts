import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organisations, restaurants } from '../../src/server/db/schema';
import { SIRET_MESSAGE } from '../../src/shared/rules/company';
import { untranslated } from '../../src/shared/i18n/api-messages';
import { QR_MESSAGES } from '../../src/shared/schemas/qr';
import { SETTINGS_MESSAGES } from '../../src/shared/schemas/settings';
import { VENUE_MESSAGES, type TVenueList } from '../../src/shared/schemas/venues';
import { createSignedInOwner } from '../support/factories';
import { createTestContext, type TestAgent, type TestContext } from '../support/test-app';

/**
 * Issue #53 on /qr, /etablissements and /parametres: the API answers an English owner in English (a French
 * owner keeps the spec's French), and a UK organisation's venues are added with the UK address and no SIRET.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ startWorkers: false });
});
afterAll(async () => {
  await ctx.close();
});

const errorOf = async (response: Response) => ((await response.json()) as { error: { message: string } }).error.message;

async function englishOwner(name = 'The Harbour') {
  const owner = await createSignedInOwner(ctx, { restaurantName: name });
  expect((await owner.agent.patch('/api/me/language', { lang: 'en' })).status).toBe(200);
  return owner;
}

/** An organisation registered in the United Kingdom (Companies House number, no SIREN). */
async function makeUk(organisationId: string) {
  await ctx.db.update(organisations).set({ country: 'GB', siren: null, companyNumber: '12345678' }).where(eq(organisations.id, organisationId));
  await ctx.db.update(restaurants).set({ siret: null }).where(eq(restaurants.organisationId, organisationId));
}

describe('the server’s messages of these pages in English', () => {
  it('registers an English twin for every message of /qr, /etablissements and /parametres', () => {
    const texts = [...Object.values(QR_MESSAGES), ...Object.values(SETTINGS_MESSAGES), ...Object.values(VENUE_MESSAGES).filter((value) => typeof value === 'string')];
    expect(untranslated(texts)).toEqual([]);
  });

  it('answers an English owner in English and a French owner in French: a taken QR label, a bad colour, a bad SIRET', async () => {
    const french = await createSignedInOwner(ctx, { restaurantName: 'Le Port' });
    const english = await englishOwner();
    const answers = async (agent: TestAgent) => {
      expect((await agent.post('/api/qr', { tableLabel: 'Table 1' })).status).toBe(201);
      const taken = await agent.post('/api/qr', { tableLabel: 'Table 1' });
      const colour = await agent.put('/api/settings', { name: 'Le Port', address: '', contactEmail: 'a@example.com', phone: '', brandColor: 'red' });
      const siret = await agent.post('/api/venues', { name: 'Second', address: '1 rue X', siret: '123' });
      const otherSiren = await agent.post('/api/venues', { name: 'Second', address: '1 rue X', siret: '98765432100012' });
      expect([taken.status, colour.status, siret.status, otherSiren.status]).toEqual([409, 400, 400, 400]);
      return Promise.all([taken, colour, siret, otherSiren].map(errorOf));
    };
    expect(await answers(french.agent)).toEqual([QR_MESSAGES.labelTaken, SETTINGS_MESSAGES.brandColorInvalid, SIRET_MESSAGE, VENUE_MESSAGES.siretOtherSiren('123456789')]);
    expect(await answers(english.agent)).toEqual([
      'A QR code with this label already exists',
      'The colour must be in #RRGGBB format, for example #C2410C',
      'The SIRET must be exactly 14 digits',
      'The SIRET must start with your organisation’s SIREN (123456789).',
    ]);
  });

  it('says a venue was added in the owner’s language', async () => {
    const english = await englishOwner();
    const created = await english.agent.post('/api/venues', { name: 'The Second', address: '2 quai Y', siret: '12345678900039' });
    expect(created.status).toBe(201);
    expect((await created.json()).message).toBe('Venue added.');
    const french = await createSignedInOwner(ctx);
    const createdFr = await french.agent.post('/api/venues', { name: 'Le Second', address: '2 quai Y', siret: '12345678900047' });
    expect((await createdFr.json()).message).toBe(VENUE_MESSAGES.created);
  });
});

describe('a UK organisation’s venues (no SIRET, the UK address)', () => {
  it('lists the organisation’s country and adds a venue with its UK address and no SIRET', async () => {
    const owner = await englishOwner('The Crown');
    await makeUk(owner.restaurant.organisationId);
    const list = (await (await owner.agent.get('/api/venues')).json()) as TVenueList;
    expect(list.country).toBe('GB');

    const created = await owner.agent.post('/api/venues', { country: 'GB', name: 'The Crown Soho', addressLine1: '12 Dean Street', addressLine2: '', town: 'London', postcode: 'w1d 3rp' });
    expect(created.status, await created.clone().text()).toBe(201);
    const { venue } = (await created.json()) as { venue: { id: string } };
    const [stored] = await ctx.db.select({ address: restaurants.address, siret: restaurants.siret }).from(restaurants).where(eq(restaurants.id, venue.id));
    expect(stored).toEqual({ address: '12 Dean Street, London, W1D 3RP', siret: null });
    // A second UK venue: no SIRET to collide with the first.
    const second = await owner.agent.post('/api/venues', { country: 'GB', name: 'The Crown Camden', addressLine1: '3 High Street', town: 'London', postcode: 'NW1 7JE' });
    expect(second.status).toBe(201);
  });

  it('refuses a SIRET form for a UK organisation and a UK form for a French one, each with its message', async () => {
    const uk = await englishOwner('The Anchor');
    await makeUk(uk.restaurant.organisationId);
    const withSiret = await uk.agent.post('/api/venues', { name: 'The Anchor Two', address: '1 Quay', siret: '12345678900021' });
    expect(withSiret.status).toBe(400);
    expect(await errorOf(withSiret)).toBe('A venue of a UK organisation has no SIRET: give its UK address.');
    const badPostcode = await uk.agent.post('/api/venues', { country: 'GB', name: 'The Anchor Two', addressLine1: '1 Quay', town: 'Bristol', postcode: '75001' });
    expect(badPostcode.status).toBe(400);
    expect(await errorOf(badPostcode)).toBe('Invalid UK postcode');

    const french = await createSignedInOwner(ctx, { restaurantName: 'L’Ancre' });
    const ukForm = await french.agent.post('/api/venues', { country: 'GB', name: 'L’Ancre Deux', addressLine1: '1 Quay', town: 'Bristol', postcode: 'BS1 4DJ' });
    expect(ukForm.status).toBe(400);
    expect(await errorOf(ukForm)).toBe(SIRET_MESSAGE);
    expect(((await (await french.agent.get('/api/venues')).json()) as TVenueList).country).toBe('FR');
  });

  it('takes a UK phone number in /parametres, and refuses a French one with the UK message', async () => {
    const uk = await englishOwner('The Bell');
    await makeUk(uk.restaurant.organisationId);
    expect(((await (await uk.agent.get('/api/settings')).json()) as { country: string }).country).toBe('GB');
    const body = { name: 'The Bell', address: '1 Bell Lane, Oxford, OX1 1AA', contactEmail: 'bell@example.com', phone: '+44 20 7946 0958' };
    const saved = await uk.agent.put('/api/settings', body);
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect((await saved.json()).phone).toBe('+44 20 7946 0958');
    const french = await uk.agent.put('/api/settings', { ...body, phone: '06 12 34 56 78' });
    expect(french.status).toBe(400);
    expect(await errorOf(french)).toBe('Invalid UK phone number');
    // A French venue keeps the French rule and message.
    const fr = await createSignedInOwner(ctx);
    const ukPhone = await fr.agent.put('/api/settings', { ...body, phone: '+44 20 7946 0958' });
    expect(ukPhone.status).toBe(400);
    expect(await errorOf(ukPhone)).toBe('Numéro de téléphone français invalide');
  });
});
