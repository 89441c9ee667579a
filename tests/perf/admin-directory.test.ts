// The admin directory answers quickly with 10,000 organisations (the timing half of
// tests/api/admin-directory.test.ts, which checks what the pages hold; issue 51: wall-clock budgets live in
// tests/perf only). The first page, a search by name and a filtered search, each under DIRECTORY_LIMIT_MS.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDirectory } from '../support/admin-directory';
import { createSignedInAdmin } from '../support/factories';
import { createTestContext, type TestAgent, type TestContext } from '../support/test-app';

/** A directory read's budget on this 2-core machine, loaded. */
const DIRECTORY_LIMIT_MS = 2_000;

let ctx: TestContext;
let agent: TestAgent;
beforeAll(async () => {
  ctx = await createTestContext({ startWorkers: false });
  ({ agent } = await createSignedInAdmin(ctx));
  await seedDirectory(ctx);
});
afterAll(async () => {
  await ctx.close();
});

describe('the admin directory with 10,000 organisations', () => {
  it.each([
    ['the first page', '/api/admin/organisations', 10_000],
    ['a search by name', '/api/admin/organisations?q=restaurant%207777', 1],
    ['a status filter with a search', '/api/admin/organisations?status=pending&q=sas%20resto', 2_500],
  ])(`answers %s within ${DIRECTORY_LIMIT_MS} ms`, async (_, path, total) => {
    const started = performance.now();
    const response = await agent.get(path);
    const elapsed = performance.now() - started;
    expect(response.status).toBe(200);
    expect(((await response.json()) as { total: number }).total).toBe(total);
    console.info(`admin directory, ${path}: ${elapsed.toFixed(0)} ms`);
    expect(elapsed).toBeLessThan(DIRECTORY_LIMIT_MS);
  });
});
