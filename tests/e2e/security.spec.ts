import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { signIn } from './support/accounts';
import { DESKTOP, PHONE, saveScreenshot, useBrowser } from './support/browser';

const browser = useBrowser();
const baseUrl = inject('baseUrl');
const owner = inject('e2eOwner');

/** Signs the demo owner in through the real /login page, then opens /security. */
async function openSecurityPage(viewport: { width: number; height: number }): Promise<{ page: Page; checkCalls: string[] }> {
  const page = await browser.newPage(viewport);
  await signIn(page, baseUrl, owner);
  const checkCalls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/security/check') checkCalls.push(request.method());
  });
  await page.goto(`${baseUrl}/security`);
  await page.getByRole('heading', { name: 'Vérification de sécurité' }).waitFor();
  return { page, checkCalls };
}

const rowsWithStatus = (page: Page, status: string) => page.locator(`[data-testid="security-check"][data-status="${status}"]`).count();
const toastCount = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).count();

async function expectAllPassed(page: Page) {
  await expect.poll(() => rowsWithStatus(page, 'pass'), { timeout: 20_000 }).toBe(5);
  expect(await page.getByTestId('security-check').count()).toBe(5);
  expect(await page.getByTestId('security-check-status').allInnerTexts()).toEqual(Array(5).fill('Réussi'));
  expect(await page.getByTestId('security-score').innerText()).toMatch(/^100\s%$/);
  expect(await page.getByRole('progressbar', { name: 'Score de sécurité' }).getAttribute('aria-valuenow')).toBe('100');
}

describe('security page', () => {
  it('runs on arrival: 100 % and five "Réussi" rows on a phone, announced to screen readers; the button reruns', async () => {
    const { page, checkCalls } = await openSecurityPage(PHONE);
    await expectAllPassed(page);
    expect(checkCalls).toEqual(['POST']);
    await expect.poll(() => toastCount(page, 'Vérification de sécurité terminée'), { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await page.getByRole('status').filter({ hasText: 'score 100 %' }).count()).toBe(1);
    const labels = await page.locator('[data-testid="security-check"] h3').allInnerTexts();
    expect(labels).toEqual([
      'Vos données ne sont visibles que par vous',
      'Les pages de vos clients ne montrent aucune donnée personnelle',
      'Personne ne peut envoyer d’emails en votre nom',
      'Le navigateur protège vos visiteurs',
      'Les saisies impossibles sont refusées',
    ]);
    await saveScreenshot(page, 'security-phone');

    // Rerun from the keyboard: a second POST, a new result (its time changes), all passed again.
    const firstRunAt = await page.locator('time').getAttribute('datetime');
    const button = page.getByRole('button', { name: 'Relancer la vérification' });
    await button.focus();
    const rerun = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/security/check');
    await page.keyboard.press('Enter');
    expect((await rerun).status()).toBe(200);
    expect(checkCalls).toEqual(['POST', 'POST']);
    await expect.poll(() => page.locator('time').getAttribute('datetime'), { timeout: 10_000 }).not.toBe(firstRunAt);
    await expectAllPassed(page);
    expect(await button.isEnabled()).toBe(true);
    // No horizontal scrolling on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });

  it('on a desktop, links to the security document, which opens read-only', async () => {
    const { page } = await openSecurityPage(DESKTOP);
    await expectAllPassed(page);
    expect(await page.getByText('Pour votre prestataire informatique, un document technique détaille chaque protection.').count()).toBe(1);
    // No developer's words on the owner's page (issue #53).
    expect(await page.locator('main').innerText()).not.toMatch(/row-level|Endpoints|nosniff|SECURITY\.md/);
    const link = page.getByRole('link', { name: /Lire le document de sécurité/ });
    const href = await link.getAttribute('href');
    const document = await page.request.get(`${baseUrl}${href}`);
    expect(document.status()).toBe(200);
    expect(await document.text()).toContain('# Security controls');
    await saveScreenshot(page, 'security-desktop');
  });

  it('shows "Vérification…" rows while running and, when the server refuses, the error toast and an alert', async () => {
    const page = await browser.newPage(PHONE);
    await signIn(page, baseUrl, owner);
    // The server's answer is held back, then is a rate-limit refusal (as after too many runs).
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/security/check', async (route) => {
      await held;
      await route.fulfill({ status: 429, contentType: 'application/json', body: JSON.stringify({ error: { code: 'RATE_LIMITED', message: 'Trop de tentatives. Veuillez réessayer dans quelques minutes.' } }) });
    });
    await page.goto(`${baseUrl}/security`);
    await expect.poll(() => rowsWithStatus(page, 'checking'), { timeout: 15_000 }).toBe(5);
    expect(await page.getByTestId('security-check-status').allInnerTexts()).toEqual(Array(5).fill('Vérification…'));
    expect(await page.getByRole('button', { name: 'Relancer la vérification' }).isDisabled()).toBe(true);
    await saveScreenshot(page, 'security-checking-phone');
    release();
    await expect.poll(() => toastCount(page, 'Erreur lors de la vérification'), { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await page.getByRole('alert').filter({ hasText: 'Trop de tentatives' }).count()).toBe(1);
    expect(await rowsWithStatus(page, 'unchecked')).toBe(5);
    expect(await page.getByRole('button', { name: 'Relancer la vérification' }).isEnabled()).toBe(true);
    await saveScreenshot(page, 'security-error-phone');
  });
});
