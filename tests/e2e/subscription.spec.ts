import AxeBuilder from '@axe-core/playwright';
import { describe, expect, inject, it } from 'vitest';
import { createApprovedRestaurant, signInPage } from './support/accounts';
import { DESKTOP, PHONE, saveScreenshot, useBrowser } from './support/browser';
import { followOwnerMenu } from './support/owner-pages';

const browser = useBrowser();
const baseUrl = inject('baseUrl');
const admin = inject('e2eAdmin');

/**
 * /abonnement (issue #30, decision 057): a new organisation's 14-day Pro trial, its usage and the plans, at
 * 390 and 1280 px; then the platform team sets Essentielle in the console and the owner's page follows.
 */
describe('/abonnement', () => {
  it('shows the trial, the usage and the plans to the owner, and follows the plan the admin sets', { timeout: 240_000 }, async () => {
    const account = await createApprovedRestaurant(browser, baseUrl, admin, 'Le Comptoir Forfait');
    const page = await signInPage(browser, baseUrl, PHONE, account);
    await page.goto(`${baseUrl}/abonnement`);
    await page.waitForURL(/\/v\/[^/]+\/abonnement$/);
    await page.getByRole('heading', { level: 1, name: 'Abonnement', exact: true }).waitFor();
    const plan = page.getByTestId('subscription-plan');
    await plan.getByText('Essai gratuit du forfait Pro').waitFor();
    await expect.poll(() => plan.textContent()).toMatch(/Il vous reste 14 jours d’essai \(jusqu’au \d{1,2} [a-zéû]+ \d{4}\)/);
    // French numbers group with a narrow no-break space: compared with plain spaces.
    const usageOf = async (on: typeof page) => (await on.getByTestId('usage').allTextContents()).map((text) => text.replace(/\s+/g, ' '));
    expect(await usageOf(page)).toEqual([
      expect.stringContaining('0 / 1 000'),
      expect.stringContaining('1 / 3'),
      expect.stringContaining('1 / 1'),
    ]);
    expect(await page.getByTestId('subscription-offer').count()).toBe(3);
    await page.getByText('Votre essai').waitFor();
    expect(await page.getByRole('link', { name: 'Demander une démo' }).getAttribute('href')).toMatch(/^mailto:contact@refeed\.fr\?subject=Demande%20de%20d%C3%A9mo%20ReFeed/);

    await page.waitForLoadState('networkidle');
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
    expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes[0]?.html}`)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await saveScreenshot(page, `subscription-${PHONE.width}`);

    const desktop = await signInPage(browser, baseUrl, DESKTOP, account);
    await desktop.goto(`${baseUrl}/dashboard`);
    await desktop.getByRole('navigation', { name: 'Espace restaurant' }).getByRole('link', { name: 'Abonnement' }).click();
    await desktop.getByTestId('subscription-plan').getByText('Essai gratuit du forfait Pro').waitFor();
    await saveScreenshot(desktop, `subscription-${DESKTOP.width}`);

    // The platform team sets Essentielle in the console.
    const adminPage = await signInPage(browser, baseUrl, DESKTOP, admin);
    await adminPage.goto(`${baseUrl}/admin/restaurants/${account.restaurantId}`);
    const card = adminPage.getByTestId('plan-card');
    await card.getByText(/Pro · essai jusqu’au/).waitFor();
    await card.getByLabel('Forfait', { exact: true }).selectOption('essential');
    await card.getByRole('button', { name: 'Enregistrer le forfait' }).click();
    await adminPage.getByText('Forfait enregistré').waitFor();
    await card.getByText('Essentielle · actif').waitFor();
    await adminPage.getByText(/essai Pro jusqu’au .* → Essentielle/).waitFor();
    await saveScreenshot(adminPage, 'admin-plan-1280');

    await desktop.reload();
    await desktop.getByTestId('subscription-plan').getByText('Forfait Essentielle').waitFor();
    await desktop.getByText('Votre forfait', { exact: true }).waitFor();
    expect(await usageOf(desktop)).toEqual([expect.stringContaining('0 / 300'), expect.stringContaining('1 / 1'), expect.stringContaining('1 / 1')]);
    await saveScreenshot(desktop, `subscription-essential-${DESKTOP.width}`);

    // Two days of trial left: the propriétaire's banner links to /abonnement; once over, the page is read only.
    const detail = await adminPage.request.get(`${baseUrl}/api/admin/organisations/${account.restaurantId}`, { headers: { origin: baseUrl } });
    const { organisation } = (await detail.json()) as { organisation: { id: string } };
    const setTrial = async (trialEndsAt: Date) => {
      const response = await adminPage.request.post(`${baseUrl}/api/admin/organisations/${organisation.id}/plan`, {
        data: { plan: null, trialEndsAt: trialEndsAt.toISOString(), limitOverrides: {} },
        headers: { origin: baseUrl },
      });
      expect(response.ok()).toBe(true);
    };
    await setTrial(new Date(Date.now() + 2 * 24 * 3600_000 - 3600_000));
    await desktop.goto(`${baseUrl}/dashboard`);
    const banner = desktop.getByTestId('plan-banner');
    await banner.getByText('Il vous reste 2 jours d’essai', { exact: false }).waitFor();
    await saveScreenshot(desktop, `trial-banner-${DESKTOP.width}`);
    await banner.getByRole('link', { name: 'Voir mon abonnement' }).click();
    await desktop.waitForURL(/\/v\/[^/]+\/abonnement$/);

    await setTrial(new Date(Date.now() - 3600_000));
    await desktop.reload();
    await desktop.getByTestId('subscription-plan').getByText('Essai gratuit terminé').waitFor();
    await desktop.getByTestId('plan-banner').getByText('Votre essai gratuit est terminé', { exact: false }).waitFor();
    await saveScreenshot(desktop, `subscription-expired-${DESKTOP.width}`);
  });

  it('shows an organisation at 85 % of its diner emails: the bar, the figure and the banner, at 390 and 1280 px', { timeout: 120_000 }, async () => {
    const quotaOwner = inject('e2eQuotaOwner');
    for (const viewport of [PHONE, DESKTOP]) {
      const page = await signInPage(browser, baseUrl, viewport, quotaOwner);
      await page.goto(`${baseUrl}/abonnement`);
      await page.getByRole('heading', { level: 1, name: 'Abonnement', exact: true }).waitFor();
      await page.getByTestId('subscription-plan').getByText('Pro', { exact: false }).first().waitFor();
      await expect.poll(async () => (await page.getByTestId('usage').first().textContent())?.replace(/\s+/g, ' ')).toContain('850 / 1 000');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await saveScreenshot(page, `subscription-85-percent-${viewport.width}`);
      // Here the usage bar says it: no banner repeating it with a link to this very page.
      expect(await page.getByTestId('email-quota-banner').count()).toBe(0);
      // From 80 %, the owner's other pages say so and lead here.
      await followOwnerMenu(page, 'Avis');
      const banner = page.getByTestId('email-quota-banner');
      await expect.poll(async () => (await banner.textContent())?.replace(/\s+/g, ' ')).toContain('Vous avez utilisé 850 sur 1 000 emails clients ce mois-ci.');
      await saveScreenshot(page, `email-quota-banner-${viewport.width}`);
      await banner.getByRole('link', { name: 'Voir mon abonnement' }).click();
      await page.getByRole('heading', { level: 1, name: 'Abonnement', exact: true }).waitFor();
      await expect.poll(() => page.getByTestId('email-quota-banner').count()).toBe(0);
      await page.close();
    }
  });
});
