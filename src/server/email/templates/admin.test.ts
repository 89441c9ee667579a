import { describe, expect, it } from 'vitest';
import { renderAccountEmail, type AccountEmailTemplate } from './admin';

const BASE = { to: 'chef@exemple.fr', restaurantName: 'Chez <Zoé>', firstName: 'Zoé', publicUrl: 'https://app.refeed.fr', supportEmail: 'support@refeed.fr' };

describe('account decision emails', () => {
  it.each<[AccountEmailTemplate, string]>([
    ['account_approved', 'validé'],
    ['account_rejected', 'refusée'],
    ['account_suspended', 'suspendu'],
    ['account_reactivated', 'réactivé'],
  ])('%s has a French subject naming the restaurant', (template, word) => {
    const mail = renderAccountEmail(template, { ...BASE, reason: 'Motif suffisamment long' });
    expect(mail.to).toBe('chef@exemple.fr');
    expect(mail.subject).toContain(word);
    expect(mail.subject).toContain('Chez <Zoé>');
    expect(mail.html).toContain('Bonjour Zoé,');
    expect(mail.html).toContain('Chez &lt;Zoé&gt;');
    expect(mail.html).not.toContain('<Zoé>');
  });

  it('carries the escaped reason in refusal and suspension emails, and the login link in the others', () => {
    const reason = 'SIREN <b>inconnu</b> & non vérifiable';
    for (const template of ['account_rejected', 'account_suspended'] as const) {
      const mail = renderAccountEmail(template, { ...BASE, reason });
      expect(mail.html).toContain('SIREN &lt;b&gt;inconnu&lt;/b&gt; &amp; non vérifiable');
      expect(mail.html).toContain('mailto:support@refeed.fr');
    }
    for (const template of ['account_approved', 'account_reactivated'] as const) {
      expect(renderAccountEmail(template, BASE).html).toContain('href="https://app.refeed.fr/login"');
    }
  });

  it('keeps the lines of a reason apart without pre-line (Outlook), and closes with the team’s sign-off', () => {
    const mail = renderAccountEmail('account_rejected', { ...BASE, reason: 'SIREN inconnu.\nKbis illisible.' });
    expect(mail.html).toContain('SIREN inconnu.<br>Kbis illisible.');
    expect(mail.html).not.toContain('pre-line');
    expect(mail.html).toContain('À bientôt,<br>L’équipe ReFeed');
    // The text part is made from the whole email (render.ts): no hand-written shorter one.
    expect(mail.text).toBeUndefined();
  });

  it('greets without a name when the first name is unknown', () => {
    expect(renderAccountEmail('account_approved', { ...BASE, firstName: null }).html).toContain('<p>Bonjour,</p>');
  });
});
