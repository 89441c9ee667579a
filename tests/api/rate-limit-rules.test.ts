import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_RATE_LIMITED_MESSAGE, API_UNKNOWN_KEY_LIMITED_MESSAGE, RATE_LIMIT_RULES } from '../../src/server/lib/limits/rate-limit-rules';
import { RATE_LIMITED_MESSAGE, type RateLimitRule } from '../../src/server/lib/limits/rate-limit';
import { AUTOMATION_MESSAGES, EDITOR_IMAGE_MESSAGES } from '../../src/shared/schemas/automations';
import { COUNTER_MESSAGES } from '../../src/shared/schemas/counter';
import { INBOX_MESSAGES } from '../../src/shared/schemas/inbox';
import { createSignedInOwner } from '../support/factories';
import { createTestContext, type TestContext } from '../support/test-app';

// The one rule table (decision 034): every limit of the server is a line of it, and SECURITY.md lists it.
const everyRule: RateLimitRule[] = [
  ...Object.values(RATE_LIMIT_RULES.auth),
  ...Object.values(RATE_LIMIT_RULES.diner).flat(),
  ...Object.values(RATE_LIMIT_RULES.owner),
  ...Object.values(RATE_LIMIT_RULES.api),
];

describe('the rate-limit rule table', () => {
  it('names each rule once (a name is its counter), with a French message', () => {
    expect(new Set(everyRule.map((rule) => rule.name)).size).toBe(everyRule.length);
    for (const rule of everyRule) expect([RATE_LIMITED_MESSAGE, AUTOMATION_MESSAGES.savesLimited, EDITOR_IMAGE_MESSAGES.uploadsLimited, INBOX_MESSAGES.replyRateLimited, API_RATE_LIMITED_MESSAGE, API_UNKNOWN_KEY_LIMITED_MESSAGE, COUNTER_MESSAGES.lookupsLimited]).toContain(rule.message);
  });

  it('is the table SECURITY.md shows, line for line', () => {
    const documented = readFileSync('SECURITY.md', 'utf8');
    const rows = [...documented.matchAll(/^ {2}\| `([^`]+)` \| (\w+) \| (\d+) \| (\d+) min \|$/gm)].map(([, name, per, limit, minutes]) => ({
      name,
      per,
      limit: Number(limit),
      windowSeconds: Number(minutes) * 60,
    }));
    expect(rows).toEqual(everyRule.map(({ name, per, limit, windowSeconds }) => ({ name, per, limit, windowSeconds })));
  });
});

describe('a refused owner action', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ rateLimits: { owner: { securityChecks: { ...RATE_LIMIT_RULES.owner.securityChecks, limit: 0 } } } });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('answers 429 with its rule\'s French message and Retry-After (set by the app, not the route)', async () => {
    const { agent } = await createSignedInOwner(ctx);
    const refused = await agent.post('/api/security/check', {});
    expect(refused.status).toBe(429);
    expect((await refused.json()).error).toEqual({ code: 'RATE_LIMITED', message: RATE_LIMITED_MESSAGE });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(RATE_LIMIT_RULES.owner.securityChecks.windowSeconds);
  });
});
