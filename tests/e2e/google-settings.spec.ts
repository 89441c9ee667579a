import { describe, expect, inject, it } from 'vitest';
import { createApprovedRestaurant, signInPage } from './support/accounts';
import { DESKTOP, PHONE, saveScreenshot, useBrowser } from './support/browser';

const browser = useBrowser();
const baseUrl = inject('baseUrl');
const admin = inject('e2eAdmin');

describe('the review link (/google-settings)', () => {
  it('takes a new owner from the dashboard banner to a saved link: the banners go, the to-do is ticked', async () => {
    const account = await createApprovedRestaurant(browser, baseUrl, admin, 'Au Bon Coin');
    const page = await signInPage(browser, baseUrl, PHONE, account);
    await page.goto(`${baseUrl}/dashboard`);
    await page.getByRole('heading', { name: 'Bienvenue Au Bon Coin !' }).waitFor();
    const banner = page.getByTestId('review-link-banner');
    await banner.waitFor();
    expect(await page.getByTestId('todo-list').getByRole('link', { name: /lien d’avis/ }).getAttribute('data-done')).toBe('false');
    await banner.getByRole('link', { name: 'Configurer le lien d’avis' }).click();
    await page.getByRole('heading', { name: 'Lien d’avis public' }).waitFor();
    // The browser tests run without a Google key: manual entry only, and the page says so.
    await page.getByTestId('places-not-configured').waitFor();
    await saveScreenshot(page, 'google-settings-empty-phone');

    const field = page.getByLabel('Lien d’avis Google');
    await field.fill('https://www.tripadvisor.fr/Restaurant');
    await page.getByRole('button', { name: 'Tester' }).click();
    await page.getByText("Lien Google invalide. Utilisez le bouton 'Donner un avis' de votre fiche.").waitFor();
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Lien Google invalide. Corrigez puis réessayez.').waitFor();

    await field.fill(' http://g.page/r/au-bon-coin/review ');
    // No internet here: Google's page is answered locally, the test checks which address the tab opened.
    await page.context().route('https://g.page/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Google</title>' }));
    const popup = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Tester' }).click();
    await page.getByText('Lien reconnu 👍 Ouvrez pour vérifier.').waitFor();
    expect((await popup).url()).toContain('g.page/r/au-bon-coin/review');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Lien enregistré ✅').waitFor();
    await page.getByTestId('review-link-status').getByText(/Lien vérifié le \d{1,2} \p{L}+ \d{4}/u).waitFor();
    expect(await field.inputValue()).toBe('https://g.page/r/au-bon-coin/review');
    await saveScreenshot(page, 'google-settings-saved-phone');

    await page.getByRole('link', { name: 'Retour au tableau de bord' }).click();
    await page.getByRole('heading', { name: 'Bienvenue Au Bon Coin !' }).waitFor();
    await page.getByTestId('todo-list').waitFor();
    expect(await page.getByTestId('review-link-banner').count()).toBe(0);
    expect(await page.getByTestId('todo-list').getByRole('link', { name: /lien d’avis/ }).getAttribute('data-done')).toBe('true');
    await page.goto(`${baseUrl}/qr`);
    await page.getByRole('heading', { name: 'Vos QR codes' }).waitFor();
    await page.getByTestId('qr-card').first().waitFor();
    expect(await page.getByRole('link', { name: 'Configurer le lien d’avis' }).count()).toBe(0);
  });

  it('offers the review link after a low rating once the owner switches it on, and removes the link after confirmation', async () => {
    const account = await createApprovedRestaurant(browser, baseUrl, admin, 'Le Franc Jeu');
    const page = await signInPage(browser, baseUrl, DESKTOP, account);
    await page.goto(`${baseUrl}/google-settings`);
    await page.getByLabel('Lien d’avis Google').fill('https://search.google.com/local/writereview?placeid=ChIJfranc');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Lien enregistré ✅').waitFor();
    const toggle = page.getByRole('switch', { name: 'Proposer l’avis public à tous les clients' });
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    await saveScreenshot(page, 'google-settings-desktop');

    // A diner on another phone gives 2 stars: the apology, then the review link.
    const diner = await browser.newPage(PHONE);
    await diner.goto(`${baseUrl}/f/${account.restaurantId}`);
    await diner.getByRole('radio', { name: '2 étoiles' }).click();
    await diner.getByRole('button', { name: 'Envoyer mon avis' }).click();
    const review = diner.getByRole('link', { name: 'Laisser un avis Google' });
    await review.waitFor();
    expect(await review.getAttribute('href')).toBe('https://search.google.com/local/writereview?placeid=ChIJfranc');
    await diner.close();

    await page.getByRole('button', { name: 'Retirer le lien' }).click();
    await page.getByRole('alertdialog', { name: 'Retirer le lien d’avis ?' }).getByRole('button', { name: 'Retirer' }).click();
    await page.getByText('Lien retiré.').waitFor();
    await page.getByTestId('review-link-status').getByText('Aucun lien pour le moment', { exact: false }).waitFor();
  });
});
