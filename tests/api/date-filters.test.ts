import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../src/server/core/api-keys';
import { feedbacks } from '../../src/server/db/schema';
import { PUBLIC_API_MESSAGES } from '../../src/server/features/public-api/public-api.schemas';
import { DAY_OUT_OF_BOUNDS_MESSAGE, INVALID_DAY_MESSAGE } from '../../src/shared/rules/calendar-day';
import { createSignedInOwner } from '../support/factories';
import type { TestAgent, TestContext } from '../support/test-app';
import { createDinerTestContext } from './diner-support';

/**
 * The fuzzer's date family (issue 50): far, malformed and edge days sent to every date filter of the
 * owner API and of the public API. A day that is not one answers 4xx with a French message (problem+json
 * on /api/v1), never 5xx; the bounds themselves (2000-01-01, 2100-12-31) and real days answer 200.
 */
let ctx: TestContext;
let owner: TestAgent;
let venueId: string;
let secret: string;
beforeAll(async () => {
  ctx = await createDinerTestContext();
  const signedIn = await createSignedInOwner(ctx);
  owner = signedIn.agent;
  venueId = signedIn.restaurant.id;
  await ctx.db.insert(feedbacks).values([
    { restaurantId: venueId, rating: 5, createdAt: new Date('2000-01-01T10:00:00Z') },
    { restaurantId: venueId, rating: 4, createdAt: new Date('2100-12-31T10:00:00Z') },
    { restaurantId: venueId, rating: 2, createdAt: new Date('2024-02-29T10:00:00Z') },
  ]);
  secret = (await createApiKey(ctx.db, { organisationId: signedIn.restaurant.organisationId, name: 'Fuzz', access: 'read', venueIds: null, personalData: false, createdBy: null })).secret;
});
afterAll(async () => {
  await ctx.close();
});

/** Days that are not days of a filter, and what each is. */
const NOT_DAYS: Array<[string, 'invalid' | 'bounds']> = [
  ['0000-01-01', 'bounds'],
  ['0001-01-01', 'bounds'],
  ['1999-12-31', 'bounds'],
  ['2101-01-01', 'bounds'],
  ['9999-12-31', 'bounds'],
  ['10000-01-01', 'invalid'],
  ['275760-09-14', 'invalid'],
  ['-0001-01-01', 'invalid'],
  ['-2024-01-01', 'invalid'],
  ['+2024-01-01', 'invalid'],
  ['2024-02-30', 'invalid'],
  ['2023-02-29', 'invalid'],
  ['2100-02-29', 'invalid'],
  ['2024-13-01', 'invalid'],
  ['2024-00-10', 'invalid'],
  ['2024-04-31', 'invalid'],
  ['2024-01-00', 'invalid'],
  ['', 'invalid'],
  [' ', 'invalid'],
  ['2024-1-1', 'invalid'],
  ['24-01-01', 'invalid'],
  ['01/02/2024', 'invalid'],
  ['2024/01/01', 'invalid'],
  ['20240101', 'invalid'],
  ['2024-01-01T00:00:00Z', 'invalid'],
  ['2024-01-01T23:59:59.999+01:00', 'invalid'],
  ['2024-01-01 ', 'invalid'],
  ['٢٠٢٤-٠١-٠١', 'invalid'],
  ['2024-W01', 'invalid'],
  ['null', 'invalid'],
  ['NaN', 'invalid'],
  ['1e308', 'invalid'],
  ['9'.repeat(400), 'invalid'],
  ['2024-01-01'.repeat(300), 'invalid'],
];
/** Real days inside the bounds. */
const DAYS = ['2000-01-01', '2024-02-29', '2026-11-30', '2100-12-31'];

type Route = { name: string; send: (query: string) => Promise<Response>; problem: boolean; custom: boolean };
const ROUTES: Route[] = [
  { name: 'GET /api/inbox', send: (query) => owner.get(`/api/inbox?${query}`), problem: false, custom: true },
  { name: 'GET /api/venues/synthesis', send: (query) => owner.get(`/api/venues/synthesis?${query}`), problem: false, custom: true },
  { name: 'GET /api/venues/synthesis.csv', send: (query) => owner.get(`/api/venues/synthesis.csv?${query}`), problem: false, custom: true },
  { name: 'GET /api/v1/venues/{id}/feedbacks', send: (query) => publicCall(`/venues/${venueId}/feedbacks?${query}`), problem: true, custom: true },
  { name: 'GET /api/v1/venues/{id}/visits', send: (query) => publicCall(`/venues/${venueId}/visits?${query}`), problem: true, custom: false },
];
async function publicCall(path: string): Promise<Response> {
  return ctx.app.request(`http://localhost:3000/api/v1${path}`, { headers: { authorization: `Bearer ${secret}` } });
}

const param = (name: string, value: string) => `${name}=${encodeURIComponent(value)}`;

describe('date filters (issue 50)', () => {
  it('answers 400 with a French message to far, malformed and edge days on every date filter, never 5xx; 200 to the real days', async () => {
    const failures: string[] = [];
    let sent = 0;
    let serverErrors = 0;
    const check = async (route: Route, query: string, expected: 'ok' | 'invalid' | 'bounds' | 'client-error') => {
      const full = route.custom ? `period=custom&${query}` : query;
      const response = await route.send(full);
      sent++;
      if (response.status >= 500) serverErrors++;
      const text = await response.text();
      const where = `${route.name}?${full.slice(0, 80)} → ${response.status} ${text.slice(0, 100)}`;
      if (expected === 'ok') {
        if (response.status !== 200) failures.push(where);
        return;
      }
      if (response.status < 400 || response.status >= 500) return void failures.push(where);
      if (expected === 'client-error') return;
      if (response.status !== 400) return void failures.push(where);
      const message = expected === 'invalid' ? (route.problem ? PUBLIC_API_MESSAGES.invalidDate : INVALID_DAY_MESSAGE) : DAY_OUT_OF_BOUNDS_MESSAGE;
      if (route.problem && !response.headers.get('content-type')?.startsWith('application/problem+json')) failures.push(`${where} (not problem+json)`);
      if (!text.includes(JSON.stringify(message).slice(1, -1))) failures.push(`${where} (message)`);
    };

    for (const route of ROUTES) {
      for (const [value, kind] of NOT_DAYS) {
        await check(route, param('from', value), route.name.includes('synthesis') ? 'client-error' : kind);
        await check(route, param('to', value), route.name.includes('synthesis') ? 'client-error' : kind);
        await check(route, `${param('from', value)}&to=2026-11-30`, kind);
        await check(route, `from=2026-11-01&${param('to', value)}`, kind);
      }
      // A day twice (an array), and a range the wrong way round.
      await check(route, 'from=2026-11-01&from=2026-11-02&to=2026-11-30', 'client-error');
      await check(route, 'from=2026-11-30&to=2026-11-01', 'client-error');
      // The real days: each alone as a one-day range, and the bounds themselves.
      for (const day of DAYS) await check(route, `${param('from', day)}&${param('to', day)}`, 'ok');
    }
    // One-sided real days where the filter allows them (the visits default to 30 days, the synthesis wants both).
    for (const route of ROUTES.filter((r) => r.name.includes('inbox') || r.name.includes('feedbacks'))) {
      for (const day of DAYS) {
        await check(route, param('from', day), 'ok');
        await check(route, param('to', day), 'ok');
      }
      await check(route, 'from=2000-01-01&to=2100-12-31', 'ok');
    }
    await check(ROUTES[4], 'to=2100-12-31', 'ok');
    await check(ROUTES[4], 'to=2000-01-01', 'ok');

    // The bounds' own reviews are found by the one-day filters (the Paris day of each).
    const first = await owner.get('/api/inbox?period=custom&from=2000-01-01&to=2000-01-01');
    expect((await first.json()).items).toHaveLength(1);
    const last = await publicCall(`/venues/${venueId}/feedbacks?period=custom&from=2100-12-31&to=2100-12-31`);
    expect((await last.json()).data).toHaveLength(1);

    console.info(`date fuzz: ${sent} requests, ${serverErrors} answered 5xx`);
    expect(failures).toEqual([]);
    expect(serverErrors).toBe(0);
    expect(sent).toBeGreaterThan(700);
  }, 300_000);
});
