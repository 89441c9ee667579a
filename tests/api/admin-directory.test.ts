import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInAdmin } from '../support/factories';
import { createTestContext, type TestAgent, type TestContext } from '../support/test-app';

let ctx: TestContext;
let agent: TestAgent;

beforeAll(async () => {
  ctx = await createTestContext();
  ({ agent } = await createSignedInAdmin(ctx));
  // 10,000 organisations in one multi-row insert: a quarter of each status (the platform's approval is the
  // organisation's, decision 055), distinct names and SIRENs, each with one venue whose id is derived from n.
  await ctx.db.execute(sql`
    insert into organisations (id, name, siren, status, created_at)
    select md5('org' || n)::uuid, 'Restaurant ' || n, lpad(n::text, 9, '0'), (array['pending', 'approved', 'rejected', 'suspended'])[1 + n % 4],
           timestamptz '2025-01-01 00:00:00+00' + n * interval '1 minute'
    from generate_series(1, 10000) as n`);
  await ctx.db.execute(sql`
    insert into restaurants (organisation_id, name, contact_email, legal_name, siret, email_verified, created_at)
    select md5('org' || n)::uuid, 'Restaurant ' || n, 'contact' || n || '@resto.fr', 'SAS Resto ' || n, lpad(n::text, 9, '0'), true,
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

describe('the directory with 10,000 organisations', () => {
  it('returns the first page, newest first, with the total, quickly', async () => {
    const { body, elapsed } = await timed('/api/admin/organisations');
    expect(body.total).toBe(10000);
    expect(body.items).toHaveLength(25);
    expect(body.items[0].name).toBe('Restaurant 10000');
    expect(elapsed).toBeLessThan(2000);
  });

  it('returns a deep page', async () => {
    const { body } = await timed('/api/admin/organisations?limit=25&offset=9975');
    expect(body.items).toHaveLength(25);
    expect(body.items.at(-1).name).toBe('Restaurant 1');
  });

  it('searches and filters on the server, quickly', async () => {
    const byName = await timed('/api/admin/organisations?q=restaurant%207777');
    expect(byName.body.items.map((i: { name: string }) => i.name)).toEqual(['Restaurant 7777']);
    expect(byName.elapsed).toBeLessThan(2000);
    const bySiret = await timed('/api/admin/organisations?q=000004242');
    expect(bySiret.body.items.map((i: { siren: string }) => i.siren)).toEqual(['000004242']);
    const byEmail = await timed('/api/admin/organisations?q=CONTACT123%40');
    expect(byEmail.body.total).toBe(1);
    const pending = await timed('/api/admin/organisations?status=pending&q=sas%20resto');
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
