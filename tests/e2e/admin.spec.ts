import { randomBytes } from 'node:crypto';
import { withoutVenue } from '../../src/shared/venue';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { signIn, signUpConfirmed } from './support/accounts';
import { DESKTOP, PHONE, saveScreenshot, useBrowser } from './support/browser';
import { waitForMail } from './support/mailbox';

const browser = useBrowser();
const baseUrl = inject('baseUrl');
const adminAccount = inject('e2eAdmin');
const OWNER_PASSWORD = 'Motdepasse-Solide-42!';

/** A new restaurant through the real sign-up API, its email confirmed through the emailed link. */
async function signUpRestaurant(label: string) {
  const tag = randomBytes(3).toString('hex');
  const email = `admin-e2e-${label}-${tag}@example.fr`;
  const name = `Bistro ${label} ${tag}`;
  const { restaurantId } = await signUpConfirmed(baseUrl, { restaurantName: name, email, password: OWNER_PASSWORD, siren: String(100000000 + Math.floor(Math.random() * 899999999)) });
  return { email, name, restaurantId };
}

async function newAdminPage(viewport = DESKTOP) {
  const page = await browser.newPage(viewport);
  await signIn(page, baseUrl, adminAccount);
  return page;
}

async function openRestaurant(page: Page, restaurantId: string, name: string) {
  await page.goto(`${baseUrl}/admin/restaurants/${restaurantId}`);
  await expect.poll(() => page.getByRole('heading', { level: 1, name }).isVisible(), { timeout: 15_000 }).toBe(true);
}

/** The organisation of a venue (the platform's approval is the organisation's, decision 055). */
async function organisationOf(page: Page, restaurantId: string): Promise<string> {
  const detail = await page.request.get(`${baseUrl}/api/admin/organisations/${restaurantId}`, { headers: { origin: baseUrl } });
  expect(detail.status()).toBe(200);
  return ((await detail.json()) as { organisation: { id: string } }).organisation.id;
}

async function expectToast(page: Page, text: string) {
  await expect.poll(() => page.locator('[data-sonner-toast]').filter({ hasText: text }).count(), { timeout: 15_000 }).toBeGreaterThan(0);
}

/** The owner's /dashboard itself (behind the owner gate): its welcome heading names the restaurant. */
async function expectOwnerDashboard(page: Page, restaurantName: string) {
  await page.goto(`${baseUrl}/dashboard`);
  const welcome = page.getByRole('heading', { name: `Bienvenue chez ${restaurantName} !` });
  await expect.poll(() => welcome.isVisible(), { timeout: 15_000 }).toBe(true);
  expect(withoutVenue(new URL(page.url()).pathname)).toBe('/dashboard');
}

/** What the owner gate shows on /dashboard (wrapped in OwnerLayout) instead of the dashboard. */
async function ownerGateText(page: Page): Promise<string> {
  await page.goto(`${baseUrl}/dashboard`);
  await expect.poll(() => page.getByRole('heading', { level: 1 }).count(), { timeout: 15_000 }).toBeGreaterThan(0);
  return (await page.locator('main').first().textContent()) ?? '';
}

describe('platform administration', () => {
  it('sends an administrator to /admin after login and shows the pending request; approving lets the owner in', async () => {
    const restaurant = await signUpRestaurant('approve');
    const page = await newAdminPage();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin');
    await expect.poll(() => page.getByRole('link', { name: new RegExp(restaurant.name) }).isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => page.getByTestId('count-pending').textContent()).toMatch(/^[1-9]/);
    await saveScreenshot(page, 'admin-home-desktop');

    await page.getByRole('link', { name: new RegExp(restaurant.name) }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1, name: restaurant.name }).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await page.getByText(restaurant.email).first().isVisible()).toBe(true);
    // Pending: approve and reject only.
    expect(await page.getByRole('button', { name: 'Suspendre', exact: true }).count()).toBe(0);
    await page.getByLabel('Notes internes').fill('Kbis vérifié par téléphone.');
    await saveScreenshot(page, 'admin-detail-pending-desktop');

    await page.getByRole('button', { name: 'Approuver' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Approuver' }).click();
    await expectToast(page, 'Organisation approuvée');
    await expect.poll(() => page.getByRole('button', { name: 'Suspendre', exact: true }).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await page.getByRole('list', { name: 'Journal des actions' }).textContent()).toContain('Approbation');
    expect(await page.getByLabel('Notes internes').inputValue()).toBe('Kbis vérifié par téléphone.');
    await saveScreenshot(page, 'admin-detail-approved-desktop');

    const mail = await waitForMail(baseUrl, restaurant.email, (m) => m.subject.includes('validé'));
    expect(mail.html).toContain(restaurant.name);

    const owner = await browser.newPage(PHONE);
    await signIn(owner, baseUrl, { email: restaurant.email, password: OWNER_PASSWORD });
    await expectOwnerDashboard(owner, restaurant.name);
    await saveScreenshot(owner, 'admin-owner-approved-dashboard-phone');
    // The owner-only API is open to them now.
    expect((await owner.request.get(`${baseUrl}/api/owner/restaurant`)).status()).toBe(200);
  });

  it('rejects with a reason of at least 10 characters, and the owner sees "Demande refusée" with it', async () => {
    const restaurant = await signUpRestaurant('reject');
    const page = await newAdminPage(PHONE);
    await openRestaurant(page, restaurant.restaurantId, restaurant.name);
    await saveScreenshot(page, 'admin-detail-pending-phone');

    await page.getByRole('button', { name: 'Refuser' }).click();
    const dialog = page.getByRole('dialog');
    const confirm = dialog.getByRole('button', { name: 'Confirmer le refus' });
    const reasonField = dialog.getByLabel('Motif du refus');
    await reasonField.fill('   ');
    await reasonField.blur();
    await expect.poll(() => dialog.getByRole('alert').textContent()).toBe('Le motif de refus est obligatoire');
    await reasonField.fill('  Trop  ');
    await expect.poll(() => dialog.getByRole('alert').textContent()).toBe('Motif trop court');
    expect(await confirm.isDisabled()).toBe(true);
    expect(await dialog.getByTestId('reason-counter').textContent()).toBe('4 / 10');
    await saveScreenshot(page, 'admin-reject-dialog-phone');

    const reason = 'Le SIREN ne correspond pas au restaurant déclaré.';
    await reasonField.fill(reason);
    expect(await confirm.isDisabled()).toBe(false);
    await confirm.click();
    await expectToast(page, 'Organisation refusée');
    await expect.poll(() => page.getByText('Motif du refus').first().isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await page.getByText('La demande a été refusée. Aucune action n’est possible.').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Approuver' }).count()).toBe(0);
    await saveScreenshot(page, 'admin-detail-rejected-phone');

    const owner = await browser.newPage(PHONE);
    await signIn(owner, baseUrl, { email: restaurant.email, password: OWNER_PASSWORD });
    const gate = await ownerGateText(owner);
    expect(gate).toContain('Demande refusée');
    expect(gate).toContain(reason);
    await saveScreenshot(owner, 'admin-owner-rejected-phone');
  });

  it('suspends and reactivates an approved restaurant, and the owner gate follows', async () => {
    const restaurant = await signUpRestaurant('suspend');
    const page = await newAdminPage();
    // Approve through the admin API from the signed-in page (the UI path is covered above).
    const approved = await page.request.post(`${baseUrl}/api/admin/organisations/${await organisationOf(page, restaurant.restaurantId)}/approve`, { data: {}, headers: { origin: baseUrl } });
    expect(approved.status()).toBe(200);
    await openRestaurant(page, restaurant.restaurantId, restaurant.name);

    await page.getByRole('button', { name: 'Suspendre', exact: true }).click();
    const dialog = page.getByRole('dialog');
    const reason = 'Plusieurs avis frauduleux signalés cette semaine.';
    await dialog.getByLabel('Motif de la suspension').fill(reason);
    await saveScreenshot(page, 'admin-suspend-dialog-desktop');
    await dialog.getByRole('button', { name: 'Confirmer la suspension' }).click();
    await expectToast(page, 'Organisation suspendue');
    await expect.poll(() => page.getByRole('button', { name: 'Réactiver', exact: true }).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await page.getByText(reason).first().isVisible()).toBe(true);

    const owner = await browser.newPage(PHONE);
    await signIn(owner, baseUrl, { email: restaurant.email, password: OWNER_PASSWORD });
    const suspended = await ownerGateText(owner);
    expect(suspended).toContain('Compte suspendu');
    expect(suspended).toContain(reason);

    await page.getByRole('button', { name: 'Réactiver', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Réactiver', exact: true }).click();
    await expectToast(page, 'Organisation réactivée');
    await expect.poll(() => page.getByRole('button', { name: 'Suspendre', exact: true }).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await page.getByRole('list', { name: 'Journal des actions' }).textContent()).toContain('Réactivation');
    await saveScreenshot(page, 'admin-detail-reactivated-desktop');

    await expectOwnerDashboard(owner, restaurant.name);
    expect((await owner.request.get(`${baseUrl}/api/owner/restaurant`)).status()).toBe(200);
  });

  it('when another administrator decided first, the refusal fails with a clear toast and the page shows the new status', async () => {
    const restaurant = await signUpRestaurant('conflit');
    const page = await newAdminPage(PHONE);
    await openRestaurant(page, restaurant.restaurantId, restaurant.name);
    // Another administrator approves while this page still shows the pending request.
    const other = await browser.newPage(DESKTOP);
    await signIn(other, baseUrl, adminAccount);
    expect((await other.request.post(`${baseUrl}/api/admin/organisations/${await organisationOf(other, restaurant.restaurantId)}/approve`, { data: {}, headers: { origin: baseUrl } })).status()).toBe(200);

    await page.getByRole('button', { name: 'Refuser' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Motif du refus').fill('Dossier incomplet, Kbis manquant.');
    await dialog.getByRole('button', { name: 'Confirmer le refus' }).click();
    await expectToast(page, 'Impossible de refuser le restaurant');
    await expectToast(page, 'statut actuel : Approuvé');
    await expect.poll(() => page.getByRole('button', { name: 'Suspendre', exact: true }).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await page.getByRole('button', { name: 'Refuser' }).count()).toBe(0);
    expect(await page.getByRole('list', { name: 'Journal des actions' }).textContent()).not.toContain('Refus');
    await saveScreenshot(page, 'admin-detail-conflict-phone');
  });

  it('searches and filters the directory on the server; a row opens the detail', async () => {
    const restaurant = await signUpRestaurant('annuaire');
    for (const [name, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
      const page = await newAdminPage(viewport);
      await page.goto(`${baseUrl}/admin/restaurants`);
      await expect.poll(() => page.getByText(/\d+ organisations?$/).isVisible(), { timeout: 15_000 }).toBe(true);
      await saveScreenshot(page, `admin-restaurants-${name}`);
      await page.getByLabel('Rechercher').fill(restaurant.name.toUpperCase());
      await expect.poll(() => page.getByText('1 organisation', { exact: true }).isVisible(), { timeout: 15_000 }).toBe(true);
      await page.getByLabel('Statut').selectOption('approved');
      await expect.poll(() => page.getByText('Aucune organisation ne correspond à votre recherche.').isVisible(), { timeout: 15_000 }).toBe(true);
      await page.getByLabel('Statut').selectOption('pending');
      await expect.poll(() => page.getByText('1 organisation', { exact: true }).isVisible(), { timeout: 15_000 }).toBe(true);
      expect(new URL(page.url()).searchParams.get('status')).toBe('pending');
      await saveScreenshot(page, `admin-restaurants-search-${name}`);
      await page.getByRole('link', { name: new RegExp(restaurant.name) }).first().click();
      await expect.poll(() => page.getByRole('heading', { level: 1, name: restaurant.name }).isVisible(), { timeout: 15_000 }).toBe(true);
    }
  });

  it('offers the first page when the address points past the last one', async () => {
    const page = await newAdminPage();
    await page.goto(`${baseUrl}/admin/restaurants?page=999`);
    await expect.poll(() => page.getByText('Cette page est vide.').isVisible(), { timeout: 15_000 }).toBe(true);
    await page.getByRole('button', { name: 'Revenir à la première page' }).click();
    await expect.poll(() => page.locator('tbody tr').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await page.getByText('Cette page est vide.').count()).toBe(0);
    expect(new URL(page.url()).searchParams.get('page')).toBeNull();
  });

  it('shows "Restaurant non trouvé" for an unknown restaurant', async () => {
    const page = await newAdminPage(PHONE);
    await page.goto(`${baseUrl}/admin/restaurants/00000000-0000-4000-8000-000000000000`);
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Restaurant non trouvé' }).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await saveScreenshot(page, 'admin-detail-not-found-phone');
  });

  it('adds an administrator by email, tags oneself, removes after confirmation', async () => {
    const someone = await signUpRestaurant('collegue');
    for (const [name, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
      const page = await newAdminPage(viewport);
      await page.goto(`${baseUrl}/admin/admins`);
      const field = page.getByLabel('Email de l’utilisateur');
      await expect.poll(() => field.isVisible(), { timeout: 15_000 }).toBe(true);
      await page.getByRole('button', { name: 'Ajouter' }).click();
      await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Veuillez entrer un email' }).count()).toBeGreaterThan(0);
      await field.fill('pas-un-email');
      await page.getByRole('button', { name: 'Ajouter' }).click();
      await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Email invalide' }).count()).toBeGreaterThan(0);
      await field.fill(`inconnu-${randomBytes(3).toString('hex')}@example.fr`);
      await page.getByRole('button', { name: 'Ajouter' }).click();
      await expectToast(page, "Erreur lors de l'ajout");

      await field.fill(someone.email);
      await page.getByRole('button', { name: 'Ajouter' }).click();
      await expectToast(page, 'Admin ajouté avec succès');
      const row = page.locator('li').filter({ hasText: someone.email });
      await expect.poll(() => row.isVisible(), { timeout: 15_000 }).toBe(true);
      const mine = page.locator('li').filter({ hasText: adminAccount.email });
      expect(await mine.getByText('Vous', { exact: true }).isVisible()).toBe(true);
      expect(await mine.getByRole('button').isDisabled()).toBe(true);
      expect(await page.getByRole('heading', { name: /Administrateurs actuels \(\d+\)/ }).isVisible()).toBe(true);
      await saveScreenshot(page, `admin-admins-${name}`);

      await row.getByRole('button', { name: `Retirer ${someone.email}` }).click();
      await saveScreenshot(page, `admin-admins-confirm-${name}`);
      await page.getByRole('alertdialog').getByRole('button', { name: 'Retirer' }).click();
      await expectToast(page, 'Admin supprimé avec succès');
      await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(0);
    }
  });

  it('keeps non-administrators out: an owner goes to /dashboard, a visitor to /auth', async () => {
    const visitor = await browser.newPage(PHONE);
    await visitor.goto(`${baseUrl}/admin`);
    await expect.poll(() => new URL(visitor.url()).pathname, { timeout: 15_000 }).toBe('/auth');

    const owner = await browser.newPage(PHONE);
    const demo = inject('e2eOwner');
    await signIn(owner, baseUrl, demo);
    for (const path of ['/admin', '/admin/restaurants', '/admin/admins']) {
      await owner.goto(`${baseUrl}${path}`);
      await expect.poll(() => withoutVenue(new URL(owner.url()).pathname), { timeout: 15_000 }).toBe('/dashboard');
    }
  });

  it('signs out to /auth, and signing in again in the same tab lands on /admin once more', async () => {
    const page = await newAdminPage(DESKTOP);
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/admin');
    await page.getByRole('button', { name: 'Se déconnecter' }).click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/auth');
    await signIn(page, baseUrl, adminAccount);
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/admin');
  });

  it('renders the admin home and admins page on a phone', async () => {
    const page = await newAdminPage(PHONE);
    await page.goto(`${baseUrl}/admin`);
    await expect.poll(() => page.getByTestId('count-pending').isVisible(), { timeout: 15_000 }).toBe(true);
    await saveScreenshot(page, 'admin-home-phone');
  });
});
