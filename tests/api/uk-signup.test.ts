import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organisations, restaurants, user } from '../../src/server/db/schema';
import { SIGNUP_MESSAGES } from '../../src/shared/schemas/accounts';
import { createSignedInAdmin, signIn, uniqueEmail } from '../support/factories';
import { createTestContext, findLinkInMail, TEST_PUBLIC_URL, type TestAgent, type TestContext } from '../support/test-app';

let ctx: TestContext;
let admin: TestAgent;
beforeAll(async () => {
  ctx = await createTestContext();
  ({ agent: admin } = await createSignedInAdmin(ctx));
});
afterAll(async () => {
  await ctx.close();
});

const PASSWORD = 'A-solid-password-42';

function ukBody(overrides: Record<string, unknown> = {}) {
  return {
    country: 'GB',
    restaurantName: 'The Crown & Anchor',
    companyNumber: 'sc 123456',
    addressLine1: '12 Borough High Street',
    addressLine2: 'Unit 3',
    town: 'London',
    postcode: 'se1 1ld',
    firstName: 'Oliver',
    lastName: 'Bennett',
    email: uniqueEmail('uk'),
    phone: '+44 7700 900123',
    password: PASSWORD,
    passwordConfirmation: PASSWORD,
    acceptTerms: true,
    ...overrides,
  };
}

/** Opens the emailed confirmation link and confirms with the sign-up password, as /confirm-email does. */
async function confirmFromMail(email: string) {
  const mail = await ctx.waitForMail((m) => m.toEmail === email && m.subject === 'Confirmez votre adresse email');
  const agent = ctx.agent();
  const opened = await agent.get(findLinkInMail(mail.html, '/api/auth/verify-email'));
  const page = new URL(opened.headers.get('location')!, TEST_PUBLIC_URL);
  expect(page.pathname).toBe('/confirm-email');
  const confirmed = await agent.post('/api/confirm-email', { token: page.searchParams.get('token'), password: PASSWORD });
  expect(confirmed.status).toBe(200);
}

async function organisationOf(restaurantId: string) {
  const [venue] = await ctx.db.select().from(restaurants).where(eq(restaurants.id, restaurantId));
  const [organisation] = await ctx.db.select().from(organisations).where(eq(organisations.id, venue.organisationId));
  return { venue, organisation };
}

describe('a UK business signs up (issue #53)', () => {
  it('a company: Companies House number and UK address stored, confirmed by email, approved by an administrator, then in', async () => {
    const body = ukBody();
    const response = await ctx.agent().post('/api/signup', body);
    expect(response.status).toBe(201);
    const { restaurantId } = await response.json();
    const { venue, organisation } = await organisationOf(restaurantId);
    expect(organisation).toMatchObject({ name: 'The Crown & Anchor', country: 'GB', companyNumber: 'SC123456', siren: null, status: 'pending' });
    expect(venue).toMatchObject({ siret: null, legalName: null, phone: '+44 7700 900123', address: '12 Borough High Street, Unit 3, London, SE1 1LD', ownerFirstName: 'Oliver' });

    await confirmFromMail(body.email);
    const owner = await signIn(ctx, body.email, PASSWORD);
    expect((await (await owner.get('/api/me')).json()).gate).toBe('pending');

    // The administrator sees the country and the number, and approves as for a French organisation.
    const detail = await (await admin.get(`/api/admin/organisations/${organisation.id}`)).json();
    expect(detail.organisation).toMatchObject({ country: 'GB', companyNumber: 'SC123456', siren: null });
    expect(detail.venues[0]).toMatchObject({ address: '12 Borough High Street, Unit 3, London, SE1 1LD', phone: '+44 7700 900123' });
    expect((await admin.post(`/api/admin/organisations/${organisation.id}/approve`, {})).status).toBe(200);
    await ctx.waitForMail((m) => m.toEmail === body.email && m.subject.startsWith('Votre compte ReFeed est validé'));
    const me = await (await owner.get('/api/me')).json();
    expect(me.gate).toBe('approved');
    expect((await owner.get('/api/owner/restaurant')).status).toBe(200);
  });

  it('a sole trader without a number: no company number, the trading name kept as the legal name', async () => {
    const body = ukBody({ companyNumber: '', soleTrader: true, tradingName: '  Bennett Catering ', phone: '020 7946 0958', addressLine2: '' });
    const response = await ctx.agent().post('/api/signup', body);
    expect(response.status).toBe(201);
    const { venue, organisation } = await organisationOf((await response.json()).restaurantId);
    expect(organisation).toMatchObject({ country: 'GB', companyNumber: null, siren: null });
    expect(venue).toMatchObject({ legalName: 'Bennett Catering', phone: '020 7946 0958', address: '12 Borough High Street, London, SE1 1LD' });
  });

  it('refuses what is not a UK business with the first field’s message, and creates nothing', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ companyNumber: '552100554' }, SIGNUP_MESSAGES.fr.companyNumber],
      [{ companyNumber: '1234567' }, SIGNUP_MESSAGES.fr.companyNumber],
      [{ companyNumber: '', soleTrader: true }, SIGNUP_MESSAGES.fr.tradingNameShort],
      [{ postcode: '75001' }, SIGNUP_MESSAGES.fr.postcode],
      [{ town: '' }, SIGNUP_MESSAGES.fr.townShort],
      [{ phone: '06 12 34 56 78' }, SIGNUP_MESSAGES.fr.ukPhone],
      [{ phone: '+44 7700 9001' }, SIGNUP_MESSAGES.fr.ukPhone],
      [{ country: 'US' }, 'Pays invalide'],
    ];
    for (const [overrides, message] of cases) {
      const body = ukBody(overrides);
      const response = await ctx.agent().post('/api/signup', body);
      expect(response.status, JSON.stringify(overrides)).toBe(400);
      expect((await response.json()).error.message).toBe(message);
      expect(await ctx.db.select().from(user).where(eq(user.email, body.email))).toEqual([]);
    }
  });

  it('a French sign-up without a country is French as before: SIREN and French phone, country FR', async () => {
    const french = {
      restaurantName: 'Le Petit Zinc',
      siren: '552100554',
      firstName: 'Camille',
      lastName: 'Durand',
      email: uniqueEmail('fr'),
      phone: '06 12 34 56 78',
      password: PASSWORD,
      passwordConfirmation: PASSWORD,
      acceptTerms: true,
    };
    const response = await ctx.agent().post('/api/signup', french);
    expect(response.status).toBe(201);
    const { venue, organisation } = await organisationOf((await response.json()).restaurantId);
    expect(organisation).toMatchObject({ country: 'FR', siren: '552100554', companyNumber: null });
    expect(venue).toMatchObject({ siret: '552100554', address: null });
    // A Companies House number or a UK phone is no French identity.
    const refused = await ctx.agent().post('/api/signup', { ...french, email: uniqueEmail('fr'), siren: 'SC123456' });
    expect((await refused.json()).error.message).toBe('Le SIREN doit contenir exactement 9 chiffres');
    const ukPhone = await ctx.agent().post('/api/signup', { ...french, email: uniqueEmail('fr'), phone: '+44 7700 900123' });
    expect((await ukPhone.json()).error.message).toBe('Numéro de téléphone français invalide');
  });
});

describe('the admin directory by country', () => {
  it('shows each organisation’s country and filters by it; a Companies House number is searchable', async () => {
    const gb = await ctx.agent().post('/api/signup', ukBody({ restaurantName: 'Filter Arms', companyNumber: 'NI654321' }));
    const fr = await ctx.agent().post('/api/signup', {
      ...ukBody({ restaurantName: 'Filtre Bistrot' }),
      country: 'FR',
      siren: '123456789',
      phone: '0612345678',
    });
    expect([gb.status, fr.status]).toEqual([201, 201]);
    const names = async (query: string) => {
      const response = await admin.get(`/api/admin/organisations?${query}`);
      expect(response.status).toBe(200);
      const page = await response.json();
      return page.items.map((item: { name: string; country: string }) => `${item.name}:${item.country}`);
    };
    expect(await names('q=filt')).toEqual(['Filtre Bistrot:FR', 'Filter Arms:GB']);
    expect(await names('q=filt&country=GB')).toEqual(['Filter Arms:GB']);
    expect(await names('q=filt&country=FR')).toEqual(['Filtre Bistrot:FR']);
    expect(await names('q=filt&country=all')).toEqual(['Filtre Bistrot:FR', 'Filter Arms:GB']);
    // An unknown country reads as every country, as an unknown status does.
    expect(await names('q=filt&country=XX')).toEqual(['Filtre Bistrot:FR', 'Filter Arms:GB']);
    expect(await names('q=ni%20654321')).toEqual(['Filter Arms:GB']);
    const all = await (await admin.get('/api/admin/organisations?country=GB&limit=100')).json();
    expect(all.items.length).toBeGreaterThan(0);
    for (const item of all.items) expect(item.country).toBe('GB');
    const [listed] = (await (await admin.get('/api/admin/organisations?q=filter%20arms')).json()).items;
    expect(listed).toMatchObject({ country: 'GB', companyNumber: 'NI654321', siren: null });
  });
});
