import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDirectory } from '../support/admin-directory';
import { createSignedInAdmin } from '../support/factories';
import { createTestContext, type TestAgent, type TestContext } from '../support/test-app';

let ctx: TestContext;
let agent: TestAgent;

beforeAll(async () => {
  ctx = await createTestContext();
  ({ agent } = await createSignedInAdmin(ctx));
  await seedDirectory(ctx);
});
afterAll(async () => {
  await ctx.close();
});

// How fast these answers come is a budget of tests/perf/admin-directory.test.ts (wall-clock budgets live in tests/perf only).
async function read(path: string) {
  const response = await agent.get(path);
  expect(response.status).toBe(200);
  return { body: await response.json() };
}

describe('the directory with 10,000 organisations', () => {
  it('returns the first page, newest first, with the total', async () => {
    const { body } = await read('/api/admin/organisations');
    expect(body.total).toBe(10000);
    expect(body.items).toHaveLength(25);
    expect(body.items[0].name).toBe('Restaurant 10000');
  });

  it('returns a deep page', async () => {
    const { body } = await read('/api/admin/organisations?limit=25&offset=9975');
    expect(body.items).toHaveLength(25);
    expect(body.items.at(-1).name).toBe('Restaurant 1');
  });

  it('searches and filters on the server', async () => {
    const byName = await read('/api/admin/organisations?q=restaurant%207777');
    expect(byName.body.items.map((i: { name: string }) => i.name)).toEqual(['Restaurant 7777']);
    const bySiret = await read('/api/admin/organisations?q=000004242');
    expect(bySiret.body.items.map((i: { siren: string }) => i.siren)).toEqual(['000004242']);
    const byEmail = await read('/api/admin/organisations?q=CONTACT123%40');
    expect(byEmail.body.total).toBe(1);
    const pending = await read('/api/admin/organisations?status=pending&q=sas%20resto');
    expect(pending.body.total).toBe(2500);
    expect(pending.body.items.every((i: { status: string }) => i.status === 'pending')).toBe(true);
  });

  it('counts statuses on the overview', async () => {
    const { body } = await read('/api/admin/overview');
    expect(body.counts).toEqual({ pending: 2500, approved: 2500, rejected: 2500, suspended: 2500 });
    expect(body.pending[0].name).toBe('Restaurant 4');
  });
});
