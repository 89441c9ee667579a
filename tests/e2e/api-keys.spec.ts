import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { signInPage } from './support/accounts';
import { DESKTOP, PHONE, saveScreenshot, useBrowser, waitForToastsGone } from './support/browser';

const browser = useBrowser();
const baseUrl = inject('baseUrl');
// The demo organisation is on Premium; the quota owner's is on Pro.
const premiumOwner = inject('e2eOwner');
const proOwner = inject('e2eQuotaOwner');

async function expectNoSeriousAxeViolation(page: Page) {
  await waitForToastsGone(page);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes[0]?.html}`)).toEqual([]);
}

describe('/developpeurs (issue #31)', () => {
  it('the Premium propriétaire creates a key on one venue, sees its secret once, finds it listed, and revokes it (1280 px)', { timeout: 180_000 }, async () => {
    const page = await signInPage(browser, baseUrl, DESKTOP, premiumOwner);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${baseUrl}/developpeurs`);
    await page.getByRole('heading', { name: 'API et clés', exact: true, level: 2 }).waitFor();
    // The documentation opens in a new tab; the OpenAPI document and the webhooks are one click away.
    const docs = page.getByRole('link', { name: /Documentation de référence/ });
    expect(await docs.getAttribute('href')).toBe('/api/v1/docs');
    expect(await docs.getAttribute('target')).toBe('_blank');
    expect(await page.getByRole('link', { name: 'Document OpenAPI (JSON)' }).getAttribute('href')).toBe('/api/v1/openapi.json');
    expect(await page.getByRole('link', { name: 'Webhooks' }).getAttribute('href')).toMatch(/\/developpeurs\/webhooks$/);
    await page.getByRole('heading', { name: 'Clés d’API' }).waitFor();

    // An empty name is refused with the shared schema's message.
    await page.getByRole('button', { name: 'Créer une clé' }).click();
    const dialog = page.getByRole('dialog', { name: 'Créer une clé d’API' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Créer la clé' }).click();
    await page.getByText('Le nom de la clé est requis.').waitFor();

    const name = `Caisse ${randomBytes(3).toString('hex')}`;
    await dialog.getByLabel('Nom de la clé').fill(name);
    await dialog.getByLabel(/Lecture et écriture/).check();
    await dialog.getByLabel('Certains établissements').check();
    // No venue chosen: refused.
    await dialog.getByRole('button', { name: 'Créer la clé' }).click();
    await page.getByText('Choisissez au moins un établissement.').waitFor();
    const venue = dialog.getByRole('checkbox').first();
    const venueName = ((await venue.locator('xpath=..').textContent()) ?? '').trim();
    await venue.check();
    await expectNoSeriousAxeViolation(page);
    await saveScreenshot(page, `api-keys-create-${DESKTOP.width}`);
    await dialog.getByRole('button', { name: 'Créer la clé' }).click();

    // The secret, once, with its warning.
    const shown = page.getByRole('dialog', { name: `Clé « ${name} » créée` });
    await shown.waitFor();
    await shown.getByText('elle ne sera plus jamais affichée', { exact: false }).waitFor();
    const secret = await shown.getByTestId('api-key-secret').inputValue();
    expect(secret).toMatch(/^rf_live_[A-Za-z0-9_-]{43}$/);
    await shown.getByRole('button', { name: /Copier|Copiée/ }).waitFor();
    await expectNoSeriousAxeViolation(page);
    await saveScreenshot(page, `api-keys-secret-${DESKTOP.width}`);
    await shown.getByRole('button', { name: 'J’ai copié la clé' }).click();
    await shown.waitFor({ state: 'detached' });

    // Listed: its start only, its access and venue, never used, active; the secret is nowhere on the page.
    const row = page.getByTestId('api-key-row').filter({ hasText: name });
    await row.waitFor();
    const text = (await row.textContent()) ?? '';
    expect(text).toContain(`${secret.slice(0, 12)}…`);
    expect(text).toContain('Lecture et écriture');
    expect(text).toContain(venueName);
    expect(text).toContain('Jamais');
    expect(text).toContain('Active');
    expect(await page.content()).not.toContain(secret);
    await page.waitForLoadState('networkidle');
    await expectNoSeriousAxeViolation(page);
    await saveScreenshot(page, `api-keys-${DESKTOP.width}`);

    // Revoked after a confirmation.
    await row.getByRole('button', { name: `Révoquer la clé ${name}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Révoquer cette clé ?' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Révoquer la clé' }).click();
    await page.getByText('Clé révoquée').waitFor();
    await row.getByText('Révoquée').waitFor();
    expect(await row.getByRole('button', { name: /Révoquer/ }).count()).toBe(0);
    // An active key beside the revoked one: the table still fits the page.
    await page.getByRole('button', { name: 'Créer une clé' }).click();
    await dialog.getByLabel('Nom de la clé').fill(`${name} bis`);
    await dialog.getByLabel('Accès aux données personnelles').check();
    await dialog.getByRole('button', { name: 'Créer la clé' }).click();
    await page.getByRole('button', { name: 'J’ai copié la clé' }).click();
    const active = page.getByTestId('api-key-row').filter({ hasText: `${name} bis` });
    await active.getByText('Active').waitFor();
    expect(await active.textContent()).toContain('Oui');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await expectNoSeriousAxeViolation(page);
    await saveScreenshot(page, `api-keys-revoked-${DESKTOP.width}`);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('renders the keys as cards on a phone (390 px)', { timeout: 120_000 }, async () => {
    const page = await signInPage(browser, baseUrl, PHONE, premiumOwner);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${baseUrl}/developpeurs`);
    await page.getByRole('heading', { name: 'Clés d’API' }).waitFor();
    await page.getByRole('button', { name: 'Créer une clé' }).waitFor();
    // The demo may have no key yet: one to show, all venues, read only.
    const name = `CRM ${randomBytes(3).toString('hex')}`;
    await page.getByRole('button', { name: 'Créer une clé' }).click();
    const dialog = page.getByRole('dialog', { name: 'Créer une clé d’API' });
    await dialog.getByLabel('Nom de la clé').fill(name);
    await saveScreenshot(page, `api-keys-create-${PHONE.width}`);
    await dialog.getByRole('button', { name: 'Créer la clé' }).click();
    await page.getByRole('button', { name: 'J’ai copié la clé' }).click();
    const card = page.getByTestId('api-key-card').filter({ hasText: name });
    await card.waitFor();
    const text = (await card.textContent()) ?? '';
    expect(text).toContain('Lecture seule');
    expect(text).toContain('Tous les établissements');
    expect(await page.getByRole('table', { name: 'Clés d’API' }).isVisible()).toBe(false);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.waitForLoadState('networkidle');
    await expectNoSeriousAxeViolation(page);
    await saveScreenshot(page, `api-keys-${PHONE.width}`);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows a Pro propriétaire what the API is and that Premium includes it', { timeout: 120_000 }, async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const page = await signInPage(browser, baseUrl, viewport, proOwner);
      await page.goto(`${baseUrl}/developpeurs`);
      const gate = page.getByTestId('plan-feature-gate');
      await gate.getByText('Inclus dans le forfait Premium').waitFor();
      expect(await page.getByRole('button', { name: 'Créer une clé' }).count()).toBe(0);
      await page.waitForLoadState('networkidle');
      await expectNoSeriousAxeViolation(page);
      await saveScreenshot(page, `api-keys-gate-${viewport.width}`);
      await page.close();
    }
  });
});
