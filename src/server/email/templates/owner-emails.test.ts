// The account and owner emails an English owner receives (issue #53): every one in English, in the English
// layout, with its links to the English pages; French stays the spec's wording (tests/api/owner-emails-english.test.ts
// reads the sent ones through SMTP).
import { describe, expect, it } from 'vitest';
import { renderSystemEmail } from '../render';
import type { SystemTemplateKey } from '../catalogue';

const env = { PUBLIC_URL: 'https://refeed.test', SUPPORT_EMAIL: 'support@refeed.test' };
const FRENCH_WORDS = /\b(Bonjour|Votre|votre|vous|avis|Merci|équipe|À bientôt|jusqu’au|sur|organisation de)\b/;

const render = (template: SystemTemplateKey, data: Record<string, string | number | null>, ownerLocale: 'fr' | 'en' = 'en') =>
  renderSystemEmail(template, { to: 'oliver@example.co.uk', data, restaurantName: 'The Corner', env, ownerLocale });
const words = (text: string) => text.replace(/\[?https?:\/\/\S+\]?/g, ' ').replace(/\s+/g, ' ');

const CASES: Array<[SystemTemplateKey, Record<string, string | number | null>, string, string]> = [
  ['welcome_onboarding', { first_name: 'Oliver' }, 'Welcome to ReFeed!', 'Our team checks your restaurant’s details, within 24 hours (working days).'],
  ['account_rejected', { first_name: 'Oliver', account_name: 'The Corner', reason: 'Unknown company number.' }, 'Your ReFeed account request has been declined – The Corner', 'Reason for the decision'],
  ['account_suspended', { account_name: 'The Corner', reason: 'Unpaid invoices.' }, 'Your ReFeed account is suspended – The Corner', 'Reason for the suspension'],
  ['account_reactivated', { account_name: 'The Corner' }, 'Your ReFeed account is active again – The Corner', 'Go to my account'],
  ['account_exists', {}, 'Attempt to sign up with your email address', 'An account already exists with this address: no new account was created.'],
  ['quota_warning', { first_name: 'Oliver', organisation_name: 'The Corner', plan: 'essential', plan_name: 'Essentielle', used: 1240, limit: 1500, level: 80, url: 'https://refeed.test/abonnement' }, '80% of your customer email quota (Essential plan)', 'The Corner has sent 80% of the customer emails included in the Essential plan this month (1,240 of 1,500).'],
  ['quota_warning', { organisation_name: 'The Corner', plan: 'pro', used: 1000, limit: 1000, level: 100, url: 'https://refeed.test/abonnement' }, 'Customer email quota reached (Pro plan)', 'emails to customers are no longer sent until next month'],
  ['webhook_endpoint_disabled', { organisation_name: 'The Corner', endpoint_url: 'https://hooks.example.co.uk/refeed', reason: 'gone', url: 'https://refeed.test/developpeurs' }, 'Webhook disabled', 'your server answered “410 Gone”'],
  ['webhook_endpoint_disabled', { organisation_name: 'The Corner', endpoint_url: 'https://hooks.example.co.uk/refeed', reason: 'paused', paused_until: '2026-12-03T10:00:00Z', url: 'https://refeed.test/developpeurs' }, 'Webhook paused', 'We are pausing it until 3 December 2026 at 11:00.'],
  ['billing_payment_failed', { organisation_name: 'The Corner', plan: 'pro', plan_name: 'Pro', amount: '£99.00', url: 'https://refeed.test/abonnement' }, 'The payment for your ReFeed subscription failed', 'The payment of £99.00 for the ReFeed subscription of “The Corner” (Pro plan) did not go through.'],
  ['trial_ending', { organisation_name: 'The Corner', plan: 'pro', plan_name: 'Pro', when: '3d', trial_ends_at: '2026-12-06T10:00:00Z', trial_end: '6 décembre 2026', url: 'https://refeed.test/abonnement' }, 'Your ReFeed free trial ends in 3 days', 'The free trial of the Pro plan for “The Corner” ends in 3 days (on 6 December 2026).'],
];

describe('the owner emails in English', () => {
  it.each(CASES)('%s: English subject, body, layout and links', (template, data, subject, line) => {
    const mail = render(template, data);
    expect(mail.subject).toBe(subject);
    expect(words(mail.text)).toContain(line);
    expect(mail.subject).not.toMatch(FRENCH_WORDS);
    expect(words(mail.text)).not.toMatch(FRENCH_WORDS);
    expect(mail.html).toContain('<html lang="en"');
    expect(words(mail.text)).toContain('ReFeed · customer feedback and loyalty for restaurants');
    for (const [, href] of mail.html.matchAll(/href="(https:\/\/refeed\.test[^"]*)"/g)) expect(href).toMatch(/[?&]lang=en\b/);
  });

  it('the same emails of a French owner keep the French subjects and links', () => {
    for (const [template, data] of CASES) {
      const mail = render(template, data, 'fr');
      expect(mail.html).toContain('<html lang="fr"');
      expect(mail.html).not.toContain('lang=en');
      expect(mail.text).toMatch(/Bonjour/);
    }
    expect(render('quota_warning', CASES[5][1], 'fr').subject).toBe('80 % de votre quota d’emails clients (offre Essentielle)');
    expect(words(render('trial_ending', CASES[10][1], 'fr').text)).toContain('(le 6 décembre 2026)');
  });
});
