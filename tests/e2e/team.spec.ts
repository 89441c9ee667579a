import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { describe, expect, inject, it } from 'vitest';
import { createApprovedRestaurant, signInPage } from './support/accounts';
import { DESKTOP, PHONE, saveScreenshot, useBrowser, waitForToastsGone } from './support/browser';
import { linkIn, waitForMail } from './support/mailbox';
import { followOwnerMenu } from './support/owner-pages';

const browser = useBrowser();
const baseUrl = inject('baseUrl');
const admin = inject('e2eAdmin');

describe('/equipe and /invitation', () => {
  for (const [name, viewport] of [['a phone', PHONE], ['a desktop', DESKTOP]] as const) {
    it(`the owner invites a waiter who accepts in another browser, lands on the counter and cannot open the customers, on ${name}`, { timeout: 240_000 }, async () => {
      const account = await createApprovedRestaurant(browser, baseUrl, admin, 'Le Bouchon Équipe');
      const page = await signInPage(browser, baseUrl, viewport, account);
      await page.goto(`${baseUrl}/dashboard`);
      await followOwnerMenu(page, 'Équipe');
      await page.getByRole('heading', { level: 1, name: 'Équipe', exact: true }).waitFor();
      await page.getByRole('heading', { name: 'Membres (1)' }).waitFor();
      await page.getByText('Aucune invitation en attente.').waitFor();

      const waiter = `serveur-${randomBytes(4).toString('hex')}@example.fr`;
      await page.getByLabel('Email').fill(waiter);
      await page.getByLabel('Rôle').selectOption('staff');
      await page.getByRole('button', { name: 'Envoyer l’invitation' }).click();
      await page.getByText('Invitation envoyée').waitFor();
      const invitation = page.getByTestId('team-invitation');
      await invitation.getByText(waiter).waitFor();
      await expect.poll(() => invitation.textContent()).toMatch(/Expire le \d{1,2} [a-zéû]+ \d{4}/);

      await page.waitForLoadState('networkidle');
      await waitForToastsGone(page);
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
      expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes[0]?.html}`)).toEqual([]);
      await saveScreenshot(page, `team-${viewport.width}`);

      // The waiter, in a browser of their own, follows the emailed link and signs up with the fixed address.
      const mail = await waitForMail(baseUrl, waiter, (received) => received.subject.includes('vous invite à rejoindre Le Bouchon Équipe'));
      const link = linkIn(mail, '/invitation?token=');
      const waiterPage = await browser.newPage(viewport);
      await waiterPage.goto(link);
      await waiterPage.getByRole('heading', { name: 'Rejoindre Le Bouchon Équipe' }).waitFor();
      expect(await waiterPage.getByLabel('Email').inputValue()).toBe(waiter);
      expect(await waiterPage.getByLabel('Email').getAttribute('readonly')).not.toBeNull();
      await saveScreenshot(waiterPage, `invitation-${viewport.width}`);
      await waiterPage.getByLabel('Prénom et nom').fill('Sam Serveur');
      await waiterPage.getByLabel('Mot de passe', { exact: true }).fill('Serveur-e2e-Motdepasse-42!');
      await waiterPage.getByRole('button', { name: 'Créer mon compte et rejoindre l’équipe' }).click();
      await waiterPage.waitForURL(/\/v\/[^/]+\/comptoir$/);
      await waiterPage.getByTestId('owner-role').getByText('Équipe').waitFor();
      const nav = waiterPage.getByRole('navigation', { name: 'Espace restaurant' });
      await nav.getByRole('link', { name: 'Comptoir' }).waitFor();
      expect(await nav.getByRole('link', { name: 'Clients' }).count()).toBe(0);
      expect(await nav.getByRole('link', { name: 'Équipe' }).count()).toBe(0);

      // /customers is not theirs: said in French, with a way back to the counter (in their venue: decision 056).
      await waiterPage.goto(`${baseUrl}/customers`);
      await waiterPage.getByText('Votre rôle ne permet pas d’ouvrir cette page.').waitFor();
      await waiterPage.getByRole('link', { name: 'Aller à : Comptoir' }).click();
      await waiterPage.waitForURL(/\/v\/[^/]+\/comptoir$/);
      // The landing page after sign-in (the dashboard) is not theirs either: they are taken to the counter.
      await waiterPage.goto(`${baseUrl}/dashboard`);
      await waiterPage.waitForURL(/\/v\/[^/]+\/comptoir$/);

      // The owner sees the waiter among the members.
      await page.reload();
      await page.getByRole('heading', { name: 'Membres (2)' }).waitFor();
      const member = page.getByTestId('team-member').filter({ hasText: waiter });
      expect(await member.getByLabel('Rôle de Sam Serveur').inputValue()).toBe('staff');
      await saveScreenshot(page, `team-members-${viewport.width}`);
      await waiterPage.close();
      await page.close();
    });
  }
});
