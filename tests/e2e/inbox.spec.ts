import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { describe, expect, inject, it } from 'vitest';
import { createApprovedRestaurant, signInPage } from './support/accounts';
import { DESKTOP, PHONE, saveScreenshot, useBrowser, waitForToastsGone } from './support/browser';
import { readMailbox, waitForMail } from './support/mailbox';
import { followOwnerMenu } from './support/owner-pages';

const browser = useBrowser();
const baseUrl = inject('baseUrl');
const admin = inject('e2eAdmin');

/** A diner's rating through the public API; with an email, the diner then opens the emailed confirmation link. */
async function rate(restaurantId: string, rating: number, comment: string, email?: string) {
  const ip = `10.26.${randomBytes(1)[0]}.${1 + (randomBytes(1)[0] % 250)}`;
  const response = await fetch(`${baseUrl}/api/public/feedbacks`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl, 'x-forwarded-for': ip },
    body: JSON.stringify({ submissionId: crypto.randomUUID(), restaurantId, rating, comment, firstName: 'Sacha', ...(email ? { email } : {}) }),
  });
  expect(response.status).toBe(200);
  if (!email) return;
  const mail = await waitForMail(baseUrl, email, (m) => m.html.includes('?link='));
  const token = /[?&]link=([\w-]+)/.exec(mail.html)![1];
  const confirmed = await fetch(`${baseUrl}/api/public/link-email/confirm`, { method: 'POST', headers: { 'content-type': 'application/json', origin: baseUrl }, body: JSON.stringify({ token }) });
  expect(confirmed.status).toBe(200);
}

describe('/avis', () => {
  it('ce soir + ≤3 finds the low ratings; a private reply shows under the feedback and reaches the diner; axe passes (390 and 1280 px)', { timeout: 240_000 }, async () => {
    const owner = await createApprovedRestaurant(browser, baseUrl, admin, 'Le Bistrot des Avis');
    const diners = [`e2e-avis-${randomBytes(3).toString('hex')}@example.fr`, `e2e-avis-${randomBytes(3).toString('hex')}@example.fr`];
    await rate(owner.restaurantId, 2, 'Service très lent', diners[0]);
    await rate(owner.restaurantId, 1, 'Plat froid', diners[1]);
    await rate(owner.restaurantId, 3, 'Bruyant');
    await rate(owner.restaurantId, 5, 'Parfait');

    for (const [index, viewport] of [PHONE, DESKTOP].entries()) {
      const page = await signInPage(browser, baseUrl, viewport, owner);
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await followOwnerMenu(page, 'Avis');
      await page.getByRole('heading', { name: 'Tous les avis' }).waitFor();
      await page.getByLabel('Période').selectOption('tonight');
      await page.getByLabel('Note', { exact: true }).selectOption('le3');
      await expect.poll(() => new URL(page.url()).search).toContain('rating=le3');
      expect(new URL(page.url()).search).toContain('period=tonight');
      await expect.poll(() => page.getByTestId('inbox-count').textContent()).toBe('3');
      await expect.poll(() => page.getByTestId('inbox-item').count()).toBe(3);
      expect(await page.getByText('« Parfait »').count()).toBe(0);
      expect(await page.getByText('« Bruyant »').count()).toBe(1);
      await saveScreenshot(page, `inbox-${viewport.width}`);

      // The filters survive a reload (they are the URL).
      await page.reload();
      await expect.poll(() => page.getByTestId('inbox-item').count()).toBe(3);

      const comment = index === 0 ? '« Service très lent »' : '« Plat froid »';
      const item = page.getByTestId('inbox-item').filter({ hasText: comment });
      await item.getByRole('button', { name: 'Répondre' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Objet').fill(`Toutes nos excuses ${viewport.width}`);
      await dialog.getByRole('button', { name: 'Envoyer la réponse' }).click();
      await page.getByText('Réponse envoyée', { exact: true }).first().waitFor();
      await expect.poll(() => item.getByTestId('inbox-reply').count()).toBe(1);
      expect(await item.getByTestId('inbox-reply').textContent()).toContain(`Toutes nos excuses ${viewport.width}`);
      const mail = await waitForMail(baseUrl, diners[index], `Toutes nos excuses ${viewport.width}`);
      expect(mail.html).toContain('Sacha');

      // Marked handled, it leaves the 'Nouveau' selection.
      await item.getByRole('button', { name: 'Marquer traité' }).click();
      await expect.poll(() => item.getByText('Traité', { exact: true }).count()).toBe(1);

      await waitForToastsGone(page);
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
      const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
      expect(serious).toEqual([]);
      expect(errors).toEqual([]);
      await page.close();
    }
    expect((await readMailbox(baseUrl, diners[0])).some((mail) => mail.subject === 'Toutes nos excuses 390')).toBe(true);
  });
});
