import { randomBytes } from 'node:crypto';
import { withoutVenue } from '../../src/shared/venue';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { adminAction as adminActionAs, signIn, signUpConfirmed } from './support/accounts';
import { confirmEmailWithSignUpPassword } from './support/confirm-email';
import { DESKTOP, PHONE, saveScreenshot, useBrowser } from './support/browser';
import { linkIn as linkInMail, readMailbox as readOutbox, waitForMail as waitForOutboxMail, type Mail } from './support/mailbox';
import { followOwnerMenu } from './support/owner-pages';

const browser = useBrowser();
const baseUrl = inject('baseUrl');
const owner = inject('e2eOwner');
const admin = inject('e2eAdmin');
const newcomer = inject('e2eNewcomer');
const PASSWORD = 'Motdepasse-solide-42';

/** Polls with a budget that survives a busy 2-core machine (the default is one second). */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000, interval: 100 });

const uniqueEmail = (prefix: string) => `${prefix}-${randomBytes(4).toString('hex')}@example.fr`;

/** Waits for a mail to `to` with this subject (the newest) in the dev outbox. */
const waitForMail = (to: string, subject: string) => waitForOutboxMail(baseUrl, to, subject);

/** The mail's link to this app path (`/login`, `/api/auth/verify-email`…). */
const linkIn = (mail: Mail, prefix: string) => linkInMail(mail, `${baseUrl}${prefix}`);

/** Signs a restaurant up through the API and confirms its email (the owner can then sign in). */
async function signUpRestaurant(name: string): Promise<{ email: string; restaurantId: string }> {
  const email = uniqueEmail('resto');
  const { restaurantId } = await signUpConfirmed(baseUrl, { restaurantName: name, email, password: PASSWORD, firstName: 'Léa', phone: '0612345678' });
  return { email, restaurantId };
}

/** Runs an administrator action through the admin API. */
const adminAction = (restaurantId: string, action: 'approve' | 'reject' | 'suspend', body: object = {}) => adminActionAs(baseUrl, admin, restaurantId, action, body);

/** The page's path without its venue (`/v/{id}/dashboard` → `/dashboard`; decision 056). */
const pathname = (page: Page) => withoutVenue(new URL(page.url()).pathname);

describe('sign-up', () => {
  it('shows only the first error, then creates the account and goes to /pending', async () => {
    for (const [size, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
      const page = await browser.newPage(viewport);
      await page.goto(`${baseUrl}/signup`);
      await poll(() => page.getByRole('heading', { name: 'Créer mon espace restaurant' }).count()).toBe(1);
      await saveScreenshot(page, `accounts-signup-${size}`);
      await page.getByRole('button', { name: 'Créer mon compte' }).click();
      await poll(() => page.getByText('Erreur de validation').count()).toBe(1);
      await poll(() => page.getByText('Le nom du restaurant doit contenir au moins 2 caractères').count()).toBe(1);
      expect(await page.getByText('Le SIREN doit contenir exactement 9 chiffres').count()).toBe(0);
      if (size === 'phone') await saveScreenshot(page, 'accounts-signup-error-phone');

      const email = uniqueEmail(`signup-${size}`);
      await page.getByLabel('Nom du restaurant').fill('Le Petit Zinc');
      await page.getByLabel('SIREN').fill('5521005541234');
      expect(await page.getByLabel('SIREN').inputValue()).toBe('552100554');
      await page.getByLabel('Prénom').fill('Camille');
      await page.getByLabel('Nom', { exact: true }).fill('Durand');
      await page.getByLabel('Email professionnel').fill(email);
      await page.getByLabel('Téléphone').fill('06 12 34 56 78');
      await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
      await page.getByLabel('Confirmer le mot de passe').fill(PASSWORD);
      await page.getByLabel('J’accepte les conditions générales d’utilisation').check();
      expect(await page.getByRole('link', { name: 'conditions générales d’utilisation' }).getAttribute('href')).toBe('/terms');
      await page.getByRole('button', { name: 'Créer mon compte' }).click();
      await poll(() => page.getByText('Compte créé. Nous vérifions vos informations.').count()).toBe(1);
      await poll(() => pathname(page)).toBe('/pending');
      await poll(() => page.getByText('Confirmez votre adresse email').count()).toBe(1);
      expect(await page.getByText(/valide votre compte sous 24 heures \(jours ouvrés\)/).count()).toBe(1);
      await saveScreenshot(page, `accounts-pending-signed-up-${size}`);
      // The welcome mail follows the confirmation of the address, never before it.
      const verification = await waitForMail(email, 'Confirmez votre adresse email');
      await confirmEmailWithSignUpPassword(baseUrl, linkIn(verification, '/api/auth/verify-email'), PASSWORD);
      await waitForMail(email, 'Bienvenue sur ReFeed !');
    }
  });

  it('attack: sign-up as an account oracle — a taken email gets the same screen as a fresh one, and its owner an email', async () => {
    const page = await browser.newPage(PHONE);
    await page.goto(`${baseUrl}/signup`);
    await page.getByLabel('Nom du restaurant').fill('Doublon');
    await page.getByLabel('SIREN').fill('552100554');
    await page.getByLabel('Prénom').fill('Camille');
    await page.getByLabel('Nom', { exact: true }).fill('Durand');
    await page.getByLabel('Email professionnel').fill(owner.email);
    await page.getByLabel('Téléphone').fill('0612345678');
    await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirmer le mot de passe').fill(PASSWORD);
    await page.getByLabel('J’accepte les conditions générales d’utilisation').check();
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    await poll(() => page.getByText('Compte créé. Nous vérifions vos informations.').count()).toBe(1);
    await poll(() => pathname(page)).toBe('/pending');
    expect(await page.getByText("Erreur lors de l'inscription").count()).toBe(0);
    const notice = await waitForMail(owner.email, 'Tentative d’inscription avec votre adresse email');
    expect(linkIn(notice, '/login')).toBe(`${baseUrl}/login`);
  });

  it('keeps the sign-up password: confirm with it, close the tab, sign in with it elsewhere → /pending', async () => {
    const email = uniqueEmail('keeps');
    const signUpPage = await browser.newPage(PHONE);
    await signUpPage.goto(`${baseUrl}/signup`);
    await signUpPage.getByLabel('Nom du restaurant').fill('Le Mot Gardé');
    await signUpPage.getByLabel('SIREN').fill('552100554');
    await signUpPage.getByLabel('Prénom').fill('Camille');
    await signUpPage.getByLabel('Nom', { exact: true }).fill('Durand');
    await signUpPage.getByLabel('Email professionnel').fill(email);
    await signUpPage.getByLabel('Téléphone').fill('0612345678');
    await signUpPage.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
    await signUpPage.getByLabel('Confirmer le mot de passe').fill(PASSWORD);
    await signUpPage.getByLabel('J’accepte les conditions générales d’utilisation').check();
    await signUpPage.getByRole('button', { name: 'Créer mon compte' }).click();
    await poll(() => pathname(signUpPage)).toBe('/pending');
    await signUpPage.close();

    // The mailbox: the link opens the confirmation page, which asks for the sign-up password.
    const verification = await waitForMail(email, 'Confirmez votre adresse email');
    const confirmPage = await browser.newPage(PHONE);
    await confirmPage.goto(linkIn(verification, '/api/auth/verify-email'));
    await poll(() => pathname(confirmPage)).toBe('/confirm-email');
    await poll(() => confirmPage.getByRole('heading', { name: 'Confirmez votre adresse email' }).count()).toBe(1);
    await saveScreenshot(confirmPage, 'accounts-confirm-email-phone');
    await confirmPage.getByLabel('Mot de passe choisi à l’inscription').fill('Pas-le-bon-secret-1');
    await confirmPage.getByRole('button', { name: 'Confirmer mon email' }).click();
    await poll(() => confirmPage.getByText('Ce n’est pas le mot de passe choisi à l’inscription.').count()).toBe(1);
    await confirmPage.getByLabel('Mot de passe choisi à l’inscription').fill(PASSWORD);
    await confirmPage.getByRole('button', { name: 'Confirmer mon email' }).click();
    await poll(() => confirmPage.getByText('Email confirmé !').count()).toBe(1);
    await poll(() => pathname(confirmPage)).toBe('/pending');
    await waitForMail(email, 'Bienvenue sur ReFeed !');
    // The tab is closed; later, in another browser context, the sign-up password works.
    await confirmPage.close();
    const later = await browser.newPage(DESKTOP);
    await signIn(later, baseUrl, { email: email, password: PASSWORD });
    await poll(() => later.getByText('Connexion réussie !').count()).toBe(1);
    await poll(() => pathname(later)).toBe('/pending');
  });
});

describe('sign-in', () => {
  it('signs an approved owner in with a password and lands on /dashboard with the header', async () => {
    for (const [size, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
      const page = await browser.newPage(viewport);
      await page.goto(`${baseUrl}/login`);
      await poll(() => page.getByRole('heading', { name: 'Bienvenue sur ReFeed' }).count()).toBe(1);
      await saveScreenshot(page, `accounts-login-${size}`);
      await signIn(page, baseUrl, owner);
      await poll(() => page.getByText('Connexion réussie !').count()).toBe(1);
      await poll(() => pathname(page)).toBe('/dashboard');
      await poll(() => page.getByTestId('owner-restaurant-name').textContent()).toBe('Chez Demo');
      expect(await page.getByTestId('owner-role').textContent()).toBe('Propriétaire');
      await saveScreenshot(page, `accounts-dashboard-${size}`);
      if (size === 'desktop') {
        await page.getByRole('button', { name: 'Se déconnecter' }).click();
        await poll(() => pathname(page)).toBe('/auth');
        await saveScreenshot(page, 'accounts-auth-desktop');
        await page.goto(`${baseUrl}/loyalty`);
        await poll(() => pathname(page)).toBe('/login');
      }
    }
  });

  it('shows the login messages for a wrong password and an invalid email', async () => {
    const page = await browser.newPage(PHONE);
    await signIn(page, baseUrl, { email: owner.email, password: 'Pas-le-bon-mot-2-passe' }, { waitUntilSignedIn: false });
    await poll(() => page.getByText('Erreur de connexion').count()).toBe(1);
    expect(await page.getByText('Email ou mot de passe incorrect.').count()).toBe(1);
    await page.getByLabel('Email', { exact: true }).fill('pas-un-email');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await poll(() => page.getByText('Email invalide').count()).toBe(1);
  });

  it('signs in with a magic link read from the outbox; an administrator lands on /admin', async () => {
    const page = await browser.newPage(PHONE);
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('Email professionnel').fill(owner.email);
    // Hold the request a moment to see the sending state: label changed, field disabled.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/sign-in/magic-link', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Envoyer le lien magique' }).click();
    await poll(() => page.getByRole('button', { name: 'Envoi du lien...' }).count()).toBe(1);
    expect(await page.getByLabel('Email professionnel').isDisabled()).toBe(true);
    release();
    await poll(() => page.getByText('Nous vous avons envoyé un lien magique pour vous connecter').count()).toBeGreaterThan(0);
    await saveScreenshot(page, 'accounts-magic-link-sent-phone');
    const mail = await waitForMail(owner.email, 'Votre lien de connexion ReFeed');
    await page.goto(linkIn(mail, '/api/auth/magic-link/verify'));
    await poll(() => page.getByTestId('owner-restaurant-name').textContent()).toBe('Chez Demo');
    expect(pathname(page)).toBe('/dashboard');
    expect(new URL(page.url()).search).toBe('');

    // Used twice: refused.
    const other = await browser.newPage(PHONE);
    await other.goto(linkIn(mail, '/api/auth/magic-link/verify'));
    await poll(() => other.getByText('Lien invalide ou expiré').count()).toBe(1);
    expect(pathname(other)).toBe('/login');

    const adminPage = await browser.newPage(DESKTOP);
    await adminPage.goto(`${baseUrl}/login`);
    await adminPage.getByLabel('Email professionnel').fill(admin.email);
    await adminPage.getByRole('button', { name: 'Envoyer le lien magique' }).click();
    await poll(() => adminPage.getByText('Consultez votre email !').count()).toBeGreaterThan(0);
    await adminPage.goto(linkIn(await waitForMail(admin.email, 'Votre lien de connexion ReFeed'), '/api/auth/magic-link/verify'));
    await poll(() => pathname(adminPage)).toBe('/admin');
  });
});

describe('password recovery', () => {
  it('forgot → reset → sign in with the new password', async () => {
    const { email } = await signUpRestaurant('Resto Oublieux');
    const page = await browser.newPage(PHONE);
    await page.goto(`${baseUrl}/forgot-password`);
    await poll(() => page.getByRole('heading', { name: 'Mot de passe oublié' }).count()).toBe(1);
    await saveScreenshot(page, 'accounts-forgot-phone');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Envoyer le lien' }).click();
    await poll(() => page.getByText(/Si un compte existe avec cet email, vous recevrez un lien/).count()).toBe(1);

    const mail = await waitForMail(email, 'Réinitialisez votre mot de passe ReFeed');
    await page.goto(linkIn(mail, '/api/auth/reset-password/'));
    await poll(() => pathname(page)).toBe('/reset-password');
    expect(new URL(page.url()).searchParams.get('type')).toBe('recovery');
    await saveScreenshot(page, 'accounts-reset-phone');
    const newPassword = 'Nouveau-mot-de-passe-7';
    await page.getByLabel('Nouveau mot de passe').fill(newPassword);
    await page.getByLabel('Confirmer le mot de passe').fill(newPassword);
    await page.getByRole('button', { name: 'Réinitialiser le mot de passe' }).click();
    await poll(() => page.getByText('Mot de passe réinitialisé !').count()).toBe(1);
    await poll(() => pathname(page)).toBe('/login');

    await signIn(page, baseUrl, { email: email, password: newPassword });
    await poll(() => page.getByText('Connexion réussie !').count()).toBe(1);
    await poll(() => pathname(page)).toBe('/pending');
    await poll(() => page.getByText('Resto Oublieux').count()).toBe(1);
    await saveScreenshot(page, 'accounts-pending-phone');
  });

  it('sends any page with a recovery marker to /reset-password keeping query and fragment', async () => {
    const page = await browser.newPage(PHONE);
    await page.goto(`${baseUrl}/terms?type=recovery&token=abc#section`);
    await poll(() => pathname(page)).toBe('/reset-password');
    const url = new URL(page.url());
    expect(url.search).toBe('?type=recovery&token=abc');
    expect(url.hash).toBe('#section');
  });

  it('refuses a reset page without a token and a set-password page without a token', async () => {
    const page = await browser.newPage(PHONE);
    await page.goto(`${baseUrl}/reset-password`);
    await poll(() => page.getByText('Lien invalide ou expiré').count()).toBe(1);
    await poll(() => pathname(page)).toBe('/login');
    await page.goto(`${baseUrl}/set-password`);
    await poll(() => page.getByText('Session invalide').count()).toBe(1);
    await poll(() => pathname(page)).toBe('/login');
  });
});

describe('the owner gate screens', () => {
  it('sends a pending restaurant to /pending', async () => {
    const { email } = await signUpRestaurant('Resto En Attente');
    const page = await browser.newPage(PHONE);
    await signIn(page, baseUrl, { email: email, password: PASSWORD });
    await poll(() => pathname(page)).toBe('/pending');
    await page.goto(`${baseUrl}/dashboard`);
    await poll(() => pathname(page)).toBe('/pending');
  });

  it('shows "Demande refusée" with the reason', async () => {
    const { email, restaurantId } = await signUpRestaurant('Resto Refusé');
    await adminAction(restaurantId, 'reject', { reason: 'Le SIREN ne correspond à aucun restaurant.' });
    const page = await browser.newPage(PHONE);
    await signIn(page, baseUrl, { email: email, password: PASSWORD });
    await poll(() => page.getByRole('heading', { name: 'Demande refusée' }).count()).toBe(1);
    expect(await page.getByText('Le SIREN ne correspond à aucun restaurant.').count()).toBe(1);
    await saveScreenshot(page, 'accounts-gate-rejected-phone');
  });

  it('shows "Compte suspendu" with the reason and the support contact', async () => {
    const { email, restaurantId } = await signUpRestaurant('Resto Suspendu');
    await adminAction(restaurantId, 'approve');
    await adminAction(restaurantId, 'suspend', { reason: 'Impayés répétés depuis deux mois.' });
    for (const [size, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
      const page = await browser.newPage(viewport);
      await signIn(page, baseUrl, { email: email, password: PASSWORD });
      await poll(() => page.getByRole('heading', { name: 'Compte suspendu' }).count()).toBe(1);
      expect(await page.getByText('Impayés répétés depuis deux mois.').count()).toBe(1);
      expect(await page.getByRole('link', { name: 'support@refeed.fr' }).getAttribute('href')).toBe('mailto:support@refeed.fr');
      await saveScreenshot(page, `accounts-gate-suspended-${size}`);
    }
  });

  it('shows "Email non vérifié" with a resend button', async () => {
    const page = await browser.newPage(PHONE);
    // No product flow signs in an unconfirmed user (magic links confirm the email): the screen is
    // checked with the API's answer for that state.
    await page.route('**/api/me', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          user: { id: 'u1', email: 'pas-confirme@example.fr', name: 'X', emailVerified: false },
          isAdmin: false,
          gate: 'email-not-verified',
          supportEmail: 'support@refeed.fr',
          restaurants: [{ id: 'r1', name: 'Resto', status: 'approved', role: 'owner', emailVerified: false, rejectionReason: null, suspensionReason: null }],
        }),
      }),
    );
    let resent = false;
    await page.route('**/api/me/resend-verification', (route) => {
      resent = true;
      return route.fulfill({ contentType: 'application/json', body: '{"ok":true}' });
    });
    await page.goto(`${baseUrl}/customers`);
    await poll(() => page.getByRole('heading', { name: 'Email non vérifié' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Renvoyer l’email de confirmation' }).click();
    await poll(() => resent).toBe(true);
    await poll(() => page.getByText('Email envoyé').count()).toBe(1);
    await saveScreenshot(page, 'accounts-gate-email-phone');
  });
});

describe('the pending page', () => {
  it('sends a visitor without a session to /auth and an approved owner to /dashboard', async () => {
    const visitor = await browser.newPage(PHONE);
    await visitor.goto(`${baseUrl}/pending`);
    await poll(() => pathname(visitor)).toBe('/auth');
    await poll(() => visitor.getByRole('link', { name: 'Se connecter' }).count()).toBe(1);

    const page = await browser.newPage(PHONE);
    await signIn(page, baseUrl, owner);
    await poll(() => pathname(page)).toBe('/dashboard');
    await page.goto(`${baseUrl}/pending`);
    await poll(() => pathname(page)).toBe('/dashboard');
    await poll(() => page.getByTestId('owner-restaurant-name').textContent()).toBe('Chez Demo');
  });

  it('says so and offers to retry when the account cannot be loaded', async () => {
    const page = await browser.newPage(PHONE);
    let failing = true;
    await page.route('**/api/me', (route) =>
      failing ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"INTERNAL","message":"x"}}' }) : route.continue(),
    );
    await page.goto(`${baseUrl}/pending`);
    await poll(() => page.getByRole('heading', { name: 'Impossible de charger votre espace' }).count()).toBe(1);
    failing = false;
    await page.getByRole('button', { name: 'Réessayer' }).click();
    await poll(() => pathname(page)).toBe('/auth');
  });
});

describe('onboarding and route memory', () => {
  it('sends no magic link to an address without an account, with the same answer on screen', async () => {
    const stranger = uniqueEmail('stranger');
    const page = await browser.newPage(PHONE);
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('Email professionnel').fill(stranger);
    await page.getByRole('button', { name: 'Envoyer le lien magique' }).click();
    await poll(() => page.getByText('Nous vous avons envoyé un lien magique pour vous connecter').count()).toBeGreaterThan(0);
    // The request decided before answering: a known address asked after it gets its mail, the stranger none.
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('Email professionnel').fill(owner.email);
    const before = (await readOutbox(baseUrl, owner.email)).length;
    await page.getByRole('button', { name: 'Envoyer le lien magique' }).click();
    await expect.poll(async () => (await readOutbox(baseUrl, owner.email)).length, { timeout: 20_000, interval: 200 }).toBe(before + 1);
    expect(await readOutbox(baseUrl, stranger)).toEqual([]);
  });

  it('creates a restaurant for a magic-link newcomer, shows the QR, then the gate shows /pending', async () => {
    const email = newcomer.email;
    const page = await browser.newPage(PHONE);
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('Email professionnel').fill(email);
    await page.getByRole('button', { name: 'Envoyer le lien magique' }).click();
    await page.goto(linkIn(await waitForMail(email, 'Votre lien de connexion ReFeed'), '/api/auth/magic-link/verify'));
    // An account without a restaurant is offered the wizard (a magic link no longer creates accounts).
    await page.getByRole('link', { name: 'Créer mon restaurant' }).click();
    await poll(() => pathname(page)).toBe('/onboarding');
    await poll(() => page.getByLabel('Email du responsable').inputValue()).toBe(email);
    await saveScreenshot(page, 'accounts-onboarding-step1-phone');
    await page.getByLabel('Nom du restaurant').fill('Chez Nouveau');
    // No logo URL in the wizard (logos will be uploaded files); the review link follows the review-link rule.
    expect(await page.getByLabel('URL du logo (facultatif)').count()).toBe(0);
    await page.getByLabel('Lien d’avis (facultatif)').fill('https://evil.example/phish');
    await page.getByRole('button', { name: 'Créer mon restaurant' }).click();
    await poll(() => page.getByText('Lien Google invalide. Corrigez puis réessayez.').count()).toBe(1);
    await page.getByLabel('Lien d’avis (facultatif)').fill('https://g.page/r/chez-nouveau/review');
    await page.getByRole('button', { name: 'Créer mon restaurant' }).click();
    await poll(() => page.getByText('Restaurant créé ! Votre demande est en cours de validation.').count()).toBe(1);
    await poll(() => page.getByRole('heading', { name: 'Votre QR est prêt' }).count()).toBe(1);
    expect(await page.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    expect(await page.getByAltText('QR code principal de votre restaurant').getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    await saveScreenshot(page, 'accounts-onboarding-step2-phone');
    await page.getByRole('link', { name: 'Accéder au tableau de bord' }).click();
    await poll(() => pathname(page)).toBe('/pending');
  });

  it('brings the user back to the stored route when the window regains focus on /', async () => {
    const page = await browser.newPage(DESKTOP);
    await signIn(page, baseUrl, owner);
    await poll(() => pathname(page)).toBe('/dashboard');
    await followOwnerMenu(page, 'Clients');
    await poll(() => pathname(page)).toBe('/customers');
    await page.getByPlaceholder('Rechercher des clients...').waitFor();
    await poll(async () => withoutVenue((await page.evaluate(() => window.sessionStorage.getItem('refeed.route'))) ?? '')).toBe('/customers');
    await page.goto(`${baseUrl}/`);
    // The page needs its session before it listens; focus again until it does.
    await poll(async () => {
      await page.evaluate(() => window.dispatchEvent(new Event('focus')));
      return pathname(page);
    }).toBe('/customers');
  });
});
