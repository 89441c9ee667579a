import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createStripe } from '../../src/server/features/billing/stripe-client';
import { syncStripeCatalogue } from '../../src/server/features/billing/billing.service';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe';
import { adminAction, signInPage, signUpConfirmed } from './support/accounts';
import { DESKTOP, PHONE, saveScreenshot, useBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';

const browser = useBrowser();
const clientDist = inject('e2eClientDist');
const admin = inject('e2eAdmin');
let server: RunningServer;
let fake: FakeStripe;

/**
 * Online payment (issue 54, decision 092): a server of its own whose Stripe is the fake of tests/support
 * (the run's server has no Stripe settings: its /abonnement keeps the contact path). The propriétaire on
 * trial chooses Pro, pays on the fake Checkout page, comes back to « Forfait Pro — actif ».
 */
beforeAll(async () => {
  fake = await startFakeStripe({ now: () => new Date() });
  server = await startServer(
    { CLIENT_DIST_DIR: clientDist, STRIPE_SECRET_KEY: fake.apiKey, STRIPE_WEBHOOK_SECRET: fake.webhookSecret, STRIPE_API_BASE: fake.url },
    (env) => {
      // The run's seed (its administrator) on this server's data folder.
      execFileSync(process.execPath, ['--import', 'tsx', path.resolve(import.meta.dirname, 'support/seed-e2e.ts')], { env, stdio: 'inherit' });
    },
  );
  fake.deliver = async (body, signature) =>
    (await fetch(`${server.url}/api/billing/stripe-webhook`, { method: 'POST', body, headers: { 'content-type': 'application/json', 'stripe-signature': signature } })).status;
  await syncStripeCatalogue(createStripe({ STRIPE_SECRET_KEY: fake.apiKey, STRIPE_WEBHOOK_SECRET: fake.webhookSecret, STRIPE_API_BASE: fake.url })!);
}, 180_000);
afterAll(async () => {
  await server?.stop();
  await fake?.close();
});

describe('/abonnement with Stripe', () => {
  it('« Choisir Pro » → the Checkout page → back with success → « Forfait Pro — actif »', { timeout: 240_000 }, async () => {
    const email = `e2e-billing-${Date.now()}@example.fr`;
    const password = 'Billing-e2e-Motdepasse-42!';
    const { restaurantId } = await signUpConfirmed(server.url, { restaurantName: 'Le Comptoir Payant', email, password });
    await adminAction(server.url, admin, restaurantId, 'approve');
    const page = await signInPage(browser, server.url, PHONE, { email, password });
    await page.goto(`${server.url}/abonnement`);
    await page.getByTestId('subscription-plan').getByText('Essai gratuit du forfait Pro').waitFor();
    await page.getByRole('radio', { name: /Annuel/ }).waitFor();
    await saveScreenshot(page, `billing-choose-${PHONE.width}`);
    await page.getByRole('button', { name: 'Choisir Pro' }).click();
    await page.waitForURL(`${fake.url}/checkout/**`);
    expect(await page.getByTestId('checkout-product').textContent()).toBe('ReFeed Pro');
    await page.getByText('card, sepa_debit').waitFor();
    await page.getByRole('button', { name: 'Payer' }).click();
    await page.waitForURL(/\/abonnement\?paiement=ok$/);
    const plan = page.getByTestId('subscription-plan');
    await plan.getByText('Forfait Pro — actif').waitFor();
    await expect.poll(() => plan.textContent()).toMatch(/Essai gratuit jusqu’au \d{1,2} [a-zéû]+ \d{4} : première facture ce jour-là, 79,00 € HT par mois\./);
    await page.getByTestId('payment-return').getByText('Merci ! Votre abonnement est enregistré.').waitFor();
    await page.getByRole('button', { name: 'Gérer mon abonnement' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await saveScreenshot(page, `billing-active-${PHONE.width}`);
    const desktop = await signInPage(browser, server.url, DESKTOP, { email, password });
    await desktop.goto(`${server.url}/abonnement`);
    await desktop.getByTestId('subscription-plan').getByText('Forfait Pro — actif').waitFor();
    await saveScreenshot(desktop, `billing-active-${DESKTOP.width}`);

    // The admin console's billing view: a failed payment makes the subscription bill (past due counts in the MRR).
    const [subscriptionId] = [...fake.subscriptions.keys()];
    await fake.failPayment(subscriptionId!);
    for (const viewport of [PHONE, DESKTOP]) {
      const adminPage = await signInPage(browser, server.url, viewport, admin);
      if (viewport === PHONE) await adminPage.goto(`${server.url}/admin/facturation`);
      else {
        // The admin menu leads there.
        await adminPage.goto(`${server.url}/admin`);
        await adminPage.getByRole('link', { name: 'Facturation', exact: true }).click();
        await adminPage.waitForURL(/\/admin\/facturation$/);
      }
      await expect.poll(() => adminPage.getByTestId('mrr-total-EUR').textContent()).toBe('79\u00a0\u20ac');
      expect(await adminPage.getByTestId('billing-mrr').textContent()).toContain('Pro (1 abonnement)79\u00a0\u20ac');
      const pastDue = adminPage.getByTestId('billing-past-due');
      await pastDue.getByRole('link', { name: 'Le Comptoir Payant' }).waitFor();
      expect(await pastDue.textContent()).toContain('79\u00a0\u20ac / mois · en retard depuis le');
      const table = adminPage.getByTestId('billing-organisations');
      await table.getByRole('row', { name: /Le Comptoir Payant.*Paiement en retard/ }).waitFor();
      expect(await adminPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await saveScreenshot(adminPage, `admin-billing-${viewport.width}`);
    }
  });
});
