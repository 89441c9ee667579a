import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInAdmin } from '../support/factories';
import { createTestContext, type TestAgent, type TestContext } from '../support/test-app';

let ctx: TestContext;
let agent: TestAgent;

beforeAll(async () => {
  ctx = await createTestContext();
  ({ agent } = await createSignedInAdmin(ctx));
  // 10,000 restaurants in one multi-row insert: a quarter of each status, distinct names and SIRETs.
  // Each in an organisation of its own (decision 051), its id derived from n so the venues can name it.
  await ctx.db.execute(sql`
    insert into organisations (id, name, siren)
    select md5('org' || n)::uuid, 'SAS Resto ' || n, lpad(n::text, 9, '0') from generate_series(1, 10000) as n`);
  await ctx.db.execute(sql`
    insert into restaurants (organisation_id, name, contact_email, legal_name, siret, status, email_verified, created_at)
    select md5('org' || n)::uuid, 'Restaurant ' || n, 'contact' || n || '@resto.fr', 'SAS Resto ' || n, lpad(n::text, 9, '0'),
           (array['pending', 'approved', 'rejected', 'suspended'])[1 + n % 4], true,
           timestamptz '2025-01-01 00:00:00+00' + n * interval '1 minute'
    from generate_series(1, 10000) as n`);
});
afterAll(async () => {
  await ctx.close();
});

async function timed(path: string) {
  const started = performance.now();
  const response = await agent.get(path);
  const elapsed = performance.now() - started;
  expect(response.status).toBe(200);
  return { body: await response.json(), elapsed };
}

describe('the directory with 10,000 restaurants', () => {
  it('returns the first page, newest first, with the total, quickly', async () => {
    const { body, elapsed } = await timed('/api/admin/restaurants');
    expect(body.total).toBe(10000);
    expect(body.items).toHaveLength(25);
    expect(body.items[0].name).toBe('Restaurant 10000');
    expect(elapsed).toBeLessThan(2000);
  });

  it('returns a deep page', async () => {
    const { body } = await timed('/api/admin/restaurants?limit=25&offset=9975');
    expect(body.items).toHaveLength(25);
    expect(body.items.at(-1).name).toBe('Restaurant 1');
  });

  it('searches and filters on the server, quickly', async () => {
    const byName = await timed('/api/admin/restaurants?q=restaurant%207777');
    expect(byName.body.items.map((i: { name: string }) => i.name)).toEqual(['Restaurant 7777']);
    expect(byName.elapsed).toBeLessThan(2000);
    const bySiret = await timed('/api/admin/restaurants?q=000004242');
    expect(bySiret.body.items.map((i: { siret: string }) => i.siret)).toEqual(['000004242']);
    const byEmail = await timed('/api/admin/restaurants?q=CONTACT123%40');
    expect(byEmail.body.total).toBe(1);
    const pending = await timed('/api/admin/restaurants?status=pending&q=sas%20resto');
    expect(pending.body.total).toBe(2500);
    expect(pending.body.items.every((i: { status: string }) => i.status === 'pending')).toBe(true);
    expect(pending.elapsed).toBeLessThan(2000);
  });

  it('counts statuses on the overview', async () => {
    const { body } = await timed('/api/admin/overview');
    expect(body.counts).toEqual({ pending: 2500, approved: 2500, rejected: 2500, suspended: 2500 });
    expect(body.pending[0].name).toBe('Restaurant 4');
  });
});
