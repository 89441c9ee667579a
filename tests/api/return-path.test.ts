import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInOwner } from '../support/factories';
import { createTestContext, findLinkInMail, TEST_PUBLIC_URL, type TestContext } from '../support/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const REVIEW = '/avis?feedback=0b7c6c1e-5a3e-4b8f-9d2a-1f2e3d4c5b6a';

describe('the return path survives the sign-in (an alert’s link opens the review)', () => {
  it('the magic link leads to the page asked for, signed in', async () => {
    const { owner } = await createSignedInOwner(ctx);
    const agent = ctx.agent();
    const asked = await agent.post('/api/auth/sign-in/magic-link', { email: owner.email, callbackURL: REVIEW, newUserCallbackURL: '/onboarding', errorCallbackURL: '/login' });
    expect(asked.status).toBe(200);
    const mail = await ctx.waitForMail((m) => m.toEmail === owner.email && m.html.includes('/api/auth/magic-link/verify'));
    const opened = await agent.get(findLinkInMail(mail.html, '/api/auth/magic-link/verify'));
    expect(opened.status).toBe(302);
    expect(new URL(opened.headers.get('location')!, TEST_PUBLIC_URL).toString()).toBe(`${TEST_PUBLIC_URL}${REVIEW}`);
    expect((await agent.get('/api/me')).status).toBe(200);
  });

  it('the magic link refuses another origin as its destination', async () => {
    const { owner } = await createSignedInOwner(ctx);
    for (const callbackURL of ['//evil.example', 'https://evil.example/avis', '//evil.example/%2e%2e']) {
      const asked = await ctx.agent().post('/api/auth/sign-in/magic-link', { email: owner.email, callbackURL });
      expect(asked.status, callbackURL).toBe(403);
      expect(((await asked.json()) as { message: string }).message).toBe('Adresse de redirection non autorisée.');
    }
    // Nor can a magic link's own address be edited to lead elsewhere.
    const edited = await ctx.agent().get('/api/auth/magic-link/verify?token=abc&callbackURL=%2F%2Fevil.example');
    expect(edited.status).toBe(403);
    expect(edited.headers.get('location')).toBeNull();
  });

  it('the confirmation link carries a same-origin return path to the confirmation page, and drops any other', async () => {
    const forwarded = await ctx.agent().get(`/api/auth/verify-email?token=abc&callbackURL=${encodeURIComponent(REVIEW)}`);
    expect(forwarded.status).toBe(302);
    expect(forwarded.headers.get('location')).toBe(`/confirm-email?token=abc&next=${encodeURIComponent(REVIEW)}`);
    for (const callbackURL of ['//evil.example', 'https://evil.example/avis', '/\\evil.example', '/dashboard']) {
      const response = await ctx.agent().get(`/api/auth/verify-email?token=abc&callbackURL=${encodeURIComponent(callbackURL)}`);
      expect(response.headers.get('location'), callbackURL).toBe('/confirm-email?token=abc');
    }
  });
});
